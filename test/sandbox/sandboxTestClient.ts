// Test-side HTTP access to a real sandbox on 127.0.0.1 (global fetch; the core client is
// tested separately). Parses JSON and XML answers so assertions read like the interface.

import { XMLParser } from 'fast-xml-parser';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/server';

export const VISA = '4111111111111111';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or the parsed XML document. */
  body: any;
}

export interface CallOptions {
  json?: unknown;
  xml?: string;
  raw?: { contentType: string; text: string };
  headers?: Record<string, string>;
  /** Defaults to the sandbox api-key; `null` sends none. */
  apiKey?: string | null;
}

export async function call(sb: RunningSandbox, method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.apiKey !== null) headers['api-key'] = opts.apiKey ?? sb.apiKey;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.xml !== undefined) {
    headers['content-type'] = 'application/xml';
    body = opts.xml;
  } else if (opts.raw) {
    headers['content-type'] = opts.raw.contentType;
    body = opts.raw.text;
  }
  const res = await fetch(sb.gatewayUrl + path, { method, headers, body });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const parsed = type.includes('json') ? JSON.parse(text) : type.includes('xml') ? xml.parse(text) : undefined;
  return { status: res.status, headers: res.headers, text, body: parsed };
}

export function startTestSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  // A fixed, generous rate so tests never trip the limiter unless they mean to.
  return startSandbox({ rate: 10_000, now: new Date('2025-03-03T16:00:00Z'), ...opts });
}

export async function sale(sb: RunningSandbox, amount: string, extra: Record<string, unknown> = {}): Promise<CallResult> {
  return call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount, card: VISA, 'exp-date': '1230', csc: '999', ...extra } });
}

/** Seeded PRNG (mulberry32) so a failing random sequence can be replayed: the sandbox's own. */
export { seededRandom } from '../../src/sandbox/domain/seededRandom';
