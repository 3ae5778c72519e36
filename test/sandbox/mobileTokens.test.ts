// Mobile JWTs under the journal (issue 33 §4): what was minted and what was spent survives a
// restart on the same data file, and the data file never holds the card number.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, startTestSandbox, VISA } from './sandboxTestClient';

async function mint(sb: RunningSandbox): Promise<string> {
  const hpp = await call(sb, 'GET', '/rest/v2/settings/terminal/hpp', { headers: { accept: 'application/json' } });
  const key = hpp.body.payload['hpp-settings']['hpp-public-key'];
  const r = await call(sb, 'POST', '/rest/v2/mobilejwt/manual', { apiKey: null, headers: { 'public-key': key }, json: { card: VISA, 'exp-date': '1230' } });
  assert.equal(r.status, 200, r.text);
  return r.body.payload['mobile-jwt'].jwt;
}

const charge = (sb: RunningSandbox, jwt: string, amount = '7.00') =>
  call(sb, 'POST', '/rest/v2/mobile/transactions/sale', { headers: { mobilejwt: jwt, accept: 'application/json' }, json: { amount } });

describe('mobile JWTs under the journal', () => {
  it('keeps minted and spent JWTs across a restart, and never the card number', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'gw-mobile-')), 'state.json');
    let sb = await startTestSandbox({ dataFile: file });
    let spent: string, unspent: string, saleId: string;
    try {
      spent = await mint(sb);
      unspent = await mint(sb);
      const sale = await charge(sb, spent);
      assert.equal(sale.status, 200, sale.text);
      saleId = sale.body.payload.transaction.id;
    } finally {
      await sb.close();
    }
    sb = await startTestSandbox({ dataFile: file });
    try {
      const again = await charge(sb, spent);
      assert.equal(again.status, 401, again.text);
      assert.match(again.body.payload.error['error-message'], new RegExp(`already used .*transaction ${saleId}`));
      assert.equal((await charge(sb, unspent)).status, 200);
      const found = await call(sb, 'GET', `/rest/v2/transactions?id=${saleId}`, { headers: { accept: 'application/json' } });
      assert.equal(found.body.payload.transactions.transaction[0].id, saleId);
    } finally {
      await sb.close();
    }
    const dir = path.dirname(file);
    for (const name of await readdir(dir)) {
      assert.ok(!(await readFile(path.join(dir, name), 'utf8')).includes(VISA), `${name} holds the card number`);
    }
  });

  it('keeps a token made by a mobile sale with create-token across a restart, and never the card number', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'gw-mobile-token-')), 'state.json');
    let sb = await startTestSandbox({ dataFile: file });
    let tokenId: string;
    try {
      const r = await call(sb, 'POST', '/rest/v2/mobile/transactions/sale', {
        headers: { mobilejwt: await mint(sb), accept: 'application/json' }, json: { amount: '7.00', 'create-token': 'true' },
      });
      assert.equal(r.status, 200, r.text);
      tokenId = r.body.payload.tokenResponse['token-id'];
    } finally {
      await sb.close();
    }
    sb = await startTestSandbox({ dataFile: file });
    try {
      const later = await call(sb, 'POST', '/rest/v2/transactions/sale', { json: { amount: '8.00', card: tokenId } });
      assert.equal(later.status, 200, later.text);
      assert.equal(later.body.payload.transaction['last-four'], '1111');
    } finally {
      await sb.close();
    }
    const dir = path.dirname(file);
    for (const name of await readdir(dir)) {
      assert.ok(!(await readFile(path.join(dir, name), 'utf8')).includes(VISA), `${name} holds the card number`);
    }
  });

  it('spends a JWT on a decline, not on a request refused before any transaction', async () => {
    const sb = await startTestSandbox();
    try {
      const jwt = await mint(sb);
      assert.equal((await charge(sb, jwt, '25')).status, 400);
      const declined = await charge(sb, jwt, '0.21');
      assert.equal(declined.status, 402, declined.text);
      assert.equal((await charge(sb, jwt)).status, 401);
    } finally {
      await sb.close();
    }
  });
});
