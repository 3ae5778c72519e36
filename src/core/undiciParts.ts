// The parts of undici the client uses — a keep-alive Pool, the RetryAgent in front of it and
// the promise-returning request() — loaded from undici's own files rather than its index, which
// loads everything else undici has (fetch, WebSocket, EventSource, caches, mocks, proxies: about
// 60 % of its code) into every bundle that sends a request and into every start of one.
import Pool from 'undici/lib/dispatcher/pool';
import RetryAgent from 'undici/lib/dispatcher/retry-agent';
import apiRequest from 'undici/lib/api/api-request';
import type { Dispatcher } from 'undici';

export { Pool, RetryAgent };

/** `dispatcher.request(options)`: undici's index adds it to every dispatcher; without the index, called here. */
export function requestThrough<TOpaque>(dispatcher: Dispatcher, options: Dispatcher.RequestOptions<TOpaque>): Promise<Dispatcher.ResponseData<TOpaque>> {
  return apiRequest.call<Dispatcher, [Dispatcher.RequestOptions<TOpaque>], Promise<Dispatcher.ResponseData<TOpaque>>>(dispatcher, options);
}
