// Cross-origin access (CORS) for the one gateway call a web page makes itself: the JavaScript SDK
// stand-in tokenizing the card (POST /rest/v2/mobilejwt/manual with the `public-key` header) from a
// checkout on another origin. Every other path stays as it was: no CORS headers, so a page cannot
// read any other answer (the rest are server-to-server calls with the api-key). docs/sandbox.md,
// "JavaScript SDK stand-in".

import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireOperation } from '../../catalog';

interface BrowserCall { path: string; method: string; headers: string }

/** The calls by operation id, with the request headers they send past the CORS-safelisted ones. */
const BROWSER_CALLS: ReadonlyMap<string, BrowserCall> = new Map(
  [{ operationId: 'mobile.manualToken', headers: ['content-type', 'public-key'] }].map(({ operationId, headers }) => {
    const op = requireOperation(operationId);
    return [op.path, { path: op.path, method: op.method, headers: headers.join(', ') }];
  }),
);

// How long a browser may reuse a preflight's answer (seconds).
const PREFLIGHT_MAX_AGE = '600';

/**
 * Adds the CORS answer headers on a path a page calls, and answers its preflight itself; true when
 * the request is answered (a preflight), false when the gateway goes on to serve it.
 * `*`, not the page's origin: the call carries no cookies or credentials, and the public key is
 * public. No `Access-Control-Allow-Private-Network`: the sandbox does not opt in to Private Network
 * Access, so a browser that enforces it keeps public web sites from calling the developer's sandbox.
 */
export function browserAccess(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const call = BROWSER_CALLS.get(pathname);
  if (!call) return false;
  res.setHeader('access-control-allow-origin', '*');
  const preflight = req.method === 'OPTIONS' && req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;
  if (!preflight) return false;
  res.writeHead(204, {
    'access-control-allow-methods': call.method,
    'access-control-allow-headers': call.headers,
    'access-control-max-age': PREFLIGHT_MAX_AGE,
  });
  res.end();
  return true;
}
