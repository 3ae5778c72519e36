import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, sale, startTestSandbox, VISA } from './sandboxTestClient';
import { runToEnd } from '../cli/processRun';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());
beforeEach(() => {
  sb.control.clearChaos();
  sb.control.reset();
});

async function chaos(method: string, body?: unknown, contentType: string | null = 'application/json'): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  const res = await fetch(`${sb.gatewayUrl}/__sandbox/chaos`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** A sale over a raw fetch whose failure (a dropped connection, an abort) is a value. */
async function saleOutcome(invoice: string, timeoutMs?: number): Promise<number | 'dropped' | 'timed-out'> {
  try {
    const res = await fetch(`${sb.gatewayUrl}/rest/v2/transactions/sale`, {
      method: 'POST', headers: { 'api-key': sb.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '12.34', card: VISA, 'exp-date': '1230', invoice }),
      signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (e) {
    return (e as Error).name === 'TimeoutError' ? 'timed-out' : 'dropped';
  }
}

async function salesWithInvoice(invoice: string): Promise<number> {
  const r = await call(sb, 'GET', `/rest/v2/transactions?invoice=${encodeURIComponent(invoice)}`);
  assert.equal(r.status, 200);
  return r.body.payload.transactions?.transaction?.length ?? 0;
}

describe('chaos rules over HTTP', () => {
  it('sets, lists with seen and fired counts, and clears with a bare DELETE', async () => {
    const set = await chaos('POST', { rules: [{ operation: 'transactions.sale', fault: 'lost-answer', probability: 0.3 }], seed: 42 });
    assert.equal(set.status, 200);
    assert.deepEqual(set.body, { seed: 42, rules: [{ operation: 'transactions.sale', fault: 'lost-answer', probability: 0.3, seen: 0, fired: 0 }] });
    const listed = await chaos('GET', undefined, null);
    assert.deepEqual(listed.body, set.body);
    const cleared = await chaos('DELETE', undefined, null);
    assert.equal(cleared.status, 200);
    assert.deepEqual(cleared.body.rules, []);
    assert.equal((await sale(sb, '1.00')).status, 200);
  });

  it('chooses and reports a seed when none is given', async () => {
    const set = await chaos('POST', { rules: [] });
    assert.equal(set.status, 200);
    assert.ok(Number.isInteger(set.body.seed) && set.body.seed >= 0);
  });

  it('lost-answer: the sale is committed, then the connection drops with no answer', async () => {
    await chaos('POST', { rules: [{ operation: 'transactions.sale', fault: 'lost-answer', count: 1 }] });
    assert.equal(await saleOutcome('LOST-1'), 'dropped');
    assert.equal(await salesWithInvoice('LOST-1'), 1, 'committed although unanswered');
    assert.equal(await saleOutcome('LOST-2'), 200, 'count 1: the next sale is answered');
    assert.equal((await chaos('GET')).body.rules[0].fired, 1);
  });

  it('5xx-after-commit: a 500 (or the status asked) after the sale is committed', async () => {
    await chaos('POST', { rules: [{ operation: 'transactions.sale', fault: '5xx-after-commit', status: 503 }] });
    const r = await sale(sb, '12.34', { invoice: 'FIVE-1' });
    assert.equal(r.status, 503);
    assert.equal(r.body.payload.payloadType, 'error');
    assert.match(r.body.payload.error['error-message'], /committed/);
    await chaos('DELETE');
    assert.equal(await salesWithInvoice('FIVE-1'), 1);
  });

  it('timeout-after-commit: the answer is held past the client timeout, the sale committed', async () => {
    await chaos('POST', { rules: [{ operation: 'transactions.sale', fault: 'timeout-after-commit', delayMs: 2000 }] });
    const t0 = Date.now();
    assert.equal(await saleOutcome('SLOW-1', 300), 'timed-out');
    assert.ok(Date.now() - t0 < 1500, 'the client gave up, not the sandbox');
    await chaos('DELETE');
    assert.equal(await salesWithInvoice('SLOW-1'), 1);
  });

  it('timeout-after-commit answers normally once the delay passes, for a patient client', async () => {
    await chaos('POST', { rules: [{ operation: 'transactions.sale', fault: 'timeout-after-commit', delayMs: 200 }] });
    assert.equal(await saleOutcome('SLOW-2'), 200);
  });

  it('reset-before: the connection drops and nothing is committed', async () => {
    await chaos('POST', { rules: [{ operation: 'transactions.sale', fault: 'reset-before' }] });
    assert.equal(await saleOutcome('RST-1'), 'dropped');
    await chaos('DELETE');
    assert.equal(await salesWithInvoice('RST-1'), 0);
  });

  it('a declined sale is committed too, and its answer lost all the same', async () => {
    await chaos('POST', { rules: [{ operation: 'transactions.sale', fault: 'lost-answer' }] });
    const res = await fetch(`${sb.gatewayUrl}/rest/v2/transactions/sale`, {
      method: 'POST', headers: { 'api-key': sb.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '0.01', card: VISA, 'exp-date': '1230', invoice: 'DECL-1' }),
    }).then(() => 'answered', () => 'dropped');
    assert.equal(res, 'dropped');
  });

  it('a request refused before its handler (bad key) is answered, not faulted after commit', async () => {
    await chaos('POST', { rules: [{ fault: 'lost-answer' }] });
    const r = await call(sb, 'POST', '/rest/v2/transactions/sale', { apiKey: 'not-a-key', json: { amount: '1.00', card: VISA, 'exp-date': '1230' } });
    assert.equal(r.status, 401);
  });

  it('the existing kinds work as rules too (429 with Retry-After, 500, 503, delay, reset)', async () => {
    await chaos('POST', { rules: [{ operation: 'transactions.search', fault: '429', retryAfter: 7 }] });
    const r = await call(sb, 'GET', '/rest/v2/transactions');
    assert.equal(r.status, 429);
    assert.equal(r.headers.get('retry-after'), '7');
    for (const fault of ['500', '503'] as const) {
      await chaos('POST', { rules: [{ fault }] });
      assert.equal((await call(sb, 'GET', '/rest/v2/transactions')).status, Number(fault));
    }
    await chaos('POST', { rules: [{ fault: 'delay', delayMs: 250 }] });
    const t0 = Date.now();
    assert.equal((await call(sb, 'GET', '/rest/v2/transactions')).status, 200);
    assert.ok(Date.now() - t0 >= 240);
    await chaos('POST', { rules: [{ fault: 'reset' }] });
    await assert.rejects(call(sb, 'GET', '/rest/v2/transactions'));
  });

  it('matches by group and by "*", lets `skip` requests through and stops after `count`', async () => {
    await chaos('POST', { rules: [{ operation: 'card-transactions', fault: '503', skip: 1, count: 2 }] });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(sb, 'GET', '/rest/v2/transactions')).status);
    assert.deepEqual(statuses, [200, 503, 503, 200]);
    assert.equal((await call(sb, 'GET', '/rest/v2/tokens')).status, 200, 'another group is not matched');
    await chaos('POST', { rules: [{ operation: '*', fault: '503' }] });
    assert.equal((await call(sb, 'GET', '/rest/v2/tokens')).status, 503);
    const listed = await chaos('GET');
    assert.deepEqual([listed.body.rules[0].seen, listed.body.rules[0].fired], [1, 1]);
  });

  it('the same seed faults the same requests; reset replays it; another seed differs', async () => {
    const pattern = async (): Promise<string> => {
      let s = '';
      for (let i = 0; i < 40; i++) s += (await call(sb, 'GET', '/rest/v2/transactions')).status === 503 ? 'x' : '.';
      return s;
    };
    await chaos('POST', { rules: [{ operation: 'transactions.search', fault: '503', probability: 0.5 }], seed: 42 });
    const first = await pattern();
    assert.match(first, /x/);
    assert.match(first, /\./);
    await chaos('POST', { rules: [{ operation: 'transactions.search', fault: '503', probability: 0.5 }], seed: 42 });
    assert.equal(await pattern(), first);
    sb.control.reset();
    assert.equal(await pattern(), first, 'a reset restarts the random source');
    await chaos('POST', { rules: [{ operation: 'transactions.search', fault: '503', probability: 0.5 }], seed: 43 });
    assert.notEqual(await pattern(), first);
    await chaos('POST', { rules: [{ fault: '503', probability: 0 }] });
    assert.equal(await pattern(), '.'.repeat(40));
  });

  it('the fault queue goes first, chaos after', async () => {
    await chaos('POST', { rules: [{ fault: '503' }] });
    sb.control.injectFaults({ fault: '500' });
    assert.equal((await call(sb, 'GET', '/rest/v2/transactions')).status, 500);
    assert.equal((await call(sb, 'GET', '/rest/v2/transactions')).status, 503);
  });
});

describe('chaos rules are checked strictly (400 naming what is wrong; nothing set)', () => {
  const refusals: Array<[string, unknown, RegExp]> = [
    ['unknown operation', { rules: [{ operation: 'transactions.salee', fault: 'lost-answer' }] }, /"transactions\.salee" is neither an operation id/],
    ['unknown group', { rules: [{ operation: 'card-transaction', fault: '503' }] }, /"card-transaction"/],
    ['operation not a string', { rules: [{ operation: 7, fault: '503' }] }, /"operation" 7/],
    ['probability above 1', { rules: [{ fault: '503', probability: 1.5 }] }, /"probability" must be a number from 0 to 1, not 1\.5/],
    ['probability below 0', { rules: [{ fault: '503', probability: -0.1 }] }, /not -0\.1/],
    ['probability as text', { rules: [{ fault: '503', probability: '0.3' }] }, /not "0\.3"/],
    ['unknown fault kind', { rules: [{ fault: 'explode' }] }, /unknown fault "explode"; use one of .*lost-answer/],
    ['missing fault', { rules: [{ operation: 'transactions.sale' }] }, /unknown fault undefined/],
    ['unknown field', { rules: [{ fault: '503', probabilty: 0.5 }] }, /unknown field "probabilty"/],
    ['field of another fault', { rules: [{ fault: 'lost-answer', delayMs: 5 }] }, /"delayMs" applies to delay, timeout-after-commit only/],
    ['bad 5xx status', { rules: [{ fault: '5xx-after-commit', status: 501 }] }, /"status" must be one of 500, 502, 503, 504/],
    ['count zero', { rules: [{ fault: '503', count: 0 }] }, /"count" must be a whole number from 1/],
    ['skip fractional', { rules: [{ fault: '503', skip: 1.5 }] }, /"skip"/],
    ['delay too long', { rules: [{ fault: 'delay', delayMs: 3_600_000 }] }, /"delayMs" must be a whole number from 0 to 600000/],
    ['rules not a list', { rules: { fault: '503' } }, /"rules" must be a list/],
    ['no rules', {}, /"rules" must be a list/],
    ['a rule not an object', { rules: ['503'] }, /Chaos rule 1 must be a JSON object/],
    ['too many rules', { rules: Array.from({ length: 101 }, () => ({ fault: '503' })) }, /at most 100 rules/],
    ['negative seed', { rules: [], seed: -1 }, /"seed"/],
    ['seed too large', { rules: [], seed: 2 ** 32 }, /"seed"/],
    ['unknown top-level field', { rules: [], sed: 1 }, /unknown field "sed"/],
    ['__proto__ as a field', JSON.parse('{"rules": [{"fault": "503", "__proto__": {"x": 1}}]}'), /unknown field "__proto__"/],
    ['__proto__ as an operation', { rules: [{ fault: '503', operation: '__proto__' }] }, /"__proto__" is neither/],
  ];
  for (const [what, body, message] of refusals) {
    it(what, async () => {
      await chaos('POST', { rules: [{ operation: 'transactions.void', fault: '503' }], seed: 5 });
      const r = await chaos('POST', body);
      assert.equal(r.status, 400);
      assert.match(r.body.error, message);
      const still = await chaos('GET');
      assert.deepEqual([still.body.seed, still.body.rules.map((x: any) => x.operation)], [5, ['transactions.void']], 'a refused set changes nothing');
    });
  }

  it('refuses a body that is not JSON, and a POST that is not typed JSON (415)', async () => {
    const bad = await fetch(`${sb.gatewayUrl}/__sandbox/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"rules": [' });
    assert.equal(bad.status, 400);
    const untyped = await fetch(`${sb.gatewayUrl}/__sandbox/chaos`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"rules": []}' });
    assert.equal(untyped.status, 415);
  });

  it('refuses a web page (Origin) even for DELETE', async () => {
    const r = await fetch(`${sb.gatewayUrl}/__sandbox/chaos`, { method: 'DELETE', headers: { origin: 'https://evil.example' } });
    assert.equal(r.status, 403);
  });
});

describe('gateway-workbench sandbox --chaos FILE', () => {
  const ROOT = path.resolve(__dirname, '../..');
  const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];

  it('serves with the file\'s rules on from the first request', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-chaos-'));
    const file = path.join(dir, 'chaos.json');
    await writeFile(file, JSON.stringify({ rules: [{ operation: 'transactions.sale', fault: '5xx-after-commit' }], seed: 7 }));
    const child = spawn(process.execPath, [...CLI, 'sandbox', '--chaos', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const [first] = await once(createInterface({ input: child.stdout }), 'line') as [string];
      const info = JSON.parse(first);
      const res = await fetch(`${info.gatewayUrl}/rest/v2/transactions/sale`, {
        method: 'POST', headers: { 'api-key': info.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '5.00', card: VISA, 'exp-date': '1230' }),
      });
      assert.equal(res.status, 500);
      const listed: any = await (await fetch(`${info.gatewayUrl}/__sandbox/chaos`)).json();
      assert.deepEqual([listed.seed, listed.rules[0].fired], [7, 1]);
    } finally {
      child.kill('SIGTERM');
    }
  });

  const badFiles: Array<[string, string | undefined, RegExp]> = [
    ['a missing file', undefined, /cannot read it \(ENOENT\)/],
    ['not JSON', '{"rules": [', /not JSON/],
    ['a bad rule', '[{"operation": "nope.nope", "fault": "lost-answer"}]', /Chaos rule 1: "operation" "nope\.nope"/],
    ['too large', ' '.repeat(1024 * 1024 + 1), /at most 1048576 bytes/],
  ];
  for (const [what, text, message] of badFiles) {
    it(`exits 2 and serves nothing for ${what}`, async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'gw-chaos-'));
      const file = path.join(dir, 'chaos.json');
      if (text !== undefined) await writeFile(file, text);
      const r = await runToEnd(process.execPath, [...CLI, 'sandbox', '--chaos', file], { cwd: ROOT });
      assert.equal(r.code, 2);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, message);
    });
  }
});
