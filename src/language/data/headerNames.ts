// Request headers offered by completion. Auth headers (api-key, AccessKey, MerchantId,
// Authorization) are deliberately absent: Gateway Workbench adds them at send time.

export interface HeaderInfo {
  name: string;
  doc: string;
  /** Values to offer after the colon; `mediaTypes` means "the operation's body/response formats". */
  values?: 'mediaTypes' | readonly string[];
}

export const HEADER_NAMES: readonly HeaderInfo[] = [
  { name: 'Content-Type', values: 'mediaTypes', doc: 'Format of the request body: application/json or application/xml, as the operation accepts.' },
  { name: 'Accept', values: 'mediaTypes', doc: 'Format the response should come back in.' },
  { name: 'Accept-Encoding', values: ['gzip', 'identity'], doc: 'Compression the client accepts for the response.' },
  { name: 'Cache-Control', values: ['no-cache'], doc: 'Caching directives; the gateway does not cache, proxies might.' },
  { name: 'User-Agent', doc: 'Name and version of the calling application.' },
  { name: 'X-Request-Id', doc: 'Your own correlation id, shown in logs on your side.' },
];

