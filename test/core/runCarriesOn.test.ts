// A run carries on past a failed @expect (issue 35, item 17): every request whose dependencies
// passed is sent; those that read a failed (or skipped) request's answer are skipped and say
// which; `bail` keeps the old stop-at-the-first-failure. Against a real Local sandbox.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayClient } from '../../src/core/http/client';
import { parseRequestFile } from '../../src/core/requestFile';
import { runAll, sendOutcomeOf, type RunOptions } from '../../src/core/runner';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

const SALE = ['POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', '{"type": "SALE", "amount": "25.00", "card": "4111111111111111", "exp-date": "1230"}', ''];

/** #1 a sale whose expectation fails; #2 independent; #3 voids #1's sale; #4 reads #3 (skipped in turn); #5 independent. */
export const CARRY_ON_FILE = [
  '### the sale', '# @name sale', '# @expect status 201', ...SALE,
  '### an independent read', '# @expect status 200', 'GET {{gatewayUrl}}/rest/v2/transactions', '',
  '### void the sale', '# @name void', '# @expect status 200', 'POST {{gatewayUrl}}/rest/v2/transactions/void', 'Content-Type: application/json', '', '{"type": "VOID", "id": "{{sale.payload.transaction.id}}"}', '',
  '### look up the void', 'GET {{gatewayUrl}}/rest/v2/transactions?id={{void.payload.transaction.id}}', '',
  '### another sale', '# @expect status 200', ...SALE,
].join('\n');

describe('a run that carries on past a failure', () => {
  let sandbox: RunningSandbox;
  let client: GatewayClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, rate: 10_000 });
    client = new GatewayClient({
      environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      credentials: { apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId },
    });
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });
  beforeEach(() => sandbox.control.reset());

  function options(bail?: boolean): RunOptions {
    return {
      file: parseRequestFile(CARRY_ON_FILE),
      environment: { name: 'Local sandbox', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl, merchantId: sandbox.merchantId },
      namedResponses: new Map(),
      send: (p) => sendOutcomeOf(client.sendRaw({ method: p.method, url: p.url.toString(), headers: p.headers, ...(p.body !== undefined ? { body: p.body } : {}) })),
      ...(bail !== undefined ? { bail } : {}),
    };
  }

  it('runs the independent requests and skips, by name, those that read a failed one', async () => {
    const outcomes = await runAll(options());
    assert.deepEqual(outcomes.map((o) => [o.index, o.state]), [[0, 'failed'], [1, 'passed'], [2, 'skipped'], [3, 'skipped'], [4, 'passed']]);
    assert.equal(outcomes[2].message, 'skipped: depends on "sale", which failed');
    assert.equal(outcomes[3].message, 'skipped: depends on "void", which was skipped');
    const stats = sandbox.control.stats();
    assert.equal(stats.byOperation['transactions.sale'], 2, 'both sales went out');
    assert.equal(stats.byOperation['transactions.void'] ?? 0, 0, 'the void of a failed sale never went out');
  });

  it('bail stops at the first failure, as before', async () => {
    const outcomes = await runAll(options(true));
    assert.deepEqual(outcomes.map((o) => o.state), ['failed', 'skipped', 'skipped', 'skipped', 'skipped']);
    assert.equal(outcomes[1].message, 'not run: "sale" above failed');
    assert.equal(sandbox.control.stats().byOperation['transactions.sale'], 1);
  });
});
