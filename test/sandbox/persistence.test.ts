import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseWithoutPrototypes } from '../../src/sandbox/persistence/persistence';
import { call, sale, startTestSandbox, VISA } from './sandboxTestClient';

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

  it('keeps a transaction\'s receipts and signature across a restart (issue 33)', async () => {
    const file = await tempFile();
    const first = await startTestSandbox({ dataFile: file });
    const txId = (await sale(first, '12.00')).body.payload.transaction.id;
    const receipt = await call(first, 'POST', '/rest/v2/receipts', { json: { id: Number(txId), 'email-address': 'a@example.com' } });
    assert.equal(receipt.status, 200);
    const signature = await call(first, 'POST', '/rest/v2/signature', { json: { 'transaction-id': Number(txId), 'base-64-image': 'aGVsbG8=' } });
    assert.equal(signature.status, 200);
    await first.close();
    const second = await startTestSandbox({ dataFile: file });
    try {
      const links = (await call(second, 'GET', `/rest/v2/transactions?id=${txId}`)).body.links as Array<{ rel: string; id: string }>;
      assert.deepEqual(links.filter(l => l.rel !== 'self').map(l => [l.rel, l.id]), [
        ['receipt', receipt.body.payload.receipt.id], ['signature', signature.body.payload.signature.id],
      ]);
    } finally {
      await second.close();
    }
  });

  it('takes receipts into a state saved before receipts and signatures existed', async () => {
    const file = await tempFile();
    const first = await startTestSandbox({ dataFile: file });
    const txId = (await sale(first, '13.00')).body.payload.transaction.id;
    await first.close();
    const saved = JSON.parse(await readFile(file, 'utf8'));
    assert.ok(saved.slices.mobile, 'the mobile slice is saved');
    delete saved.slices.mobile.receipts;
    delete saved.slices.mobile.signatures;
    await writeFile(file, JSON.stringify(saved));
    const second = await startTestSandbox({ dataFile: file });
    try {
      assert.equal((await call(second, 'GET', `/rest/v2/transactions?id=${txId}`)).status, 200);
      const receipt = await call(second, 'POST', '/rest/v2/receipts', { json: { id: txId, 'email-address': 'b@example.com' } });
      assert.equal(receipt.status, 200);
      const links = (await call(second, 'GET', `/rest/v2/transactions?id=${txId}`)).body.links as Array<{ rel: string }>;
      assert.ok(links.some(l => l.rel === 'receipt'));
    } finally {
      await second.close();
    }
  });

  it('has each write in the journal, on disk, by the time its answer arrives', async () => {
    const file = await tempFile();
    const sb = await startTestSandbox({ dataFile: file });
    try {
      const id = (await sale(sb, '8.00')).body.payload.transaction.id;
      // No waiting: the answer is only sent once the record is written and fsynced.
      const journal = await readFile(`${file}.journal`, 'utf8');
      assert.ok(journal.includes(`"${id}"`), 'the sale is in the journal');
      assert.ok(!journal.includes(VISA), 'no full card number in the journal');
    } finally {
      await sb.close();
    }
  });

  it('reads add nothing to the journal; an advanced clock does', async () => {
    const file = await tempFile();
    const sb = await startTestSandbox({ dataFile: file });
    try {
      await sale(sb, '8.00');
      const records = async () => (await readFile(`${file}.journal`, 'utf8')).replace(/\0+$/, '');
      const afterSale = await records();
      for (let i = 0; i < 5; i++) await call(sb, 'GET', '/rest/v1/batches/open');
      assert.equal(await records(), afterSale, 'five reads wrote nothing');
      const res = await fetch(`${sb.gatewayUrl}/__sandbox/clock/advance`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ next: 'ach-window' }),
      });
      const offset = ((await res.json()) as any).offsetMs;
      const added = (await records()).slice(afterSale.length);
      assert.ok(added.includes(`["clockOffsetMs"],${offset}`), 'the advanced clock is journaled before the answer');
    } finally {
      await sb.close();
    }
  });

  it('journals a change, not the whole state: a record stays small however many sales are stored', async () => {
    const file = await tempFile();
    const sb = await startTestSandbox({ dataFile: file });
    try {
      const written = async () => (await readFile(`${file}.journal`, 'utf8')).replace(/\0+$/, '').length;
      const recordSize = async () => {
        const before = await written();
        await sale(sb, '1.00');
        return await written() - before;
      };
      const early = await recordSize();
      for (let i = 0; i < 10; i++) await Promise.all(Array.from({ length: 20 }, () => sale(sb, '2.00')));
      const late = await recordSize();
      assert.ok(late < early * 1.5, `record after 200 sales is ${late} bytes against ${early} at the start`);
    } finally {
      await sb.close();
    }
  });

  it('leaves only the data file and its journal; removes temp files a crash left behind', async () => {
    const file = await tempFile();
    const sb = await startTestSandbox({ dataFile: file });
    await Promise.all(Array.from({ length: 30 }, (_, i) => sale(sb, `${i + 1}.00`)));
    await sb.close();
    assert.deepEqual((await readdir(path.dirname(file))).sort(), ['state.json', 'state.json.journal']);
    const state = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(Object.keys(state.slices.cards.transactions).length, 30);
    assert.equal(await readFile(`${file}.journal`, 'utf8'), '', 'close folds the journal into the snapshot');

    await writeFile(path.join(path.dirname(file), '.state.json.4242.0badcafe.tmp'), '{"half": ');
    const again = await startTestSandbox({ dataFile: file });
    await again.close();
    assert.deepEqual((await readdir(path.dirname(file))).sort(), ['state.json', 'state.json.journal']);
  });

  it('drops a torn last journal record (never acknowledged) and keeps the whole ones', async () => {
    const file = await tempFile();
    const sb = await startTestSandbox({ dataFile: file });
    const kept = (await sale(sb, '3.00')).body.payload.transaction.id;
    const journal = (await readFile(`${file}.journal`, 'utf8')).replace(/\0+$/, '');
    await sb.close();
    // As a kill -9 mid-write leaves it: the snapshot from before, whole records, a cut one,
    // then the zeros of space claimed ahead.
    await writeFile(`${file}.journal`, `${journal}${journal.slice(0, journal.length / 2)}${'\0'.repeat(4096)}`);
    const state = JSON.parse(await readFile(file, 'utf8'));
    delete state.slices.cards.transactions[kept];
    state.journalSeq = 0;
    await writeFile(file, JSON.stringify(state));
    const logs: string[] = [];
    const again = await startTestSandbox({ dataFile: file, log: l => logs.push(l) });
    try {
      assert.equal((await call(again, 'GET', `/rest/v2/transactions?id=${kept}`)).body.payload.transactions.transaction[0].amount, '3.00');
      assert.ok(logs.some(l => /Dropped an unfinished last record/.test(l)), logs.join('\n'));
      const next = (await sale(again, '1.00')).body.payload.transaction.id;
      assert.ok(Number(next) > Number(kept));
    } finally {
      await again.close();
    }
  });

  it('refuses a journal damaged in the middle, naming it', async () => {
    const file = await tempFile();
    const sb = await startTestSandbox({ dataFile: file });
    await sale(sb, '3.00');
    await sale(sb, '4.00');
    const journal = await readFile(`${file}.journal`, 'utf8');
    await sb.close();
    const state = JSON.parse(await readFile(file, 'utf8'));
    state.journalSeq = 0;
    await writeFile(file, JSON.stringify(state));
    await writeFile(`${file}.journal`, journal.replace('3.00', '9.00').replace('"amountCents":300', '"amountCents":900'));
    await assert.rejects(startTestSandbox({ dataFile: file }), (e: Error) => e.message.includes(`${file}.journal`) && /damaged at byte 0 \(line 1\)/.test(e.message));
  });

  it('refuses a corrupt data file with an error naming the file', async () => {
    const file = await tempFile();
    await writeFile(file, '{"version": 1, "keys": ');
    await assert.rejects(startTestSandbox({ dataFile: file }), (e: Error) => e.message.includes(file) && /not valid JSON/.test(e.message));
    await writeFile(file, '{"hello": "world"}');
    await assert.rejects(startTestSandbox({ dataFile: file }), (e: Error) => e.message.includes(file) && /not a sandbox state/.test(e.message));
  });

  it('a data file it cannot keep is refused with what to do: a missing folder, a folder given as the file', async () => {
    const dir = path.dirname(await tempFile());
    const missing = path.join(dir, 'no-such-folder', 'state.json');
    await assert.rejects(startTestSandbox({ dataFile: missing }), (e: Error) =>
      e.name === 'DataFileError' && e.message === `Cannot keep the sandbox's state in ${missing}: the folder ${path.dirname(missing)} does not exist; create it, or keep the data file in a folder that does.`);
    await assert.rejects(startTestSandbox({ dataFile: dir }), (e: Error) =>
      e.name === 'DataFileError' && e.message === `Cannot keep the sandbox's state in ${dir}: it is a folder, not a file; move the folder away (the file is created when missing) or keep the state in another file.`);
    assert.deepEqual(await readdir(dir), [], 'nothing was left behind');
  });

  it('loads objects with no prototype at any depth, keeping a "__proto__" key as data', () => {
    const parsed = parseWithoutPrototypes('{"t":{"__proto__":{"polluted":true},"1":{"card":{"brand":"VISA"},"ids":[{"x":{}}]}}}') as
      { t: Record<string, { card: object; ids: Array<{ x: object }> }> };
    for (const node of [parsed, parsed.t, parsed.t['1'], parsed.t['1'].card, parsed.t['1'].ids[0], parsed.t['1'].ids[0].x]) {
      assert.equal(Object.getPrototypeOf(node), null);
    }
    assert.deepEqual(Object.keys(parsed.t), ['1', '__proto__']);
    assert.equal(parsed.t.constructor, undefined, 'an id like "constructor" is absent, not Object');
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype untouched');
  });
});
