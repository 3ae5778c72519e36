// Seeds and snapshots (docs/sandbox.md "Seeds and snapshots"): one state format, over real
// sockets and a real CLI process.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { startSandbox } from '../../src/sandbox/library';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, sale } from './sandboxTestClient';
import { runToEnd } from '../cli/processRun';
import { seedFileSchema } from '../../src/sandbox/seeds/seedSchema';
import { SEED_HEADER, SEED_SECTIONS } from '../../src/sandbox/seeds/seedDocument';
import { readFileSync } from 'node:fs';

const ROOT = path.resolve(__dirname, '../..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];

/** The example: two settled sales, a returned ACH debit, a customer with a monthly plan, the clock at 2026-03-31 17:55. */
const HAND_WRITTEN = {
  clock: '2026-03-31T17:55:00-05:00',
  transactions: [{ type: 'SALE', amount: '25.00', status: 'settled' }, { amount: '30.00', status: 'settled', invoice: 'INV-7' }],
  achTransactions: [{ type: 'Debit', amount: '10.00', 'account-number': '5550001', status: 'Returned' }],
  achTokens: [{ 'account-number': '5550003' }],
  customers: [{
    'first-name': 'Ada', 'last-name': 'L', tokens: [{ card: '4111111111111111', 'exp-date': '1230' }],
    plans: [{ 'payment-amount': '50.00', frequency: 'MONTHLY', 'start-date': '2026-04-15' }],
  }],
};

const running: RunningSandbox[] = [];
after(() => Promise.all(running.map(s => s.close())));

async function started(seed?: unknown): Promise<RunningSandbox> {
  const sb = await startSandbox({ rate: 10_000, ...(seed === undefined ? {} : { seed: seed as Record<string, unknown> }) });
  running.push(sb);
  return sb;
}

async function control(sb: RunningSandbox, method: string, action: string, body?: unknown): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(`${sb.gatewayUrl}/__sandbox/${action}`, {
    method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

const withoutClock = (doc: Record<string, unknown>) => ({ ...doc, clock: undefined });

describe('a hand-written seed', () => {
  it('makes the data it states, at the clock it states', async () => {
    const sb = await started(HAND_WRITTEN);
    assert.equal(sb.control.now().toISOString().slice(0, 16), '2026-03-31T22:55');
    const sales = await call(sb, 'GET', '/rest/v2/transactions');
    assert.equal(sales.status, 200);
    const txs = [sales.body.payload.transactions.transaction].flat();
    assert.deepEqual(txs.map((t: any) => t.amount).sort(), ['25.00', '30.00']);
    const { batches, transactions } = sb.control.snapshot() as { batches: { closed: Array<{ id: string }> }; transactions: Array<{ batchId: string }> };
    assert.equal(batches.closed.length, 1, 'the two settled sales are in a closed batch');
    assert.deepEqual(transactions.map(t => t.batchId), [batches.closed[0].id, batches.closed[0].id]);
    const open = await call(sb, 'GET', '/rest/v1/batches/open');
    assert.equal(open.status, 200);
    assert.doesNotMatch(open.text, /25\.00|30\.00/, 'the open batch holds neither');
    const ach = await call(sb, 'GET', '/rest/v2/ach/transactions');
    const achTx = [ach.body.payload['ach-transactions']['ach-transaction']].flat()[0];
    assert.equal(achTx.status, 'Returned');
    assert.equal(achTx['return-code'] ?? achTx.returned?.code ?? 'R01', 'R01');
    const customers = await call(sb, 'GET', '/rest/v2/customers');
    assert.match(customers.text, /"first-name":"Ada"/);
    const plans = await call(sb, 'GET', '/rest/v2/payment-plans');
    assert.match(plans.text, /"next-payment-date":"2026-04-15"/);
    assert.match(plans.text, /"frequency":"MONTHLY"/);
  });

  it('keeps the ids it gives, and hands out later ones after them', async () => {
    const sb = await started({ transactions: [{ id: '200005', amount: '1.00' }, { type: 'REFUND', 'original-id': '200005', amount: '1.00', id: '200007' }] });
    const txs = (sb.control.snapshot().transactions as Array<{ id: string; type: string; originalId?: string }>);
    assert.deepEqual(txs.map(t => [t.id, t.type, t.originalId]), [['200005', 'SALE', undefined], ['200007', 'REFUND', '200005']]);
    const found = await call(sb, 'GET', '/rest/v2/transactions?id=200007');
    assert.match(found.text, /"id":"200007"/);
    const next = await sale(sb, '2.00');
    assert.equal(next.body.payload.transaction.id, '200008');
  });
});

describe('snapshots are seeds', () => {
  it('round-trips: snapshot → seed → snapshot is equal (the clock aside, which runs on)', async () => {
    const first = await started(HAND_WRITTEN);
    await sale(first, '7.00', { invoice: 'INV-1', description: 'card 4000 0000 0000 0002 in text' });
    await call(first, 'POST', '/rest/v2/tokens', { json: { card: '5555555555554444', 'exp-date': '1229', description: 'a token' } });
    const refunded = await sale(first, '12.00');
    await call(first, 'POST', '/rest/v2/transactions/refund', { json: { type: 'REFUND', id: refunded.body.payload.transaction.id, amount: '5.00' } });
    assert.equal((await sale(first, '0.29')).status, 402, 'a declined sale is state too');
    await call(first, 'POST', '/rest/v2/receipts', { json: { id: Number(refunded.body.payload.transaction.id), 'email-address': 'a@example.com' } });
    await call(first, 'POST', '/rest/v2/signature', { json: { 'transaction-id': Number(refunded.body.payload.transaction.id), 'base-64-image': 'aGVsbG8=' } });
    await call(first, 'POST', '/rest/v2/ach/tokens', { json: { 'routing-number': '081009813', 'account-number': '5550002', 'account-type': 'Savings', 'individual-name': 'Bo', 'software-type': 't', 'software-type-version': '1' } });
    assert.equal((await call(first, 'PUT', '/rest/v2/settings/terminal/avs', { json: { enabled: 'true' } })).status, 200);
    const hpp = await call(first, 'GET', '/rest/v2/settings/terminal/hpp', { headers: { accept: 'application/json' } });
    const jwt = await call(first, 'POST', '/rest/v2/mobilejwt/manual', { apiKey: null, headers: { 'public-key': hpp.body.payload['hpp-settings']['hpp-public-key'] }, json: { card: '4111111111111111', 'exp-date': '1230' } });
    assert.equal(jwt.status, 200, jwt.text);
    const boarded = await fetch(`${first.boardingUrl}/api/launchIntegratorSetup/v1.0/integrateMerchant/4788000000000009`, {
      method: 'POST', headers: { AccessKey: first.accessKey, MerchantId: first.merchantId, 'content-type': 'application/json' },
      body: JSON.stringify({ merchantInformation: { dbaName: 'Blue Harbor Coffee', emailAddress: 'owner@example.com' }, salesProfile: { mccCode: '5814' } }),
    });
    assert.equal(boarded.status, 201, await boarded.text());
    await control(first, 'POST', 'clock/advance', { ms: 3_600_000 });
    const snap = await control(first, 'GET', 'snapshot');
    for (const section of ['merchants', 'achTokens']) assert.ok(Object.keys(snap.body[section]).length > 0, `${section} is in the snapshot`);
    for (const table of ['jwts', 'receipts', 'signatures']) assert.ok(Object.keys(snap.body.mobile[table]).length > 0, `mobile.${table} is in the snapshot`);
    assert.equal(snap.status, 200);
    const second = await started(snap.body);
    const again = (await control(second, 'GET', 'snapshot')).body;
    assert.deepEqual(withoutClock(again), withoutClock(snap.body));
    const drift = Date.parse(again.clock) - Date.parse(snap.body.clock);
    assert.ok(drift >= 0 && drift < 10_000, `the clock starts where the snapshot was taken (${drift} ms later)`);
  });

  it('holds no key: not the api-key, access key, HPP private key or JWT secret', async () => {
    const sb = await started(HAND_WRITTEN);
    await control(sb, 'POST', 'keys', { scope: 'read' }).then(r => assert.equal(r.status, 200));
    const minted = (await control(sb, 'POST', 'keys', { scope: 'full' })).body.apiKey as string;
    await call(sb, 'PUT', '/rest/v2/settings/device', { json: { 'device-api-key': 'devkey-0123456789abcdef', enabled: 'true' } });
    const snap = await control(sb, 'GET', 'snapshot');
    const live = (sb as unknown as { control: unknown }) && sb;
    for (const secret of [live.apiKey, live.accessKey, minted, 'devkey-0123456789abcdef']) assert.ok(!snap.text.includes(secret), `no ${secret.slice(0, 4)}… in the snapshot`);
    assert.doesNotMatch(snap.text, /PRIVATE|privateKey|"secret"|api-key|access-key/i);
    assert.doesNotMatch(snap.text, /4111111111111111|5555555555554444/);
  });
});

describe('reset goes back to the seed', () => {
  it('over HTTP and through the library, data and clock', async () => {
    const sb = await started(HAND_WRITTEN);
    const seeded = (await control(sb, 'GET', 'snapshot')).body;
    await sale(sb, '9.00');
    await control(sb, 'POST', 'clock/advance', { ms: 40 * 86_400_000 });
    assert.equal((await control(sb, 'POST', 'reset', {})).status, 200);
    const afterHttp = (await control(sb, 'GET', 'snapshot')).body;
    assert.deepEqual(withoutClock(afterHttp), withoutClock(seeded));
    assert.ok(Math.abs(Date.parse(afterHttp.clock) - Date.parse('2026-03-31T22:55:00Z')) < 10_000, afterHttp.clock);
    await sale(sb, '9.00');
    sb.control.reset();
    assert.deepEqual(withoutClock(sb.control.snapshot()), withoutClock(seeded));
    // The name for it: sandbox.reset() and sandbox.snapshot() on what startSandbox() gives.
    await sale(sb, '9.00');
    sb.reset();
    assert.deepEqual(withoutClock(sb.snapshot()), withoutClock(seeded));
  });

  it('with a data file: the reset is saved, and a data file that holds a state keeps it over the seed', async () => {
    const data = path.join(await mkdtemp(path.join(tmpdir(), 'gw-seed-data-')), 'state.json');
    const first = await startSandbox({ dataFile: data, seed: HAND_WRITTEN });
    const seeded = first.control.snapshot();
    await sale(first, '9.00');
    first.control.reset();
    await sale(first, '8.00');
    await first.close();
    const second = await startSandbox({ dataFile: data, seed: { transactions: [] } });
    running.push(second);
    const kept = second.control.snapshot() as { transactions: Array<{ amountCents: number }> };
    assert.deepEqual(kept.transactions.map(t => t.amountCents), [2500, 3000, 800], 'the data file\'s state, not the new seed');
    assert.deepEqual(withoutClock({ ...kept, transactions: [], counters: {}, batches: {} }), withoutClock({ ...seeded, transactions: [], counters: {}, batches: {} }));
    second.control.reset();
    assert.deepEqual(second.control.snapshot().transactions, [], 'a reset goes to the seed it was given');
  });

  it('without a seed, empties the state as before', async () => {
    const sb = await started();
    await sale(sb, '3.00');
    sb.control.reset();
    assert.deepEqual(sb.control.snapshot().transactions, []);
  });

  it('POST /__sandbox/seed replaces the state, and reset then goes back to that seed', async () => {
    const sb = await started();
    assert.equal((await control(sb, 'POST', 'seed', { transactions: [{ amount: '4.00' }] })).status, 200);
    await sale(sb, '5.00');
    sb.control.reset();
    assert.deepEqual((sb.control.snapshot().transactions as Array<{ amountCents: number }>).map(t => t.amountCents), [400]);
  });
});

describe('a seed that contradicts itself is refused with the path of the offending entry', () => {
  const cases: Array<[string, unknown, string]> = [
    ['a refund of an unknown transaction', { transactions: [{ amount: '1.00' }, { amount: '1.00' }, { amount: '1.00' }, { type: 'REFUND', 'original-id': '999999', amount: '1.00' }] }, '$.transactions[3].original-id'],
    ['a plan whose token does not exist', { customers: [{ 'customer-key': 'cust_a' }], plans: [{ 'customer-key': 'cust_a', 'token-id': '1000000000000001111' }] }, '$.plans[0].token-id'],
    ['duplicate ids', { transactions: [{ id: '100001' }, { id: '100001' }] }, '$.transactions[1].id'],
    ['a token of an unknown customer', { tokens: [{ 'customer-key': 'cust_nobody' }] }, '$.tokens[0].customer-key'],
    ['a record naming an unknown original', { transactions: [{ id: '5', type: 'REFUND', amountCents: 100, tipCents: 0, result: 'APPROVED', resultCode: '000', displayMessage: 'ok', card: { brand: 'VISA', lastFour: '1111', expDate: '1230' }, created: '2026-01-01T00:00:00.000Z', voided: false, tipAdjusted: false, references: {}, originalId: '4' }] }, '$.transactions[0].originalId'],
    ['a wrong type in a record', { tokens: [{ tokenId: '1000000000000001111', cardType: 'VISA', expDate: '1230', lastFour: '1111', details: {}, isDefault: 'yes', created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z', timesUsed: 0 }] }, '$.tokens[0].isDefault'],
    ['a bad card number', { transactions: [{ card: '4111111111111112' }] }, '$.transactions[0].card'],
    ['an unknown section', { payments: [] }, '$.payments'],
  ];
  for (const [what, seed, pathWanted] of cases) {
    it(`${what}: ${pathWanted}`, async () => {
      await assert.rejects(startSandbox({ seed: seed as Record<string, unknown> }), (e: Error & { path?: string }) => {
        assert.equal(e.path, pathWanted, e.message);
        assert.ok(e.message.startsWith(`${pathWanted}: `), e.message);
        return true;
      });
    });
  }

  it('over HTTP: 400 with the path, and the state is left as it was', async () => {
    const sb = await started(HAND_WRITTEN);
    const before = sb.control.snapshot();
    const r = await control(sb, 'POST', 'seed', cases[0][1]);
    assert.equal(r.status, 400);
    assert.equal(r.body.path, '$.transactions[3].original-id');
    assert.deepEqual(withoutClock(sb.control.snapshot()), withoutClock(before));
  });
});

describe('a hostile seed is refused or cleaned, never crashes, never keeps a card number', () => {
  it('refuses deep nesting, __proto__ members, huge strings and wrong types', async () => {
    let deep: unknown = {};
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    const protoSeed = JSON.parse('{"customers": [{"first-name": "x", "__proto__": {"polluted": true}}]}');
    for (const [i, seed] of [{ transactions: [deep] }, protoSeed, { customers: [{ comments: 'x'.repeat(200_000) }] },
      { transactions: 'many' }, { transactions: [42] }, { clock: 'yesterday' }, { clock: '9999-01-01T00:00:00Z' }, [], { counters: { batch: -1 } },
      { settings: { nope: {} } }, { batches: { open: { id: 'x' } } }, { mobile: { jwts: { a: {} } } }].entries()) {
      await assert.rejects(startSandbox({ seed: seed as Record<string, unknown> }), (e: Error) => e.name === 'SeedError', `hostile seed #${i}`);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('masks card numbers written in free text, in short entries and in records alike', async () => {
    const sb = await started({
      customers: [{ 'first-name': 'Pan', 'last-name': '4111 1111 1111 1111', comments: 'card 5555555555554444' }],
      transactions: [{ amount: '2.00', description: 'paid with 4012888888881881' },
        { id: '7', type: 'SALE', amountCents: 100, tipCents: 0, result: 'APPROVED', resultCode: '000', displayMessage: '4111111111111111', card: { brand: 'VISA', lastFour: '1111', expDate: '1230' }, created: '2026-01-01T00:00:00.000Z', voided: false, tipAdjusted: false, references: { invoice: '378282246310005' }, echoes: { 'token-id': '6011111111111117', billing: { id: '3530111333300000' } } }],
    });
    const text = JSON.stringify(sb.control.snapshot());
    for (const pan of ['4111111111111111', '4111 1111 1111 1111', '5555555555554444', '4012888888881881', '378282246310005', '6011111111111117', '3530111333300000']) assert.ok(!text.includes(pan), pan);
    assert.match(text, /"echoes":\{"token-id":"X+1117"/, 'masked to its last four, not dropped');
  });

  it('refuses an id that could be a card number', async () => {
    await assert.rejects(startSandbox({ seed: { tokens: [{ 'token-id': '4111111111111111' }] } }), /\$\.tokens\[0\]\.token-id/);
  });
});

describe('gateway-workbench sandbox --seed FILE', () => {
  it('starts from the seed file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-seed-'));
    const file = path.join(dir, 'shop.gwseed.json');
    await writeFile(file, JSON.stringify(HAND_WRITTEN));
    const child = spawn(process.execPath, [...CLI, 'sandbox', '--port', '0', '--seed', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const [first] = await once(createInterface({ input: child.stdout }), 'line') as [string];
      const info = JSON.parse(first);
      const res = await fetch(`${info.gatewayUrl}/rest/v2/transactions`, { headers: { 'api-key': info.apiKey } });
      assert.match(await res.text(), /"amount":"25\.00"/);
      const snap = await (await fetch(`${info.gatewayUrl}/__sandbox/snapshot`)).text();
      assert.ok(!snap.includes(info.apiKey) && !snap.includes(info.accessKey));
    } finally {
      child.kill('SIGTERM');
      await once(child, 'close');
    }
  });

  it('exits 2 naming the offending entry when the seed contradicts itself', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-seed-'));
    const file = path.join(dir, 'bad.gwseed.json');
    await writeFile(file, JSON.stringify({ transactions: [{}, {}, {}, { type: 'REFUND', 'original-id': '1' }] }));
    const r = await runToEnd(process.execPath, [...CLI, 'sandbox', '--port', '0', '--seed', file], { cwd: ROOT });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /\$\.transactions\[3\]\.original-id/);
    assert.equal(r.stdout, '');
    const missing = await runToEnd(process.execPath, [...CLI, 'sandbox', '--port', '0', '--seed', path.join(dir, 'none.json')], { cwd: ROOT });
    assert.equal(missing.code, 2);
    await writeFile(file, '{"transactions": [');
    const broken = await runToEnd(process.execPath, [...CLI, 'sandbox', '--port', '0', '--seed', file], { cwd: ROOT });
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /not JSON/);
  });
});

describe('the seed schema (schemas/gwseed.schema.json)', () => {
  it('names exactly the members the loader reads, and is the generated file', () => {
    assert.deepEqual(Object.keys(seedFileSchema.properties).sort(), [...SEED_HEADER, ...SEED_SECTIONS].sort());
    assert.equal(readFileSync(path.join(ROOT, 'schemas/gwseed.schema.json'), 'utf8'), `${JSON.stringify(seedFileSchema, null, 2)}\n`);
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.ok(manifest.contributes.jsonValidation.some((j: { fileMatch: string[]; url: string }) => j.fileMatch.includes('*.gwseed.json') && j.url === './schemas/gwseed.schema.json'));
  });
});
