import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, startTestSandbox, VISA } from './sandboxTestClient';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());

async function createToken(extra: Record<string, unknown> = {}): Promise<any> {
  const r = await call(sb, 'POST', '/rest/v2/tokens', { json: { card: VISA, 'card-type': 'VISA', 'exp-date': '1230', csc: '999', ...extra } });
  assert.equal(r.status, 200, r.text);
  return r.body;
}

describe('card tokens (vault)', () => {
  it('creates a token: numeric, leading 1, 19 digits, no card number or CSC echoed', async () => {
    const body = await createToken({ description: 'Test Visa' });
    assert.equal(body.payload.payloadType, 'TokenResponse');
    const token = body.payload.tokenResponse;
    assert.match(token['token-id'], /^1\d{18}$/);
    assert.equal(token['last-four-digits'], '1111');
    assert.equal(token['card-type'], 'VISA');
    assert.equal(token.description, 'Test Visa');
    assert.equal(token.status, 'Active');
    assert.ok(!JSON.stringify(body).includes(VISA));
    assert.ok(!('csc' in token));
  });

  it('refuses a card-type that contradicts the card number', async () => {
    const r = await call(sb, 'POST', '/rest/v2/tokens', { json: { card: VISA, 'card-type': 'JCB', 'exp-date': '1230' } });
    assert.equal(r.status, 400);
    assert.match(r.body.payload.error['error-message'], /card-type/);
  });

  it('gets, updates and deletes a token; then 404', async () => {
    const id = (await createToken()).payload.tokenResponse['token-id'];
    const got = await call(sb, 'GET', `/rest/v2/tokens/${id}`);
    assert.equal(got.status, 200);
    assert.equal(got.body.payload.tokenResponse['token-id'], id);
    const upd = await call(sb, 'PUT', `/rest/v2/tokens/${id}`, { json: { description: 'new token', 'exp-date': '1131', 'customer-key': 'C-9', default: true } });
    assert.equal(upd.status, 200);
    assert.equal(upd.body.payload.tokenResponse.description, 'new token');
    assert.equal(upd.body.payload.tokenResponse['exp-date'], '1131');
    assert.equal(upd.body.payload.tokenResponse.default, 'true');
    const badField = await call(sb, 'PUT', `/rest/v2/tokens/${id}`, { json: { card: VISA } });
    assert.equal(badField.status, 400);
    assert.equal((await call(sb, 'DELETE', `/rest/v2/tokens/${id}`)).status, 200);
    const gone = await call(sb, 'GET', `/rest/v2/tokens/${id}`);
    assert.equal(gone.status, 404);
    assert.equal((await call(sb, 'DELETE', `/rest/v2/tokens/${id}`)).status, 404);
  });

  it('searches tokens by id and customer key with paging', async () => {
    const a = (await createToken({ 'customer-key': 'CUST-S' })).payload.tokenResponse['token-id'];
    await createToken({ 'customer-key': 'CUST-S' });
    const byId = await call(sb, 'GET', `/rest/v2/tokens?token-id=${a}`);
    assert.equal(byId.body.payload.payloadType, 'TokenResponses');
    assert.equal(byId.body.payload.tokens.token.length, 1);
    assert.equal(byId.body.payload.tokens.token[0]['token-id'], a);
    const byCustomer = await call(sb, 'GET', '/rest/v2/tokens?customer-key=CUST-S&page-size=1');
    assert.equal(byCustomer.body.page['total-elements'], 2);
    assert.equal(byCustomer.body.payload.tokens.token.length, 1);
    const recent = await call(sb, 'GET', '/rest/v2/tokens?date-filter=last_24_hours&customer-key=CUST-S');
    assert.equal(recent.body.page['total-elements'], 2);
  });

  it('charges a token in a sale, counting its use; an unknown token is 404', async () => {
    const id = (await createToken()).payload.tokenResponse['token-id'];
    const r = await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '15.00', card: id } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.payload.transaction['last-four'], '1111');
    assert.equal(r.body.payload.transaction['token-id'], id);
    const after = await call(sb, 'GET', `/rest/v2/tokens/${id}`);
    assert.equal(after.body.payload.tokenResponse['times-used'], '1');
    const missing = await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '15.00', card: '1000000000000000001' } });
    assert.equal(missing.status, 404);
  });

  it('creates a token from a sale with create-token', async () => {
    const r = await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '3.00', card: VISA, 'exp-date': '1230', 'create-token': 'true', 'token-description': 'from sale' } });
    assert.equal(r.status, 200);
    const id = r.body.payload.tokenResponse['token-id'];
    assert.deepEqual(r.body.links.at(-1), { rel: 'token', href: `/rest/v2/tokens/${id}`, id });
    const got = await call(sb, 'GET', `/rest/v2/tokens/${id}`);
    assert.equal(got.body.payload.tokenResponse.description, 'from sale');
  });
});

describe('card tokens with require-avs', () => {
  it('keep the AVS result in the data file and answer it after a restart', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'gw-token-avs-')), 'state.json');
    const first = await startTestSandbox({ dataFile: file });
    let tokenId: string;
    try {
      const r = await call(first, 'POST', '/rest/v2/tokens', { json: { card: VISA, 'card-type': 'VISA', 'exp-date': '1230', 'avs-zip': '20000', 'require-avs': 'true' } });
      assert.equal(r.status, 200, r.text);
      tokenId = r.body.payload.tokenResponse['token-id'];
      assert.equal(r.body.payload.tokenResponse['avs-result-code'], 'A');
    } finally {
      await first.close();
    }
    const again = await startTestSandbox({ dataFile: file });
    try {
      const read = await call(again, 'GET', `/rest/v2/tokens/${tokenId}`);
      assert.equal(read.body.payload.tokenResponse['avs-result-code'], 'A');
    } finally {
      await again.close();
    }
  });

  it('drop the AVS result when an update changes the address it verified', async () => {
    const created = await createToken({ 'avs-address': '1 Main St', 'avs-zip': '85284', 'require-avs': true });
    const tokenId = created.payload.tokenResponse['token-id'];
    assert.equal(created.payload.tokenResponse['avs-result-code'], 'Y');
    const described = await call(sb, 'PUT', `/rest/v2/tokens/${tokenId}`, { json: { description: 'kept' } });
    assert.equal(described.body.payload.tokenResponse['avs-result-code'], 'Y');
    const moved = await call(sb, 'PUT', `/rest/v2/tokens/${tokenId}`, { json: { 'avs-zip': '40000' } });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.payload.tokenResponse['avs-result-code'], undefined);
  });

  it('refuse a non-boolean require-avs (400 naming it)', async () => {
    const r = await call(sb, 'POST', '/rest/v2/tokens', { json: { card: VISA, 'card-type': 'VISA', 'exp-date': '1230', 'avs-zip': '85284', 'require-avs': 'yes' } });
    assert.equal(r.status, 400, r.text);
    assert.match(r.body.payload.error['error-message'], /require-avs/);
  });
});
