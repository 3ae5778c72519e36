// The parts of undici the client uses — a keep-alive Pool, the retry interceptor in front of it
// and the promise-returning request() — loaded from undici's own files rather than its index, which
// loads everything else undici has (fetch, WebSocket, EventSource, caches, mocks, proxies: about
// 60 % of its code) into every bundle that sends a request and into every start of one.
import Pool from 'undici/lib/dispatcher/pool';
import retryInterceptor from 'undici/lib/interceptor/retry';
import apiRequest from 'undici/lib/api/api-request';
import type { Dispatcher } from 'undici';

export { Pool, retryInterceptor };

/** `dispatcher.request(options)`: undici's index adds it to every dispatcher; without the index, called here. */
export function requestThrough<TOpaque>(dispatcher: Dispatcher, options: Dispatcher.RequestOptions<TOpaque>): Promise<Dispatcher.ResponseData<TOpaque>> {
  return apiRequest.call<Dispatcher, [Dispatcher.RequestOptions<TOpaque>], Promise<Dispatcher.ResponseData<TOpaque>>>(dispatcher, options);
}
