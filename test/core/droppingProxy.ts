// A loopback HTTP proxy in front of a real server (the sandbox) that can lose an answer AFTER
// the request reached the server: it forwards the request, waits for the whole answer, then
// destroys the client's socket instead of passing it on. That is the fault that tells apart a
// request that provably did not arrive from one that may have done its work.

import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DroppingProxy {
  url: string;
  /** Requests forwarded upstream, as `METHOD path`. */
  forwarded: string[];
  /** Answers that were dropped, as `METHOD path`. */
  dropped: string[];
  /** Drops the answers of the next `count` requests for which `matches` holds. */
  dropNext(matches: (method: string, path: string) => boolean, count?: number): void;
  close(): Promise<void>;
}

export async function startDroppingProxy(upstream: string): Promise<DroppingProxy> {
  const target = new URL(upstream);
  const forwarded: string[] = [];
  const dropped: string[] = [];
  const rules: Array<{ matches: (method: string, path: string) => boolean; left: number }> = [];
  const takeRule = (method: string, path: string): boolean => {
    const rule = rules.find((r) => r.left > 0 && r.matches(method, path));
    if (rule) rule.left--;
    return rule !== undefined;
  };
  const server = createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      forwarded.push(`${method} ${path}`);
      const drop = takeRule(method, path);
      const headers = { ...req.headers, host: target.host };
      const out = request({ host: target.hostname, port: target.port, method, path, headers }, (answer: IncomingMessage) => {
        const body: Buffer[] = [];
        answer.on('data', (c: Buffer) => body.push(c));
        answer.on('end', () => {
          if (drop) {
            dropped.push(`${method} ${path}`);
            req.socket.destroy();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(body));
        });
      });
      out.on('error', () => req.socket.destroy());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    forwarded,
    dropped,
    dropNext(matches, count = 1) {
      rules.push({ matches, left: count });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
