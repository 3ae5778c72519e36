// The gateway's own published samples (facts S1): the generic transaction endpoint in JSON and
// XML, the vault, settings and batches as the Java, Go and PHP samples send them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, missingPaths, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

const json = () => ({ 'api-key': sb.info.apiKey, Accept: 'application/json' });
const card = { card: '4111111111111111', 'exp-date': '1230', csc: '999' };
/** What the samples print from every transaction answer. */
const TRANSACTION_READS = ['code', 'status', 'exchange-id', 'payload.payloadType', 'payload.transaction.id', 'payload.transaction.result',
  'payload.transaction.result-code', 'payload.transaction.display-message', 'payload.transaction.amount', 'payload.transaction.type', 'links.0.id'];

async function generic(body: Record<string, unknown>) {
  const r = await sb.send('POST', '/rest/v2/transactions', { headers: json(), json: { 'software-type': 'sample', 'software-type-version': '1.0', ...body } });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(missingPaths(r.json, TRANSACTION_READS), []);
  assert.equal(r.json.payload.transaction.result, 'APPROVED');
  return r.json.payload.transaction;
}

describe('conformance: gateway published samples', () => {
  it(flowName('samples-generic-sale'), async () => {
    const tx = await generic({ type: 'SALE', amount: '12.00', ...card });
    assert.equal(tx.type, 'SALE');
    assert.match(tx['authorization-code'], /\S/);
  });

  it(flowName('samples-generic-auth-capture'), async () => {
    const auth = await generic({ type: 'AUTH', amount: '20.00', ...card });
    const capture = await generic({ type: 'CAPTURE', id: auth.id, amount: '20.00' });
    assert.equal(capture.type, 'CAPTURE');
  });

  it(flowName('samples-generic-refund'), async () => {
    const sale = await generic({ type: 'SALE', amount: '15.00', ...card });
    const refund = await generic({ type: 'REFUND', id: sale.id, amount: '5.00' });
    assert.equal(refund.type, 'REFUND');
    assert.equal(refund.amount, '5.00');
  });

  it(flowName('samples-generic-void'), async () => {
    const sale = await generic({ type: 'SALE', amount: '16.00', ...card });
    const voided = await generic({ type: 'VOID', id: sale.id });
    assert.equal(voided.type, 'VOID');
  });

  it(flowName('samples-generic-forced-sale'), async () => {
    const forced = await generic({ type: 'FORCED SALE', amount: '17.00', 'authorization-code': 'APPC10', ...card });
    assert.equal(forced['authorization-code'], 'APPC10');
  });

  it(flowName('samples-xml-sale'), async () => {
    const r = await sb.send('POST', '/rest/v2/transactions', {
      headers: { api_key: sb.info.apiKey, Accept: 'application/xml' },
      xml: '<transaction><type>SALE</type><amount>200.00</amount><card>4111111111111111</card><exp-date>1230</exp-date></transaction>',
    });
    assert.equal(r.status, 200, r.text);
    const response = r.xml.response;
    assert.deepEqual(missingPaths(response, ['code', 'status', 'exchange-id', 'links', 'payload.@_type', 'payload.transaction.id', 'payload.transaction.result']), []);
    assert.equal(response.payload['@_type'], 'transaction');
    assert.equal(response.payload.transaction.result, 'APPROVED');
  });

  it(flowName('samples-token-lifecycle'), async () => {
    const created = await sb.send('POST', '/rest/v2/tokens', { headers: json(), json: { card: '4111111111111111', 'card-type': 'VISA', 'exp-date': '1230', csc: '999' } });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.json.code, '200');
    const tokenId = created.json.payload.tokenResponse['token-id'];
    assert.match(tokenId, /^1\d{16,19}$/);
    const read = await sb.send('GET', `/rest/v2/tokens/${tokenId}`, { headers: json() });
    assert.deepEqual(missingPaths(read.json, ['payload.tokenResponse.token-id', 'payload.tokenResponse.card-type', 'payload.tokenResponse.exp-date', 'payload.tokenResponse.last-four-digits']), []);
    const updated = await sb.send('PUT', `/rest/v2/tokens/${tokenId}`, { headers: json(), json: { description: 'new token' } });
    assert.equal(updated.json.payload.tokenResponse.description, 'new token');
    await generic({ type: 'SALE', amount: '9.00', card: tokenId, 'exp-date': '1230' });
    const deleted = await sb.send('DELETE', `/rest/v2/tokens/${tokenId}`, { headers: json() });
    assert.equal(deleted.status, 200);
  });

  it(flowName('samples-terminal-settings'), async () => {
    const read = await sb.send('GET', '/rest/v2/settings/terminal', { headers: json() });
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(missingPaths(read.json, ['payload.payloadType', 'payload.terminal-settings.merchant-id', 'payload.terminal-settings.terminal-id', 'payload.terminal-settings.time-zone']), []);
    const put = await sb.send('PUT', '/rest/v2/settings/terminal', { headers: json(), json: { 'time-zone': 'US/Alaska', 'enable-tip': true } });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.json.payload['terminal-settings']['time-zone'], 'US/Alaska');
  });

  it(flowName('samples-avs-csc-filters'), async () => {
    const avs = await sb.send('PUT', '/rest/v2/settings/terminal/avs', { headers: json(), json: { enabled: true, 'response-filters': { 'response-filter': [{ name: 'ADDRESS_AND_NINE_DIGIT_ZIP_MATCH', allowed: true }] } } });
    assert.equal(avs.status, 200, avs.text);
    assert.equal(avs.json.payload['avs-settings']['response-filters']['response-filter'][0].allowed, true);
    const csc = await sb.send('PUT', '/rest/v2/settings/terminal/csc', { headers: json(), json: { enabled: true, 'response-filters': { 'response-filter': [{ name: 'CSC_MATCHED', allowed: true }] } } });
    assert.ok(csc.status === 200 || csc.status === 201, csc.text);
    assert.equal(csc.json.status, 'success');
  });

  it(flowName('samples-hpp-settings'), async () => {
    const put = await sb.send('PUT', '/rest/v2/settings/terminal/hpp', { headers: json(), json: { 'hpp-domain': 'https://shop.example.com', 'hpp-enabled': true } });
    assert.ok(put.status === 200 || put.status === 201, put.text);
    const read = await sb.send('GET', '/rest/v2/settings/terminal/hpp', { headers: json() });
    assert.equal(read.json.payload['hpp-settings']['hpp-domain'], 'https://shop.example.com');
  });

  it(flowName('samples-batch-close'), async () => {
    await generic({ type: 'SALE', amount: '30.00', ...card });
    const open = await sb.send('GET', '/rest/v2/batches/open', { headers: json() });
    assert.equal(open.status, 200, open.text);
    const batch = open.json.payload.batch;
    assert.deepEqual(missingPaths(batch, ['id', 'status', 'net-amount', 'total-count']), []);
    const closed = await sb.send('PUT', '/rest/v1/batches/open', { headers: json(), json: { 'total-count': batch['total-count'], 'net-amount': batch['net-amount'] } });
    assert.equal(closed.status, 200, closed.text);
    assert.equal(closed.json.payload.batch.id, batch.id);
    assert.ok(closed.json.payload.batch['confirmation-code']);
  });
});
