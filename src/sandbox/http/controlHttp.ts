// `/__sandbox/...`: the control surface over HTTP on the sandbox's own port. No auth, so it
// answers loopback callers only, addressed by a loopback name, and not web pages.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { mediaFormat } from './bodyDecoder';
import type { SandboxControl } from '../control';
import type { LiveSandbox } from '../liveSandbox';
import { SeedError } from '../seeds/seedDocument';
import { CONTROL_PREFIX, type ControlActionName } from '../../catalog/localSandbox/control';

type ControlAction = (body: Record<string, unknown>, control: SandboxControl, live: LiveSandbox) => unknown;

function clockView(control: SandboxControl, live: LiveSandbox): unknown {
  return { now: control.now().toISOString(), timeZone: live.clock.timeZone, offsetMs: live.clock.offsetMs };
}

function advance(body: Record<string, unknown>, control: SandboxControl, live: LiveSandbox): unknown {
  if (typeof body.ms === 'number') control.advanceClock(body.ms);
  else if (typeof body.to === 'string') control.advanceTo(new Date(body.to));
  else if (body.next === 'ach-window') control.advanceToNextAchWindow();
  else throw new RangeError('Give {"ms": <milliseconds>}, {"to": "<ISO 8601 time>"} or {"next": "ach-window"}.');
  return clockView(control, live);
}

// Keyed by the catalog's list: an action missing here, or one it does not name, fails to compile.
const routes: Record<ControlActionName, ControlAction> = {
  'GET clock': (_b, c, r) => clockView(c, r),
  'POST clock/advance': advance,
  'POST faults': (b, c) => ({ faultsLeft: c.injectFaults((Array.isArray(b.faults) ? b.faults : b) as never) }),
  'POST reset': (_b, c) => {
    c.reset();
    return { reset: true };
  },
  'GET stats': (_b, c) => c.stats(),
  'POST chaos': (b, c) => c.setChaos(b as never),
  'GET chaos': (_b, c) => c.chaos(),
  'DELETE chaos': (_b, c) => c.clearChaos(),
  'GET coverage': (_b, c) => c.coverage(),
  'POST keys': (b, c) => {
    const scope = (b.scope ?? 'read') as 'read' | 'full';
    return { apiKey: c.mintKey(scope), scope };
  },
  'GET snapshot': (_b, c) => c.snapshot(),
  'POST seed': (b, c) => {
    c.loadSeed(b);
    return { seeded: true };
  },
};

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `127.0.0.1:4010` or `localhost` yes; `evil.example:4010` (a rebinding page's Host) no. */
function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return LOOPBACK_NAMES.has(name.toLowerCase());
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.host);
  } catch {
    return false;
  }
}

/**
 * Why a control request is refused, or undefined. A web page in the developer's browser can
 * reach 127.0.0.1 too: its requests carry its Origin, a rebinding page's carry its own Host,
 * and only a page's preflighted requests may send `application/json`.
 */
function refusal(req: IncomingMessage): { status: number; error: string } | undefined {
  if (!isLoopback(req.socket.remoteAddress)) return { status: 403, error: 'The sandbox control surface answers loopback callers only.' };
  if (!isLoopbackHost(req.headers.host)) {
    return { status: 403, error: `The sandbox control surface answers requests addressed to 127.0.0.1 or localhost only, not Host ${JSON.stringify(req.headers.host ?? '')}.` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    return { status: 403, error: `The sandbox control surface refuses requests from web pages (Origin ${origin}).` };
  }
  // DELETE, like a JSON body, is never sent cross-site without a preflight, so it needs no type.
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'DELETE' && mediaFormat(req.headers['content-type']) !== 'json') {
    return { status: 415, error: `Control requests that change something must be sent with Content-Type: application/json (even with an empty body), not ${JSON.stringify(req.headers['content-type'] ?? '(none)')}.` };
  }
  return undefined;
}

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
}

export async function handleControl(req: IncomingMessage, res: ServerResponse, pathname: string, raw: Buffer,
  control: SandboxControl, live: LiveSandbox): Promise<void> {
  const refused = refusal(req);
  if (refused) {
    send(res, refused.status, { error: refused.error });
    return;
  }
  const key = `${req.method} ${pathname.slice(CONTROL_PREFIX.length)}`;
  const action = Object.prototype.hasOwnProperty.call(routes, key) ? routes[key as ControlActionName] : undefined;
  if (!action) {
    send(res, 404, { error: `No control action "${key}". Known: ${Object.keys(routes).join(', ')} (under ${CONTROL_PREFIX}).` });
    return;
  }
  let body: Record<string, unknown> = {};
  const text = raw.toString('utf8').trim();
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null) throw new Error('expected a JSON object');
      body = parsed as Record<string, unknown>;
    } catch (e) {
      send(res, 400, { error: `The control request body is not a JSON object: ${(e as Error).message}.` });
      return;
    }
  }
  let answer: unknown;
  try {
    answer = action(body, control, live);
  } catch (e) {
    send(res, 400, { error: (e as Error).message, ...(e instanceof SeedError ? { path: e.path } : {}) });
    return;
  }
  try {
    await live.persist();
  } catch (e) {
    send(res, 500, { error: `${(e as Error).message} The change was made but may not survive a restart of the Local sandbox.` });
    return;
  }
  send(res, 200, answer);
}
