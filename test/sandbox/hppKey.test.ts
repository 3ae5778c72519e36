// The HPP public key is a real EC key on the curve of the published keys, the sandbox holds its
// private half across restarts and resets, and answers to requests that present the key are
// signed the way the gateway's published verifiers check them (docs/sandbox.md, "HPP key and
// signed answers").
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, startTestSandbox } from './sandboxTestClient';

const json = { accept: 'application/json' };

async function servedKey(sb: RunningSandbox): Promise<string> {
  const r = await call(sb, 'GET', '/rest/v2/settings/terminal/hpp', { headers: json });
  assert.equal(r.status, 200, r.text);
  return r.body.payload['hpp-settings']['hpp-public-key'];
}

function parseSpki(hex: string): KeyObject {
  return createPublicKey({ key: Buffer.from(hex, 'hex'), format: 'der', type: 'spki' });
}

/** The raw text of the top-level `payload` object in a JSON answer, exactly as sent. */
function rawPayloadText(text: string): string {
  const start = text.indexOf('"payload":') + '"payload":'.length;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`no payload object in ${text}`);
}

async function tempFile(): Promise<string> {
  return path.join(await mkdtemp(path.join(tmpdir(), 'gw-hppkey-')), 'state.json');
}

describe('HPP public key', () => {
  let sb: RunningSandbox;
  before(async () => { sb = await startTestSandbox(); });
  after(() => sb.close());

  it('is a 124-byte EC SubjectPublicKeyInfo in hex on brainpoolP384t1, like every published key', async () => {
    const hex = await servedKey(sb);
    assert.match(hex, /^[0-9a-f]{248}$/);
    // SEQUENCE(122) { SEQUENCE(20) { id-ecPublicKey, 1.3.36.3.3.2.8.1.1.12 }, BIT STRING(98) }
    assert.ok(hex.startsWith('307a301406072a8648ce3d020106092b240303020801010c036200'), hex.slice(0, 60));
    const key = parseSpki(hex);
    assert.equal(key.asymmetricKeyType, 'ec');
    assert.equal(key.asymmetricKeyDetails?.namedCurve, 'brainpoolP384t1');
  });

  it('is the same in XML and JSON, and after DELETE and a new POST', async () => {
    const hex = await servedKey(sb);
    const xml = await call(sb, 'GET', '/rest/v2/settings/terminal/hpp');
    assert.equal(xml.body.object['hpp-settings']['hpp-public-key'], hex);
    assert.equal((await call(sb, 'DELETE', '/rest/v2/settings/terminal/hpp')).status, 204);
    const created = await call(sb, 'POST', '/rest/v2/settings/terminal/hpp', { json: { enabled: true }, headers: json });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.payload['hpp-settings']['hpp-public-key'], hex);
  });

  it('cannot be replaced by a written key (the sandbox could not sign for it), but may be echoed back', async () => {
    const hex = await servedKey(sb);
    const other = await call(sb, 'PUT', '/rest/v2/settings/terminal/hpp', { json: { 'hpp-public-key': 'abc123' }, headers: json });
    assert.equal(other.status, 400, other.text);
    assert.equal(other.body.payload.error['result-code'], '041');
    assert.match(other.body.payload.error['error-message'], /hpp-public-key/);
    const echoed = await call(sb, 'PUT', '/rest/v2/settings/terminal/hpp', { json: { 'hpp-public-key': hex, 'hpp-domain': 'https://shop.example.com' }, headers: json });
    assert.equal(echoed.status, 200, echoed.text);
    assert.equal(echoed.body.payload['hpp-settings']['hpp-public-key'], hex);
    assert.equal(echoed.body.payload['hpp-settings']['hpp-domain'], 'https://shop.example.com');
  });

  it('stays through a control reset, like the api-key', async () => {
    const hex = await servedKey(sb);
    sb.control.reset();
    assert.equal(await servedKey(sb), hex);
  });
});

describe('HPP key across a restart', () => {
  it('is kept with the data file, and the private half appears in no answer', async () => {
    const file = await tempFile();
    const first = await startTestSandbox({ dataFile: file });
    const hex = await servedKey(first);
    await first.close();
    const second = await startTestSandbox({ dataFile: file });
    try {
      assert.equal(await servedKey(second), hex);
      const signed = await call(second, 'POST', '/rest/v2/transactions/sale', {
        json: { amount: '2.00', card: '4111111111111111', 'exp-date': '1230' }, headers: { ...json, 'public-key': hex },
      });
      assert.equal(signed.status, 200, signed.text);
      assert.ok(verify('sha384', Buffer.from(rawPayloadText(signed.text)), parseSpki(hex), Buffer.from(signed.body.signature, 'hex')), 'signs with the kept key');
      // The private half is stored (the sandbox must sign after a restart) but never sent.
      const stored = JSON.parse(await readFile(file, 'utf8'));
      const privateHex: string = stored.keys.hpp.privateKey;
      assert.match(privateHex, /^[0-9a-f]+$/);
      for (const r of [signed, await call(second, 'GET', '/rest/v2/settings/terminal/hpp'), await call(second, 'GET', '/rest/v2/settings/terminal/hpp', { headers: json })]) {
        assert.ok(!r.text.includes(privateHex), 'no private key in an answer');
      }
    } finally {
      await second.close();
    }
  });
});

describe('HPP key in a data file from before it was real', () => {
  it('is made on load, and kept from then on', async () => {
    const file = await tempFile();
    const first = await startTestSandbox({ dataFile: file });
    await first.close();
    const stored = JSON.parse(await readFile(file, 'utf8'));
    delete stored.keys.hpp;
    stored.slices.settings.groups.hpp['hpp-public-key'] = '9e4588ba94457fed1335886cbcf04e10a9843c324f3e5e30570f369fdbb8aeee';
    await writeFile(file, JSON.stringify(stored));
    const logs: string[] = [];
    const second = await startTestSandbox({ dataFile: file, log: l => logs.push(l) });
    const made = await servedKey(second);
    await second.close();
    assert.equal(parseSpki(made).asymmetricKeyDetails?.namedCurve, 'brainpoolP384t1');
    assert.ok(logs.some(l => /new HPP key pair/.test(l)), logs.join('\n'));
    const privateHex: string = JSON.parse(await readFile(file, 'utf8')).keys.hpp.privateKey;
    assert.ok(!logs.some(l => l.includes(privateHex)), 'the log names no private key');
    const third = await startTestSandbox({ dataFile: file });
    try {
      assert.equal(await servedKey(third), made);
    } finally {
      await third.close();
    }
  });
});

describe('signed answers', () => {
  let sb: RunningSandbox;
  before(async () => { sb = await startTestSandbox(); });
  after(() => sb.close());

  it('signs an answer to a request presenting the HPP key: SHA384withECDSA over the raw payload, hex DER', async () => {
    const hex = await servedKey(sb);
    const r = await call(sb, 'POST', '/rest/v2/transactions/sale', {
      json: { amount: '4.50', card: '4111111111111111', 'exp-date': '1230', csc: '999' },
      headers: { ...json, 'public-key': hex },
    });
    assert.equal(r.status, 200, r.text);
    assert.match(r.body.signature, /^30[0-9a-f]+$/, 'a hex DER ECDSA signature, as the published verifiers decode it');
    const payload = rawPayloadText(r.text);
    assert.deepEqual(JSON.parse(payload), r.body.payload);
    const key = parseSpki(hex);
    assert.ok(verify('sha384', Buffer.from(payload), key, Buffer.from(r.body.signature, 'hex')), 'verifies over the payload text as sent');
    // One byte of the payload altered: the amount 4.50 → 4.51.
    const altered = payload.replace('"4.50"', '"4.51"');
    assert.notEqual(altered, payload);
    assert.equal(verify('sha384', Buffer.from(altered), key, Buffer.from(r.body.signature, 'hex')), false);
  });

  it('signs a declined answer too (it carries the transaction a page would show)', async () => {
    const hex = await servedKey(sb);
    const r = await call(sb, 'POST', '/rest/v2/transactions/sale', {
      json: { amount: '0.29', card: '4111111111111111', 'exp-date': '1230' },
      headers: { ...json, 'public-key': hex },
    });
    assert.equal(r.body.payload.payloadType, 'error', r.text);
    const key = parseSpki(hex);
    assert.ok(verify('sha384', Buffer.from(rawPayloadText(r.text)), key, Buffer.from(r.body.signature, 'hex')));
  });

  it('does not sign answers to plain api-key requests, to another key, or in XML', async () => {
    const plain = await call(sb, 'POST', '/rest/v2/transactions/sale', {
      json: { amount: '5.00', card: '4111111111111111', 'exp-date': '1230' }, headers: json,
    });
    assert.equal(plain.status, 200, plain.text);
    assert.equal(plain.body.signature, undefined);
    const other = await call(sb, 'POST', '/rest/v2/transactions/sale', {
      json: { amount: '5.00', card: '4111111111111111', 'exp-date': '1230' },
      headers: { ...json, 'public-key': 'abc123' },
    });
    assert.equal(other.status, 200, other.text);
    assert.equal(other.body.signature, undefined);
    // The published verifiers read JSON; an XML answer has no payload text to sign.
    const xml = await call(sb, 'POST', '/rest/v2/transactions/sale', {
      xml: '<sale><amount>5.00</amount><card>4111111111111111</card><exp-date>1230</exp-date></sale>',
      headers: { 'public-key': await servedKey(sb) },
    });
    assert.equal(xml.status, 200, xml.text);
    assert.ok(!xml.text.includes('signature'), xml.text);
  });
});
