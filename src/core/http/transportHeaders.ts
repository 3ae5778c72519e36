// Headers that belong to one connection and to how a body is framed (RFC 9110 §7.6.1, and Host,
// Content-Length, Expect): an HTTP client writes them itself. A request file's header of these
// names is not the request's to send: generated code refuses it (Java's HttpClient will not set
// them, the others send two), the proxy does not forward it (undici refuses Expect and the rest),
// and a recorded exchange turned into a request file leaves it out.

export const TRANSPORT_HEADERS: ReadonlySet<string> = new Set([
  'host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'upgrade', 'expect', 'te', 'trailer',
]);
