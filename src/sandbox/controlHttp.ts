// `/__sandbox/...`: the control surface over HTTP on the sandbox's own port. No auth, so it
// answers loopback callers only.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxControl } from './control';
import type { SandboxRuntime } from './sandboxRuntime';

export const CONTROL_PREFIX = '/__sandbox/';

type ControlAction = (body: Record<string, unknown>, control: SandboxControl, runtime: SandboxRuntime) => unknown;

function clockView(control: SandboxControl, runtime: SandboxRuntime): unknown {
  return { now: control.now().toISOString(), timeZone: runtime.clock.timeZone, offsetMs: runtime.clock.offsetMs };
}

function advance(body: Record<string, unknown>, control: SandboxControl, runtime: SandboxRuntime): unknown {
  if (typeof body.ms === 'number') control.advanceClock(body.ms);
  else if (typeof body.to === 'string') control.advanceTo(new Date(body.to));
  else if (body.next === 'ach-window') control.advanceToNextAchWindow();
  else throw new RangeError('Give {"ms": <milliseconds>}, {"to": "<ISO 8601 time>"} or {"next": "ach-window"}.');
  return clockView(control, runtime);
}

const routes: Record<string, ControlAction> = {
  'GET clock': (_b, c, r) => clockView(c, r),
  'POST clock/advance': advance,
  'POST faults': (b, c) => ({ faultsLeft: c.injectFaults((Array.isArray(b.faults) ? b.faults : b) as never) }),
  'POST reset': (_b, c) => {
    c.reset();
    return { reset: true };
  },
  'GET stats': (_b, c) => c.stats(),
  'POST keys': (b, c) => {
    const scope = (b.scope ?? 'read') as 'read' | 'full';
    return { apiKey: c.mintKey(scope), scope };
  },
};

/** `METHOD action` pairs the control surface answers, e.g. `POST clock/advance` (the language server knows them). */
export const CONTROL_ACTIONS: readonly string[] = Object.keys(routes);

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
}

export async function handleControl(req: IncomingMessage, res: ServerResponse, pathname: string, raw: Buffer,
  control: SandboxControl, runtime: SandboxRuntime): Promise<void> {
  if (!isLoopback(req.socket.remoteAddress)) {
    send(res, 403, { error: 'The sandbox control surface answers loopback callers only.' });
    return;
  }
  const key = `${req.method} ${pathname.slice(CONTROL_PREFIX.length)}`;
  const action = routes[key];
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
    answer = action(body, control, runtime);
  } catch (e) {
    send(res, 400, { error: (e as Error).message });
    return;
  }
  try {
    await runtime.persist();
  } catch (e) {
    send(res, 500, { error: `${(e as Error).message} The change was made but may not survive a restart of the Local sandbox.` });
    return;
  }
  send(res, 200, answer);
}
