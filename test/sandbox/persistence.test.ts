import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { call, sale, startTestSandbox, VISA } from './sandboxTestClient';
import { saveStateAtomically } from '../../src/sandbox/persistence';

/** Paths of every field named `name` holding a value, and of every string equal to `value`. */
function valuesNamedOrEqual(node: unknown, name: string, value: string, at = '$'): string[] {
  if (typeof node === 'string') return node === value ? [at] : [];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => [
    ...(k === name && typeof v === 'string' ? [`${at}.${k}`] : []),
    ...valuesNamedOrEqual(v, name, value, `${at}.${k}`),
  ]);
}

async function tempFile(): Promise<string> {
  return path.join(await mkdtemp(path.join(tmpdir(), 'gw-sandbox-')), 'state.json');
}

describe('persistence', () => {
  it('keeps keys, transactions, tokens, settings and the clock across a restart', async () => {
    const file = await tempFile();
    const first = await startTestSandbox({ dataFile: file });
    const txId = (await sale(first, '11.00')).body.payload.transaction.id;
    const tokenId = (await call(first, 'POST', '/rest/v2/tokens', { json: { card: VISA, 'exp-date': '1230', csc: '737' } })).body.payload.tokenResponse['token-id'];
    await call(first, 'PUT', '/rest/v2/settings/terminal/rps', { xml: '<rps-settings><enabled>true</enabled></rps-settings>' });
    first.control.advanceClock(3_600_000);
    const clockBefore = first.control.now().getTime();
    const keys = { apiKey: first.apiKey, accessKey: first.accessKey, merchantId: first.merchantId };
    await first.close();

    const text = await readFile(file, 'utf8');
    assert.ok(!text.includes(VISA), 'no full card number in the data file');
    assert.deepEqual(valuesNamedOrEqual(JSON.parse(text), 'csc', '737'), [], 'no CSC in the data file');

    const second = await startTestSandbox({ dataFile: file });
    try {
      assert.deepEqual({ apiKey: second.apiKey, accessKey: second.accessKey, merchantId: second.merchantId }, keys);
      const found = await call(second, 'GET', `/rest/v2/transactions?id=${txId}`);
      assert.equal(found.body.payload.transactions.transaction[0].amount, '11.00');
      assert.equal((await call(second, 'GET', `/rest/v2/tokens/${tokenId}`)).status, 200);
      const rps = await call(second, 'GET', '/rest/v2/settings/terminal/rps');
      assert.equal(rps.body.object['rps-settings'].enabled, 'true');
      assert.ok(second.control.now().getTime() >= clockBefore);
      const next = (await sale(second, '1.00')).body.payload.transaction.id;
      assert.ok(Number(next) > Number(txId), 'id counters continue');
    } finally {
      await second.close();
    }
  });

  it('saves after each write without waiting for close', async () => {
    const file = await tempFile();
    const sb = await startTestSandbox({ dataFile: file });
    try {
      const id = (await sale(sb, '8.00')).body.payload.transaction.id;
      let saved = '';
      for (let i = 0; i < 50 && !saved.includes(`"${id}"`); i++) {
        await new Promise(r => setTimeout(r, 20));
        saved = await readFile(file, 'utf8');
      }
      assert.ok(saved.includes(`"${id}"`));
    } finally {
      await sb.close();
    }
  });

  it('reads do not rewrite the data file; an advanced clock does', async () => {
    const file = await tempFile();
    const sb = await startTestSandbox({ dataFile: file });
    try {
      await sale(sb, '8.00');
      const settled = async () => {
        let last = '';
        for (let i = 0; i < 50; i++) {
          await new Promise(r => setTimeout(r, 20));
          const now = await readFile(file, 'utf8');
          if (now === last) return now;
          last = now;
        }
        return last;
      };
      const afterSale = await settled();
      await rm(file);
      for (let i = 0; i < 5; i++) await call(sb, 'GET', '/rest/v1/batches/open');
      await new Promise(r => setTimeout(r, 100));
      await assert.rejects(readFile(file), 'five reads wrote nothing');
      sb.control.advanceToNextAchWindow();
      const afterAdvance = await settled();
      assert.notEqual(afterAdvance, afterSale);
      assert.ok(JSON.parse(afterAdvance).clockOffsetMs > JSON.parse(afterSale).clockOffsetMs, 'the advanced clock is saved');
    } finally {
      await sb.close();
    }
  });

  it('writes through a temp file and rename, leaving no partial or temp file', async () => {
    const file = await tempFile();
    const sb = await startTestSandbox({ dataFile: file });
    await Promise.all(Array.from({ length: 30 }, (_, i) => sale(sb, `${i + 1}.00`)));
    await sb.close();
    assert.deepEqual(await readdir(path.dirname(file)), ['state.json']);
    const state = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(Object.keys(state.slices.cards.transactions).length, 30);
    // A write that fails midway leaves the previous file intact and no temp file behind.
    const unserialisable: any = { ...state };
    unserialisable.slices = { loop: unserialisable };
    await assert.rejects(saveStateAtomically(file, unserialisable));
    assert.deepEqual(await readdir(path.dirname(file)), ['state.json']);
    assert.equal(Object.keys(JSON.parse(await readFile(file, 'utf8')).slices.cards.transactions).length, 30);
  });

  it('refuses a corrupt data file with an error naming the file', async () => {
    const file = await tempFile();
    await writeFile(file, '{"version": 1, "keys": ');
    await assert.rejects(startTestSandbox({ dataFile: file }), (e: Error) => e.message.includes(file) && /not valid JSON/.test(e.message));
    await writeFile(file, '{"hello": "world"}');
    await assert.rejects(startTestSandbox({ dataFile: file }), (e: Error) => e.message.includes(file) && /not a sandbox state/.test(e.message));
  });
});
