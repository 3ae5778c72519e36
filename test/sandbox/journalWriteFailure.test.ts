// A journal write the disk does not take whole is answered with an error, never acknowledged; the
// writes after it go on, and the journal they leave starts again with every acknowledged change.
// The disk "fills up" through a file size limit on the sandbox's process (`ulimit -f`): a write
// that crosses it stops short without an error from the system, one that starts past it fails.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { failedWritesLine, recordLine } from '../../src/sandbox/persistence/journalFormat';
import { replayJournal } from '../../src/sandbox/persistence/journalReplay';
import { emptyTable, newState } from '../../src/sandbox/domain/state';
import { call, sale, startTestSandbox, VISA } from './sandboxTestClient';
import { startSandboxProcess, stopSandboxProcess, type SandboxProcess } from './sandboxProcess';
import { generateHppKeyPair } from '../../src/sandbox/domain/answerSignature';

const ROOT = path.resolve(__dirname, '../..');
/** The journal claims 1 MB ahead; its second claim crosses this. */
const MAX_FILE_BYTES = 1.5 * 1024 * 1024;

/** A sale whose record is about `descriptionBytes` long: its status, and its id when acknowledged. */
async function saleOfSize(sb: SandboxProcess, cents: number, descriptionBytes: number): Promise<{ status: number; id?: string }> {
  const res = await fetch(`${sb.gatewayUrl}/rest/v2/transactions/sale`, {
    method: 'POST',
    headers: { 'api-key': sb.apiKey, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ amount: (cents / 100).toFixed(2), card: VISA, 'exp-date': '1230', csc: '999', description: 'd'.repeat(descriptionBytes) }),
  });
  const body = (await res.json()) as { payload: { transaction?: { id: string } } };
  return { status: res.status, id: res.status === 200 ? body.payload.transaction?.id : undefined };
}

describe('journal writes the disk does not take whole', () => {
  it('are never acknowledged, and the journal left after them starts with every acknowledged sale', async () => {
    const dataFile = path.join(await mkdtemp(path.join(tmpdir(), 'gw-journal-full-')), 'state.json');
    const sb = await startSandboxProcess([path.join(ROOT, 'src/cli/main.ts'), 'sandbox', '--port', '0', '--data', dataFile, '--rate', '1000000'], ROOT, MAX_FILE_BYTES);
    const answers: Array<{ cents: number; status: number; id?: string }> = [];
    try {
      // 700 KB fits the first megabyte claimed; 400 KB more needs the next one, of which the limit
      // leaves half; 500 KB after that crosses the limit; a small sale fits where the first left off.
      for (const [cents, size] of [[101, 700_000], [102, 400_000], [103, 500_000], [104, 100]]) {
        answers.push({ cents, ...await saleOfSize(sb, cents, size) });
      }
    } finally {
      // As a crash leaves it: no final snapshot folds the journal in.
      await stopSandboxProcess(sb.child, 'SIGKILL');
    }
    const acknowledged = answers.filter(a => a.status === 200);
    const again = await startTestSandbox({ dataFile });
    try {
      for (const { cents, id } of acknowledged) {
        const found = (await call(again, 'GET', `/rest/v2/transactions?id=${id}`)).body.payload.transactions.transaction;
        assert.equal(found[0]?.amount, (cents / 100).toFixed(2), `acknowledged sale ${id} of ${cents} cents is kept (answers: ${JSON.stringify(answers)})`);
      }
      const next = (await sale(again, '1.00')).body.payload.transaction.id;
      assert.ok(acknowledged.every(a => Number(next) > Number(a.id)), `the next sale's id ${next} follows every acknowledged one`);
    } finally {
      await again.close();
    }
    assert.deepEqual(answers.map(a => a.status), [200, 500, 500, 200], 'the writes the disk did not take whole were refused, the one after them acknowledged');
  });

  // Records 1–2 written; 3–4, then 5, failed; the next write begins with the record standing for
  // them. A snapshot begun after a failed write holds them too (it is the state in memory), so the
  // data file's journalSeq may fall among them, and the older segment may be gone.
  const record = (s: number) => recordLine(JSON.stringify({ s, c: [[['counters', `r${s}`], s]] }));
  const cases: Array<{ segments: string[][]; journalSeq: number; applied?: string[]; damagedAt?: RegExp }> = [
    { segments: [[record(1), record(2), failedWritesLine(5, 2), record(6)]], journalSeq: 0, applied: ['r1', 'r2', 'r6'] },
    { segments: [[record(1), record(2)], [failedWritesLine(5, 2), record(6)]], journalSeq: 1, applied: ['r2', 'r6'] },
    { segments: [[failedWritesLine(5, 2), record(6)]], journalSeq: 2, applied: ['r6'] },
    { segments: [[failedWritesLine(5, 2), record(6)]], journalSeq: 4, applied: ['r6'] },
    { segments: [[failedWritesLine(5, 2), record(6)]], journalSeq: 5, applied: ['r6'] },
    { segments: [[failedWritesLine(5, 2), record(6)]], journalSeq: 1, damagedAt: /journal is damaged at byte 0 \(line 1\): record 2 should be here, right after the last one the data file holds \(1\), but this record says the one before it is record 2/ },
    { segments: [[record(1), failedWritesLine(5, 2), record(6)]], journalSeq: 0, damagedAt: /record 2 should be here, but this record says the one before it is record 2/ },
  ];
  for (const { segments, journalSeq, applied, damagedAt } of cases) {
    it(`a record standing for failed writes, in ${segments.map(s => s.length).join(' + ')} lines after journalSeq ${journalSeq}: ${damagedAt ? 'damage' : 'bridges them'}`, async () => {
      const dataFile = path.join(await mkdtemp(path.join(tmpdir(), 'gw-journal-failed-')), 'state.json');
      await Promise.all(segments.map((lines, i) => writeFile(`${dataFile}.journal${i ? `.${i}` : ''}`, lines.join(''))));
      const state = newState([], { apiKey: 'a', accessKey: 'b', merchantId: '8000', minted: emptyTable() , hpp: generateHppKeyPair() }, 0);
      const replay = replayJournal(dataFile, state, journalSeq);
      if (damagedAt) {
        await assert.rejects(replay, (e: Error) => e.name === 'DataFileError' && damagedAt.test(e.message));
        return;
      }
      assert.equal((await replay).lastSeq, 6);
      assert.deepEqual(Object.keys(state.counters), applied);
    });
  }
});
