// A small node:http server on 127.0.0.1:0 for client tests: each test supplies the handler and
// reads back what arrived (method, url, headers, body), so behaviour is asserted on real sockets.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { GatewayError } from '../../src/core/http/gatewayErrors';
import type { Operation } from '../../src/catalog/types';
import type { Environment } from '../../src/core/environments/environment';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, received: Received, index: number) => void;

export interface Fixture {
  url: string;
  port: number;
  received: Received[];
  environment: Environment;
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<Fixture> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      handler(req, res, entry, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    received,
    environment: { name: 'test', kind: 'local', gatewayUrl: url, boardingUrl: url },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** An operation record built inline (the catalog is tested on its own). */
export function operation(overrides: Partial<Operation> & Pick<Operation, 'id' | 'method' | 'path'>): Operation {
  const rest = overrides.path.startsWith('/api/');
  return {
    title: overrides.id,
    source: 'interface',
    group: rest ? 'documents' : 'card-transactions',
    host: rest ? 'boarding' : 'gateway',
    params: [],
    bodyFormat: overrides.method === 'POST' || overrides.method === 'PUT' ? 'json' : 'none',
    acceptedBodyFormats: overrides.method === 'POST' || overrides.method === 'PUT' ? ['json', 'xml'] : [],
    xmlRoot: 'transaction',
    responseFormat: 'json',
    fields: [],
    headers: [],
    auth: rest ? 'access-key' : 'api-key',
    successStatuses: [200],
    safety: 'read',
    doc: '',
    ...overrides,
  };
}

/** The GatewayError a call fails with (the test fails if it does not fail, or fails otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof GatewayError, `expected a GatewayError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}
