// `gateway-workbench mcp` driven as an agent drives it: the SDK's own client over stdio, the
// server a real process (node --import tsx src/cli/main.ts mcp), requests to real sandboxes on
// 127.0.0.1. A second sandbox stands in for production (kind "production" in --config, its key
// in GATEWAY_API_KEY_PROD), so a send there can be counted.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

const root = path.resolve(__dirname, '../..');
const TOOL_NAMES = ['gateway_catalog_search', 'gateway_describe_operation', 'gateway_lint_request', 'gateway_send_request', 'gateway_sandbox', 'gateway_generate_code'];
const CARD = '4111111111111111';
const SALE = (amount: string) => ['# @name sale', '# @expect status 200', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', `{"type": "SALE", "amount": "${amount}", "card": "${CARD}", "exp-date": "1230", "csc": "999"}`, ''].join('\n');

interface ToolResult { isError?: boolean; content: Array<{ type: string; text: string }> }

/** Everything the client was ever handed, raw: no key may be in it. */
const seen: string[] = [];

async function connect(env: Record<string, string>, options: { elicit?: (message: string) => { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string> } } = {}): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' }, { capabilities: options.elicit ? { elicitation: { form: {} } } : {} });
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      seen.push(JSON.stringify(request));
      return answer(String(request.params.message));
    });
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'mcp', ...(env.CONFIG ? ['--config', env.CONFIG] : [])],
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  await client.connect(transport);
  transport.stderr?.on('data', (chunk: Buffer) => seen.push(chunk.toString('utf8')));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string; json: unknown }> {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  const raw = JSON.stringify(result);
  seen.push(raw);
  const text = result.content.map((c) => c.text).join('\n');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { isError: result.isError === true, text, json };
}

async function stats(sandbox: string): Promise<{ byOperation: Record<string, number> }> {
  return (await fetch(`${new URL(sandbox).origin}/__sandbox/stats`)).json() as Promise<{ byOperation: Record<string, number> }>;
}

describe('gateway-workbench mcp', () => {
  let production: RunningSandbox;
  let dir: string;
  let env: Record<string, string>;
  let plain: Client;

  before(async () => {
    production = await startSandbox({ port: 0 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-mcp-'));
    const config = path.join(dir, 'environments.json');
    fs.writeFileSync(config, JSON.stringify({ environments: [
      { name: 'Prod', kind: 'production', gatewayUrl: production.gatewayUrl, boardingUrl: production.boardingUrl },
      { name: 'Prod RO', kind: 'production', gatewayUrl: production.gatewayUrl, boardingUrl: production.boardingUrl, readOnly: true },
    ] }));
    env = { CONFIG: config, GATEWAY_API_KEY_PROD: production.apiKey, GATEWAY_API_KEY_PROD_RO: production.apiKey };
    plain = await connect(env);
  });

  after(async () => {
    await plain?.close();
    await production?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    const all = seen.join('\n');
    assert.ok(!all.includes(production.apiKey), 'the production key appeared in a result');
  });

  it('lists the six tools with JSON Schema inputs and annotations from the safety classes', async () => {
    const { tools } = await plain.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort());
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.ok((tool.description ?? '').length > 60, tool.name);
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) assert.equal(typeof tool.annotations?.[hint], 'boolean', `${tool.name} ${hint}`);
    }
    const byName = new Map(tools.map((t) => [t.name, t.annotations]));
    assert.deepEqual(byName.get('gateway_send_request'), { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    assert.deepEqual(byName.get('gateway_catalog_search'), { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    const { resources } = await plain.listResources();
    assert.ok(resources.some((r) => r.uri === 'gateway://guidance'));
    const guidance = await plain.readResource({ uri: 'gateway://guidance' });
    const text = String((guidance.contents[0] as { text: string }).text);
    assert.match(text, /no idempotency key/i);
    assert.match(text, /0\.21 → 012 Insufficient funds/);
  });

  it('finds and describes operations, lints a request and generates code', async () => {
    const found = await call(plain, 'gateway_catalog_search', { query: 'refund card' });
    assert.ok((found.json as Array<{ id: string }>).some((h) => h.id === 'transactions.refund'), found.text);
    const described = await call(plain, 'gateway_describe_operation', { id: 'transactions.sale' });
    const sale = described.json as { method: string; path: string; safety: { class: string }; verifyWith?: { id: string }; sandboxValues: { declineAmounts?: unknown } };
    assert.equal(sale.method, 'POST');
    assert.equal(sale.safety.class, 'moves money');
    assert.ok(sale.sandboxValues.declineAmounts, described.text);
    const unknown = await call(plain, 'gateway_describe_operation', { id: 'transactions.sael' });
    assert.equal(unknown.isError, true);
    const lint = await call(plain, 'gateway_lint_request', { text: SALE('1.00').replace('"type"', '"tpye"') });
    assert.ok((lint.json as { findings: Array<{ message: string }> }).findings.some((f) => /tpye/.test(f.message)), lint.text);
    const code = await call(plain, 'gateway_generate_code', { text: SALE('1.00'), language: 'curl' });
    assert.equal(code.isError, false, code.text);
    assert.match(code.text, /curl/);
  });

  it('sends a sale to the Local sandbox by default: approved, the card masked', async () => {
    // The expectation quotes the full card number: the result repeats it, masked.
    const sent = await call(plain, 'gateway_send_request', { text: SALE('25.00').replace('# @expect status 200', `# @expect status 200\n# @expect payload.transaction.card != ${CARD}`) });
    assert.equal(sent.isError, false, sent.text);
    assert.match(sent.text, /payload\.transaction\.card != \S*1111/);
    const report = sent.json as { environment: { kind: string }; passed: boolean; requests: Array<{ status: number; answer: { payload: { transaction: { result: string } } } }> };
    assert.equal(report.environment.kind, 'local');
    assert.equal(report.requests[0].status, 200);
    assert.equal(report.requests[0].answer.payload.transaction.result, 'APPROVED');
    assert.ok(!sent.text.includes(CARD), sent.text);
    assert.match(sent.text, /1111/);
  });

  it('runs a chained sale and refund in one text', async () => {
    const text = [SALE('10.00'), '###', '# @expect status 200', 'POST {{gatewayUrl}}/rest/v2/transactions/refund', 'Content-Type: application/json', '', '{"type": "REFUND", "amount": "10.00", "id": "{{sale.payload.transaction.id}}"}', ''].join('\n');
    const sent = await call(plain, 'gateway_send_request', { text });
    const report = sent.json as { passed: boolean; requests: Array<{ operation: string; state: string }> };
    assert.equal(report.passed, true, sent.text);
    assert.deepEqual(report.requests.map((r) => r.operation), ['transactions.sale', 'transactions.refund']);
  });

  it('reports a lost answer as an unknown outcome with the read that settles it, and sends nothing twice', async () => {
    const status = await call(plain, 'gateway_sandbox', { action: 'status' });
    const gatewayUrl = (status.json as { gatewayUrl: string }).gatewayUrl;
    const chaos = await fetch(`${new URL(gatewayUrl).origin}/__sandbox/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: [{ operation: 'transactions.sale', fault: 'lost-answer', count: 1 }] }) });
    assert.equal(chaos.status, 200, await chaos.text());
    const before = (await stats(gatewayUrl)).byOperation['transactions.sale'] ?? 0;
    const sent = await call(plain, 'gateway_send_request', { text: SALE('12.00') });
    const request = (sent.json as { requests: Array<{ outcomeUnknown?: boolean; verify?: string; state: string }> }).requests[0];
    assert.equal(request.outcomeUnknown, true, sent.text);
    assert.match(request.verify ?? '', /check with GET .*before retrying/, sent.text);
    assert.equal((await stats(gatewayUrl)).byOperation['transactions.sale'], before + 1, 'the sale went to the sandbox exactly once');
  });

  it('controls the Local sandbox: coverage, the clock, a seed, a reset', async () => {
    const coverage = (await call(plain, 'gateway_sandbox', { action: 'coverage' })).json as { summary: { covered: number; total: number } };
    assert.ok(coverage.summary.covered > 0 && coverage.summary.total > coverage.summary.covered, JSON.stringify(coverage.summary));
    const before = Date.parse(((await call(plain, 'gateway_sandbox', { action: 'status' })).json as { now: string }).now);
    const moved = Date.parse(((await call(plain, 'gateway_sandbox', { action: 'advance-clock', minutes: 120 })).json as { now: string }).now);
    assert.ok(moved - before >= 120 * 60_000, `${before} -> ${moved}`);
    const badSeed = await call(plain, 'gateway_sandbox', { action: 'load-seed', seed: { transactions: 'lots' } });
    assert.equal(badSeed.isError, true, badSeed.text);
    const seeded = await call(plain, 'gateway_sandbox', { action: 'load-seed', seed: { clock: '2026-03-31T17:55:00-05:00', transactions: [{ amount: '25.00', status: 'settled' }] } });
    assert.equal(seeded.isError, false, seeded.text);
    const reset = await call(plain, 'gateway_sandbox', { action: 'reset' });
    assert.equal(reset.isError, false, reset.text);
    assert.match(((reset.json as { now: string }).now), /^2026-03-31T22:55/, 'a reset goes back to the loaded seed and its clock');
    const wrong = await call(plain, 'gateway_sandbox', { action: 'explode' });
    assert.equal(wrong.isError, true);
  });

  it('refuses a production sale when the client cannot confirm (no elicitation), and sends nothing', async () => {
    const before = (await stats(production.gatewayUrl)).byOperation['transactions.sale'] ?? 0;
    const sent = await call(plain, 'gateway_send_request', { text: SALE('5.00'), environment: 'Prod' });
    assert.equal(sent.isError, true, sent.text);
    assert.match(sent.text, /elicitation/);
    const readOnly = await call(plain, 'gateway_send_request', { text: SALE('5.00'), environment: 'Prod RO' });
    assert.equal(readOnly.isError, true, readOnly.text);
    assert.match(readOnly.text, /read-only/);
    assert.equal((await stats(production.gatewayUrl)).byOperation['transactions.sale'] ?? 0, before);
  });

  it('sends a production sale only after the human types the environment\'s name', async () => {
    const asked: string[] = [];
    let typed = 'prod?';
    const confirming = await connect(env, { elicit: (message) => {
      asked.push(message);
      return { action: 'accept', content: { environment: typed } };
    } });
    try {
      const before = (await stats(production.gatewayUrl)).byOperation['transactions.sale'] ?? 0;
      const wrong = await call(confirming, 'gateway_send_request', { text: SALE('5.00'), environment: 'Prod' });
      assert.equal(wrong.isError, true, wrong.text);
      assert.equal((await stats(production.gatewayUrl)).byOperation['transactions.sale'] ?? 0, before);
      typed = 'Prod';
      const sent = await call(confirming, 'gateway_send_request', { text: SALE('5.00'), environment: 'Prod' });
      assert.equal(sent.isError, false, sent.text);
      assert.equal((sent.json as { requests: Array<{ status: number }> }).requests[0].status, 200, sent.text);
      assert.equal((await stats(production.gatewayUrl)).byOperation['transactions.sale'], before + 1);
      assert.equal(asked.length, 2);
      assert.match(asked[0], /Prod/);
      assert.match(asked[0], /moves money/);
      assert.ok(!sent.text.includes(production.apiKey));
    } finally {
      await confirming.close();
    }
  });

  it('never shows a key: not in an answer that echoes it, nor in an error', async () => {
    // A request that writes the production key into its body (as an agent might be tricked into): the answer must not carry it back.
    const text = ['GET {{gatewayUrl}}/rest/v2/transactions?description=' + production.apiKey, ''].join('\n');
    const sent = await call(plain, 'gateway_send_request', { text, environment: 'Prod' });
    assert.ok(!sent.text.includes(production.apiKey), sent.text);
    // A request file naming another origin (a stranger's file): production's key is not sent there.
    const headers: http.IncomingHttpHeaders[] = [];
    const stranger = http.createServer((req, res) => {
      headers.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    try {
      const port = (stranger.address() as { port: number }).port;
      await call(plain, 'gateway_send_request', { text: `GET http://127.0.0.1:${port}/rest/v2/transactions\n`, environment: 'Prod' });
      for (const h of headers) assert.ok(!JSON.stringify(h).includes(production.apiKey), JSON.stringify(h));
    } finally {
      stranger.close();
    }
    const bad = await call(plain, 'gateway_send_request', { text: 'POST {{gatewayUrl}}/rest/v2/transactions/sale\n\n{"api-key": "' + production.apiKey + '"}', environment: 'Nowhere' });
    assert.equal(bad.isError, true);
    assert.ok(!bad.text.includes(production.apiKey), bad.text);
  });
});
