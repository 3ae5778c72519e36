// ACH on the mobile path (issue 33) against a real sandbox on 127.0.0.1: bank-account JWTs under
// the journal (minted and spent survive a restart, the data file never holds the account number),
// and hostile input (huge values, wrong types, the other kind of JWT) refused before anything
// changes, the JWT left unspent.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, startTestSandbox, VISA, type CallResult } from './sandboxTestClient';

const ROUTING = '081009813';
/** Distinctive, so finding it anywhere in a file or an answer means it leaked. */
const ACCOUNT = '73019283746502';

async function publicKey(sb: RunningSandbox): Promise<string> {
  const hpp = await call(sb, 'GET', '/rest/v2/settings/terminal/hpp', { headers: { accept: 'application/json' } });
  return hpp.body.payload['hpp-settings']['hpp-public-key'];
}

async function mintAch(sb: RunningSandbox, body: unknown = { 'routing-number': ROUTING, 'account-number': ACCOUNT, 'account-type': 'Checking' }): Promise<CallResult> {
  return call(sb, 'POST', '/rest/v2/mobilejwt/ach', { apiKey: null, headers: { 'public-key': await publicKey(sb) }, json: body });
}

async function achJwt(sb: RunningSandbox): Promise<string> {
  const r = await mintAch(sb);
  assert.equal(r.status, 200, r.text);
  return r.body.payload['mobile-jwt'].jwt;
}

const debit = (sb: RunningSandbox, jwt: string, body: unknown = { amount: '20.00', 'standard-entry-class-code': 'WEB' }) =>
  call(sb, 'POST', '/rest/v2/ach/mobile/transactions/debit', { headers: { achmobilejwt: jwt, accept: 'application/json' }, json: body });

async function filesHolding(dir: string, text: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of await readdir(dir)) if ((await readFile(path.join(dir, name), 'utf8')).includes(text)) found.push(name);
  return found;
}

describe('ACH mobile JWTs under the journal', () => {
  it('keeps minted and spent ACH JWTs, and their kind, across a restart, and never the account number', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'gw-ach-mobile-')), 'state.json');
    let sb = await startTestSandbox({ dataFile: file });
    let spent: string, unspent: string, debitId: string;
    try {
      spent = await achJwt(sb);
      unspent = await achJwt(sb);
      const r = await debit(sb, spent, { amount: '20.00', 'standard-entry-class-code': 'WEB', 'create-token': 'true' });
      assert.equal(r.status, 200, r.text);
      debitId = r.body.payload['ach-transaction'].id;
    } finally {
      await sb.close();
    }
    sb = await startTestSandbox({ dataFile: file });
    try {
      const again = await debit(sb, spent);
      assert.equal(again.status, 401, again.text);
      assert.match(again.body.payload.error['error-message'], new RegExp(`already used .*transaction ${debitId}`));
      const asCard = await call(sb, 'POST', '/rest/v2/mobile/transactions/sale', { headers: { mobilejwt: unspent }, json: { amount: '2.00' } });
      assert.equal(asCard.status, 401, 'still a bank account\'s JWT after the restart');
      const ok = await debit(sb, unspent);
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.payload['ach-transaction']['account-number'], ACCOUNT.slice(-4));
    } finally {
      await sb.close();
    }
    assert.deepEqual(await filesHolding(path.dirname(file), ACCOUNT), [], 'no file holds the account number');
  });
});

describe('ACH on the mobile path refuses hostile input before it changes anything', () => {
  it('wrong types and huge values when tokenizing: 400 naming the field, nothing echoed', async () => {
    const sb = await startTestSandbox();
    try {
      const wrongTypes = await mintAch(sb, { 'routing-number': 81009813, 'account-number': [ACCOUNT], 'account-type': { type: 'Checking' } });
      assert.equal(wrongTypes.status, 400, wrongTypes.text);
      for (const field of ['routing-number', 'account-number', 'account-type']) assert.match(wrongTypes.text, new RegExp(field));
      const huge = '9'.repeat(500_000);
      const tooLong = await mintAch(sb, { 'routing-number': ROUTING, 'account-number': huge, 'account-type': 'Checking' });
      assert.equal(tooLong.status, 400);
      assert.match(tooLong.text, /account-number/);
      assert.ok(tooLong.text.length < 2_000, 'a refused value is not echoed back');
      const notAnObject = await call(sb, 'POST', '/rest/v2/mobilejwt/ach', { apiKey: null, headers: { 'public-key': await publicKey(sb) }, json: [ROUTING, ACCOUNT] });
      assert.equal(notAnObject.status, 400, notAnObject.text);
      const noKey = await call(sb, 'POST', '/rest/v2/mobilejwt/ach', { apiKey: null, json: { 'routing-number': ROUTING, 'account-number': ACCOUNT, 'account-type': 'Checking' } });
      assert.equal(noKey.status, 401, noKey.text);
    } finally {
      await sb.close();
    }
  });

  it('wrong types, huge values, no body and foreign JWTs on the debit: refused, the JWT unspent, no transaction made', async () => {
    const sb = await startTestSandbox();
    try {
      const jwt = await achJwt(sb);
      const refusals: Array<[unknown, number, RegExp]> = [
        [{ amount: 20, 'standard-entry-class-code': 'WEB' }, 400, /amount/],
        [{ amount: '20.00', 'standard-entry-class-code': ['WEB'] }, 400, /standard-entry-class-code/],
        [{ amount: '20.00', 'standard-entry-class-code': 'WEB', 'account-type': ['Checking'] }, 400, /account-type must be a single value/],
        [{ amount: '20.00', 'standard-entry-class-code': 'WEB', 'account-number': '7'.repeat(400_000) }, 400, /account-number is not that of the account/],
        [{ amount: '1000000.00', 'standard-entry-class-code': 'WEB' }, 400, /amount/],
        [undefined, 400, /amount is required/],
      ];
      for (const [body, status, message] of refusals) {
        const r = body === undefined
          ? await call(sb, 'POST', '/rest/v2/ach/mobile/transactions/debit', { headers: { achmobilejwt: jwt } })
          : await debit(sb, jwt, body);
        assert.equal(r.status, status, `${JSON.stringify(body)?.slice(0, 80)} → ${r.text.slice(0, 300)}`);
        assert.match(r.text, message);
        assert.ok(r.text.length < 2_000, 'a refused value is not echoed back');
      }
      const huge = await call(sb, 'POST', '/rest/v2/ach/mobile/transactions/debit', { headers: { achmobilejwt: 'x'.repeat(8_000) }, json: { amount: '20.00' } });
      assert.equal(huge.status, 401, huge.text.slice(0, 300));
      const [h, , s] = jwt.split('.');
      const forgedClaims = Buffer.from(JSON.stringify({ jti: '__proto__', 'last-four': '0001' })).toString('base64url');
      assert.equal((await debit(sb, [h, forgedClaims, s].join('.'))).status, 401);
      const cardJwt = await call(sb, 'POST', '/rest/v2/mobilejwt/manual', {
        apiKey: null, headers: { 'public-key': await publicKey(sb) }, json: { card: VISA, 'exp-date': '1230' },
      });
      assert.equal((await debit(sb, cardJwt.body.payload['mobile-jwt'].jwt)).status, 401);

      const search = await call(sb, 'GET', '/rest/v2/ach/transactions', { headers: { accept: 'application/json' } });
      assert.equal(search.body.payload['ach-transactions']?.['ach-transaction']?.length ?? 0, 0, 'no transaction was made');
      const ok = await debit(sb, jwt);
      assert.equal(ok.status, 200, 'the JWT was left unspent by every refusal');
    } finally {
      await sb.close();
    }
  });
});
