// Replays public clients' request shapes against a Local sandbox started the way an integrator
// starts it: the CLI in a child process on port 0, talked to over a real socket. By default the
// CLI runs from source (the code `node dist/cli.js` is built from, so a stale build cannot
// pass); CONFORMANCE_CLI=dist runs the built dist/cli.js instead.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { XMLParser } from 'fast-xml-parser';
import { flowById } from './flows';

const ROOT = path.resolve(__dirname, '../..');

export interface SandboxInfo { gatewayUrl: string; boardingUrl: string; apiKey: string; accessKey: string; merchantId: string }

export interface Replayed {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON answer (as PHP's json_decode or Swift's JSONSerialization would see it). */
  json?: any;
  /** Parsed XML answer. */
  xml?: any;
}

export interface Sent {
  headers?: Record<string, string>;
  /** Sent as JSON exactly as given (`JSON.stringify`), Content-Type application/json. */
  json?: unknown;
  /** Sent as written, Content-Type application/xml. */
  xml?: string;
}

const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });

export class ReplaySandbox {
  private constructor(readonly info: SandboxInfo, private readonly child: ChildProcess) {}

  static async start(): Promise<ReplaySandbox> {
    const args = process.env.CONFORMANCE_CLI === 'dist'
      ? [path.join(ROOT, 'dist/cli.js')]
      : ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];
    const child = spawn(process.execPath, [...args, 'sandbox', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout });
    const [first] = await once(lines, 'line') as [string];
    return new ReplaySandbox(JSON.parse(first) as SandboxInfo, child);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }

  /** One request as a client sends it; `base` picks the gateway or the boarding URL. */
  async send(method: string, pathAndQuery: string, sent: Sent = {}, base: 'gateway' | 'boarding' = 'gateway'): Promise<Replayed> {
    const headers: Record<string, string> = { ...sent.headers };
    let body: string | undefined;
    if (sent.json !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(sent.json);
    } else if (sent.xml !== undefined) {
      headers['Content-Type'] ??= 'application/xml';
      body = sent.xml;
    }
    const url = (base === 'gateway' ? this.info.gatewayUrl : this.info.boardingUrl) + pathAndQuery;
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return {
      status: res.status, headers: res.headers, text,
      ...(type.includes('json') && text ? { json: JSON.parse(text) } : {}),
      ...(type.includes('xml') && text ? { xml: xmlParser.parse(text) } : {}),
    };
  }

  /** The sandbox's own control surface (never used by the clients themselves). */
  /** The HPP public key the mobile and web clients send as `public-key` (GET /rest/v2/settings/terminal/hpp). */
  async hppPublicKey(): Promise<string> {
    const r = await this.send('GET', '/rest/v2/settings/terminal/hpp', { headers: { Accept: 'application/json', 'api-key': this.info.apiKey } });
    if (r.status !== 200) throw new Error(`GET /rest/v2/settings/terminal/hpp answered ${r.status}: ${r.text}`);
    return r.json.payload['hpp-settings']['hpp-public-key'];
  }

  async control(method: string, action: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.info.gatewayUrl}/__sandbox/${action}`, {
      // The control surface takes application/json only, even with no body (a web page cannot send it).
      method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  }
}

/** The registered flow's test name: its id and title from the flow table (unknown ids throw). */
export function flowName(id: string): string {
  const flow = flowById(id);
  return `${flow.id}: ${flow.title}${flow.outcome === 'decision' ? ' (documented decision)' : ''}`;
}

/** Asserts that every listed dotted path is present (not undefined/null) in `value`. */
export function missingPaths(value: unknown, paths: readonly string[]): string[] {
  return paths.filter((p) => {
    let at: any = value;
    for (const key of p.split('.')) at = at === undefined || at === null ? undefined : at[key];
    return at === undefined || at === null;
  });
}
