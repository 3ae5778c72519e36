// Serves the JavaScript SDK stand-in (js-sdk/clearent-host.js beside this file, and beside the
// bundle in dist/) where web checkouts load the gateway's script from: GET
// /js-sdk/js/clearent-host.js on the gateway's host, with no key (a page loads it with a script tag).
// What the stand-in does and why: docs/sandbox.md, "JavaScript SDK stand-in".

import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as path from 'node:path';

export const HOST_SCRIPT_PATH = '/js-sdk/js/clearent-host.js';

/** In the sources beside this module; the build copies it beside the bundles (scripts/build.mjs). */
const ASSET = path.join(__dirname, 'js-sdk', 'clearent-host.js');

let script: Buffer | undefined;

function hostScript(): Buffer | undefined {
  if (script) return script;
  try {
    script = readFileSync(ASSET);
  } catch {
    return undefined;
  }
  return script;
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** Answers a request for the stand-in script: GET and HEAD only. */
export function serveHostScript(req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    plain(res, 405, `Method ${method} is not allowed on ${HOST_SCRIPT_PATH}: use GET.`, { allow: 'GET, HEAD' });
    return;
  }
  const body = hostScript();
  if (!body) {
    plain(res, 404, `The JavaScript SDK stand-in is not part of this build (${ASSET} is missing): rebuild with "npm run build".`);
    return;
  }
  res.writeHead(200, {
    'content-type': 'application/javascript; charset=utf-8',
    'content-length': String(body.length),
    // A rebuilt sandbox may serve a new script on the same port: pages check each time.
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    // Loadable from any page, also with crossorigin/integrity attributes or under COEP.
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  });
  res.end(method === 'HEAD' ? undefined : body);
}
