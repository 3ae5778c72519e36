// An ACH payment provider module (facts S11): recurring debits charge a stored ACH token on
// /rest/v2/ach/transactions/debit and read status, id and the error fields.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, missingPaths, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

describe('conformance: ACH payment provider', () => {
  it(flowName('ach-token-debit'), async () => {
    const headers = { Accept: 'application/json', 'Content-Type': 'application/json', 'api-key': sb.info.apiKey };
    const token = await sb.send('POST', '/rest/v2/ach/tokens', { headers, json: {
      'routing-number': '063100277', 'account-number': '1234567890', 'account-type': 'Checking', 'individual-name': 'Pat Doe',
      'software-type': 'scoutline', 'software-type-version': '1', 'token-description': 'ScoutLine recurring ACH',
    } });
    assert.equal(token.status, 200, token.text);
    const tokenId = token.json.payload['ach-token']['token-id'];
    const debit = await sb.send('POST', '/rest/v2/ach/transactions/debit', { headers, json: {
      type: 'Debit', amount: '49.00', 'standard-entry-class-code': 'WEB', invoice: 'INV-2026-01', description: 'ScoutLine subscription',
      'software-type': 'scoutline', 'token-id': tokenId,
    } });
    assert.equal(debit.status, 200, debit.text);
    assert.deepEqual(missingPaths(debit.json, ['code', 'status', 'payload.ach-transaction.id', 'payload.ach-transaction.status', 'payload.ach-transaction.account-number']), []);
    assert.equal(debit.json.payload['ach-transaction'].status, 'Pending');
    const refused = await sb.send('POST', '/rest/v2/ach/transactions/debit', { headers, json: { type: 'Debit', amount: '49.00', 'standard-entry-class-code': 'WEB', 'token-id': '1999' } });
    assert.equal(refused.status, 400);
    assert.deepEqual(missingPaths(refused.json, ['payload.error.result-code', 'payload.error.error-message']), []);
  });
});
