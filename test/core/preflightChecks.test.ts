// The go-live check's rules on their own: what counts as a blind retry (and what settles it),
// sandbox values, unknown requests, and what the file scan finds, skips and never repeats.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { recordingChecks } from '../../src/core/preflight/recordingChecks';
import { scanFiles, textFindings } from '../../src/core/preflight/fileScan';
import type { TrafficExchange } from '../../src/core/traffic/exchange';

const ex = (over: Partial<TrafficExchange>): TrafficExchange => ({
  at: '2026-12-02T10:00:00Z', method: 'POST', path: '/rest/v2/transactions/sale', operationId: 'transactions.sale', status: 200, timeMs: 5,
  requestHeaders: {}, responseHeaders: {}, findings: [], requestBody: '{"amount":"12.00","card":"XXXXXXXXXXXX4242"}', ...over,
});
const details = (exchanges: TrafficExchange[]) => recordingChecks(exchanges, 'r.jsonl').map((c) => c.details);

describe('preflight rules', () => {
  it('a retry after an unknown outcome is blind unless a read came between; a retry after a decline is not', () => {
    assert.equal(details([ex({ status: 503 }), ex({})])[0].length, 1);
    assert.equal(details([ex({ status: undefined, error: 'socket hang up' }), ex({ method: 'GET', path: '/rest/v2/transactions', operationId: 'transactions.search' }), ex({})])[0].length, 0);
    assert.equal(details([ex({ status: 402 }), ex({})])[0].length, 0, 'a decline is an answer: trying again is a new attempt');
    assert.equal(details([ex({ status: 503 }), ex({ requestBody: '{"amount":"13.00"}' })])[0].length, 0, 'another charge is not a retry');
    assert.equal(details([ex({ status: 500, operationId: 'settings.rps.update', method: 'PUT', path: '/rest/v2/settings/terminal/rps' }), ex({ operationId: 'settings.rps.update', method: 'PUT', path: '/rest/v2/settings/terminal/rps' })])[0].length, 0, 'only money-moving requests count');
  });

  it('sandbox amounts in JSON and XML, test card endings, and unknown requests', () => {
    const [, values, unknown] = details([
      ex({ requestBody: '<sale><amount>0.21</amount><card>XXXXXXXXXXXX4444</card></sale>' }),
      ex({ requestBody: '{"amount": "1.21"}' }),
      ex({ operationId: undefined, path: '/rest/v2/transactions/settle-all' }),
    ]);
    assert.deepEqual(values, [
      '#1 transactions.sale: amount 0.21, a sandbox decline trigger — in production a real charge of 0.21',
      '#1 transactions.sale: a card ending 4444, like the sandbox\'s MASTERCARD test card',
    ]);
    assert.deepEqual(unknown, ['#3 POST /rest/v2/transactions/settle-all']);
  });

  it('finds keys and card numbers masked, not ids or UUIDs', () => {
    const found = textFindings('a.ts', [
      'const k = "sk_live_abcdefgh12345678";',
      'const token = "1234567890123456789"; // token-id: 1234567890123456789',
      'order 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      'card: 5555555555554444',
      'const mine = "THE-KEY-OF-STAGING";',
    ].join('\n'), ['THE-KEY-OF-STAGING']);
    assert.deepEqual(found.keys, ['a.ts:1: something that looks like a key (…5678)', 'a.ts:5: an environment\'s key (…GING)']);
    assert.deepEqual(found.cards, ['a.ts:4: a card number (…4444)']);
  });

  it('skips binary files, symbolic links and installed packages', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-scan-'));
    try {
      fs.writeFileSync(path.join(dir, 'image.png'), Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from('4111111111111111')]));
      fs.mkdirSync(path.join(dir, 'node_modules'));
      fs.writeFileSync(path.join(dir, 'node_modules/x.js'), '4111111111111111');
      fs.symlinkSync('/etc', path.join(dir, 'etc'));
      const [keys, cards] = await scanFiles([dir], []);
      assert.ok(keys.passed && cards.passed, JSON.stringify([keys, cards]));
      assert.match(cards.name, /1 file under/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
