// Types for the three undici files the client loads directly (see undiciParts.ts): they are
// the package's own classes, typed by the package's own declarations.
declare module 'undici/lib/dispatcher/pool' {
  import { Pool } from 'undici';
  export = Pool;
}

declare module 'undici/lib/interceptor/retry' {
  import { interceptors } from 'undici';
  const retry: typeof interceptors.retry;
  export = retry;
}

declare module 'undici/lib/api/api-request' {
  import type { Dispatcher } from 'undici';
  function request<TOpaque = null>(this: Dispatcher, options: Dispatcher.RequestOptions<TOpaque>): Promise<Dispatcher.ResponseData<TOpaque>>;
  export = request;
}
