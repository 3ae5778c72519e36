// What a charge stores, as the data file keeps it: an approved sale builds its record in one
// literal (charges.ts) and a declined one through record() (cardRecords.ts); both must give the
// same fields in the same order, so a data file reads the same whichever path wrote a record.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { loadState } from '../../src/sandbox/persistence/persistence';
import type { CardTransaction } from '../../src/sandbox/cardTransactions/cardState';
import { call, sale, startTestSandbox } from './sandboxTestClient';

const json = { accept: 'application/json' };

/** Field order of a stored card charge; the optional ones are left out where they do not apply. */
const ORDER = [
  'voided', 'tipAdjusted', 'childIds', 'type', 'amountCents', 'tipCents', 'result', 'resultCode', 'displayMessage',
  'authorizationCode', 'card', 'references', 'echoes', 'avs', 'csc', 'duplicate', 'id', 'created', 'batchId',
];

/** A loaded value as plain objects: the data file is read without prototypes. */
function plain(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v));
}

function inOrder(keys: string[]): string[] {
  return ORDER.filter(k => keys.includes(k));
}

describe('stored card charges', () => {
  it('keep one field order, approved or declined, plain or with AVS, CSC and a duplicate flag', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'gw-charges-')), 'state.json');
    const sb = await startTestSandbox({ dataFile: file });
    const ids: Record<string, string> = {};
    try {
      ids.plain = (await sale(sb, '12.00')).body.payload.transaction.id;
      ids.verified = (await sale(sb, '13.00', { csc: '999', billing: { zip: '85284', street: '1 Main St' }, invoice: 'INV-7', 'software-type': 'GatewayWorkbench' })).body.payload.transaction.id;
      ids.tipped = (await sale(sb, '14.00', { 'tip-amount': '2.00' })).body.payload.transaction.id;
      const declined = await sale(sb, '0.48');
      assert.equal(declined.status, 402);
      ids.declined = declined.body.payload.transaction.id;
      const dupSettings = { enabled: true, 'time-range-in-minutes': 5, 'if-duplicate-found-respond-with-error': false, 'include-invoice': false, 'check-merchant-level': false, 'use-invoice-instead-of-card': false };
      assert.equal((await call(sb, 'PUT', '/rest/v2/settings/transaction/duplicates', { json: dupSettings, headers: json })).status, 200);
      const flagged = await sale(sb, '12.00');
      assert.equal(flagged.status, 200);
      ids.flagged = flagged.body.payload.transaction.id;
      const refusedSettings = { ...dupSettings, 'if-duplicate-found-respond-with-error': true };
      assert.equal((await call(sb, 'PUT', '/rest/v2/settings/transaction/duplicates', { json: refusedSettings, headers: json })).status, 200);
      const refused = await sale(sb, '12.00');
      assert.equal(refused.status, 402);
      ids.refused = refused.body.payload.transaction.id;
    } finally {
      await sb.close();
    }

    const saved = await loadState(file);
    assert.ok(saved, 'the data file was written');
    const transactions = (saved.state.slices.cards as { transactions: Record<string, CardTransaction> }).transactions;
    for (const [what, id] of Object.entries(ids)) {
      const keys = Object.keys(transactions[id]);
      assert.deepEqual(keys, inOrder(keys), `${what}: fields in the stored order`);
    }
    const approved = transactions[ids.verified];
    assert.equal(approved.result, 'APPROVED');
    assert.match(approved.authorizationCode ?? '', /^TAS\d{3}$/);
    assert.deepEqual(plain(approved.card), { brand: 'VISA', lastFour: '1111', expDate: '1230' });
    assert.deepEqual(plain(approved.references), { invoice: 'INV-7' });
    assert.deepEqual(plain(approved.echoes), { 'software-type': 'GatewayWorkbench', billing: { zip: '85284', street: '1 Main St' } });
    assert.ok(approved.avs && approved.csc, 'AVS and CSC results stored');
    assert.deepEqual(plain(approved.childIds), []);
    assert.ok(approved.batchId, 'approved: in the open batch');
    assert.equal(transactions[ids.tipped].tipCents, 200);
    assert.equal(transactions[ids.tipped].amountCents, 1400);
    assert.equal(transactions[ids.plain].duplicate, undefined);
    assert.equal(transactions[ids.flagged].duplicate, true, 'flagged, not refused');
    assert.equal(transactions[ids.flagged].result, 'APPROVED');
    assert.equal(transactions[ids.refused].duplicate, true);
    assert.equal(transactions[ids.refused].result, 'DECLINED');
    assert.equal(transactions[ids.declined].batchId, undefined, 'declined: in no batch');
    assert.equal(transactions[ids.declined].authorizationCode, undefined);
  });
});
