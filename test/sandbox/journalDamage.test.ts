// Damage anywhere in the journal stops the start with an error naming the file, the record and
// what to do; only a last record cut short by a crash (never acknowledged) is dropped. Each case
// starts from what a kill -9 right after 15 acknowledged sales leaves on disk: the files are
// copied while the sandbox that wrote them still runs (every record is on disk before its
// answer), then damaged the way a disk or a careless edit would, then started as a user would.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, sale, startTestSandbox } from './sandboxTestClient';

const SALES = 15;
/** The sale whose record is damaged: one with whole records before and after it. */
const MIDDLE = 7;

/** One journal line: where it starts, its bytes (with the newline) and its sequence number. */
interface JournalLine { offset: number; bytes: Buffer; seq: number }

interface CrashImage {
  file: string;
  journal: string;
  /** The acknowledged sales' ids, in order. */
  ids: string[];
  lines: JournalLine[];
  /** The line holding each sale, by its index in `ids`. */
  lineOfSale: number[];
}

async function crashImage(): Promise<CrashImage> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gw-journal-damage-'));
  await mkdir(path.join(dir, 'live'));
  const live = path.join(dir, 'live', 'state.json');
  const file = path.join(dir, 'state.json');
  const sb = await startTestSandbox({ dataFile: live });
  const ids: string[] = [];
  try {
    for (let i = 1; i <= SALES; i++) {
      const r = await sale(sb, `${i}.00`);
      assert.equal(r.status, 200, r.text);
      ids.push(r.body.payload.transaction.id);
    }
    await copyFile(live, file);
    await copyFile(`${live}.journal`, `${file}.journal`);
  } finally {
    await sb.close();
  }
  const journal = `${file}.journal`;
  const bytes = await readFile(journal);
  const lines: JournalLine[] = [];
  for (let offset = 0; offset < bytes.length && bytes[offset] !== 0;) {
    const end = bytes.indexOf(0x0a, offset) + 1;
    const line = bytes.subarray(offset, end);
    lines.push({ offset, bytes: Buffer.from(line), seq: Number(/"s":(\d+)/.exec(line.toString())![1]) });
    offset = end;
  }
  const lineOfSale = ids.map(id => lines.findIndex(l => l.bytes.includes(`"${id}"`)));
  assert.ok(lineOfSale.every(i => i >= 0), 'every sale has its record');
  assert.equal(lines.length, SALES, 'one record per sale');
  return { file, journal, ids, lines, lineOfSale };
}

/** Whether the sandbox has the sale `id`: the search answers 200 with an empty list when it has not. */
async function has(sb: RunningSandbox, id: string): Promise<boolean> {
  return (await call(sb, 'GET', `/rest/v2/transactions?id=${id}`)).body.payload.transactions.transaction.length === 1;
}

/** The journal made of `lines`, followed by the zeros of space claimed ahead. */
function journalOf(lines: Buffer[], claimed = 64 * 1024): Buffer {
  return Buffer.concat([...lines, Buffer.alloc(claimed)]);
}

/**
 * Starts on the damaged image and expects a refusal naming `file`, `byte <offset>` and `record <seq>`,
 * saying what to do, and leaving the files as they were. A start that goes ahead is shown with
 * what it cost: the sales it kept and whether the next sale got an id already acknowledged.
 */
async function assertRefused(image: CrashImage, expected: { file: string; offset: number; seq: number }): Promise<void> {
  const before = new Map<string, Buffer>();
  const dir = path.dirname(image.file);
  for (const name of await readdir(dir)) if (name.startsWith('state.json')) before.set(name, await readFile(path.join(dir, name)));
  const started = await startTestSandbox({ dataFile: image.file }).catch((e: unknown) => e as Error);
  if (!(started instanceof Error)) {
    let kept = 0;
    let next: string;
    try {
      for (const id of image.ids) if (await has(started, id)) kept++;
      next = (await sale(started, '99.00')).body.payload.transaction.id;
    } finally {
      await started.close();
    }
    assert.ok(!image.ids.includes(next), `the next sale got id ${next}, already acknowledged to another sale (${kept} of ${SALES} sales kept)`);
    assert.fail(`started on a damaged journal: ${kept} of ${SALES} sales kept, the next sale got id ${next}`);
  }
  assert.equal(started.name, 'DataFileError', started.message);
  const m = started.message;
  assert.ok(m.includes(`journal ${expected.file} `), `names the file: ${m}`);
  assert.ok(m.includes(`byte ${expected.offset}`), `names the byte offset ${expected.offset}: ${m}`);
  assert.ok(m.includes(`record ${expected.seq}`), `names record ${expected.seq}: ${m}`);
  assert.match(m, /Restore .* from a backup, or move .* away to start with a fresh sandbox/, m);
  for (const [name, bytes] of before) assert.ok(bytes.equals(await readFile(path.join(dir, name))), `${name} is left as it was`);
}

describe('journal damage', () => {
  it('refuses a zeroed record with whole records after it', async () => {
    const image = await crashImage();
    const k = image.lineOfSale[MIDDLE];
    await writeFile(image.journal, journalOf(image.lines.map((l, i) => i === k ? Buffer.alloc(l.bytes.length) : l.bytes)));
    await assertRefused(image, { file: image.journal, offset: image.lines[k].offset, seq: image.lines[k].seq });
  });

  it('refuses a journal with a record deleted from the middle', async () => {
    const image = await crashImage();
    const k = image.lineOfSale[MIDDLE];
    await writeFile(image.journal, journalOf(image.lines.filter((_, i) => i !== k).map(l => l.bytes)));
    await assertRefused(image, { file: image.journal, offset: image.lines[k].offset, seq: image.lines[k].seq });
  });

  it('refuses a journal with two records swapped', async () => {
    const image = await crashImage();
    const k = image.lineOfSale[MIDDLE];
    const order = image.lines.map(l => l.bytes);
    [order[k], order[k + 1]] = [order[k + 1], order[k]];
    await writeFile(image.journal, journalOf(order));
    await assertRefused(image, { file: image.journal, offset: image.lines[k].offset, seq: image.lines[k].seq });
  });

  it('refuses a record with one flipped byte in the middle of the journal', async () => {
    const image = await crashImage();
    const k = image.lineOfSale[MIDDLE];
    const flipped = Buffer.from(image.lines[k].bytes);
    // A digit of the amount: still JSON, still a record, only its checksum says it changed.
    const at = flipped.indexOf(`"amountCents":${(MIDDLE + 1) * 100}`) + '"amountCents":'.length;
    flipped[at] ^= 0x01;
    await writeFile(image.journal, journalOf(image.lines.map((l, i) => i === k ? flipped : l.bytes)));
    await assertRefused(image, { file: image.journal, offset: image.lines[k].offset, seq: image.lines[k].seq });
  });

  it('refuses a gap in sequence numbers between two journal segments', async () => {
    const image = await crashImage();
    const k = image.lineOfSale[MIDDLE];
    // As a crash mid-snapshot leaves them: the older segment and the newer one, with a record missing between.
    await writeFile(image.journal, journalOf(image.lines.slice(0, k).map(l => l.bytes)));
    await writeFile(`${image.journal}.1`, journalOf(image.lines.slice(k + 1).map(l => l.bytes)));
    await assertRefused(image, { file: `${image.journal}.1`, offset: 0, seq: image.lines[k].seq });
  });

  it('refuses a journal whose first record is missing (a gap after the data file)', async () => {
    const image = await crashImage();
    await writeFile(image.journal, journalOf(image.lines.slice(1).map(l => l.bytes)));
    await assertRefused(image, { file: image.journal, offset: 0, seq: image.lines[0].seq });
  });

  it('refuses stray bytes in the space claimed ahead, after the last record', async () => {
    const image = await crashImage();
    const bytes = journalOf(image.lines.map(l => l.bytes));
    const end = image.lines[SALES - 1].offset + image.lines[SALES - 1].bytes.length;
    bytes[end + 5000] = 0x7b;
    await writeFile(image.journal, bytes);
    await assertRefused(image, { file: image.journal, offset: end, seq: image.lines[SALES - 1].seq + 1 });
  });

  for (const after of ['zeros', 'the end of the file'] as const) {
    it(`recovers every record before a torn last record followed by ${after}, and issues no acknowledged id again`, async () => {
      const image = await crashImage();
      const last = image.lines[SALES - 1];
      const torn = last.bytes.subarray(0, Math.floor(last.bytes.length / 2));
      const lines = [...image.lines.slice(0, -1).map(l => l.bytes), torn];
      await writeFile(image.journal, after === 'zeros' ? journalOf(lines) : Buffer.concat(lines));
      const logs: string[] = [];
      const sb = await startTestSandbox({ dataFile: image.file, log: l => logs.push(l) });
      try {
        // The torn record's sale was never acknowledged in a real crash (its write had not returned).
        const kept = image.ids.slice(0, -1);
        for (const id of kept) assert.ok(await has(sb, id), `sale ${id} is kept`);
        assert.ok(logs.some(l => l.includes(`Dropped an unfinished last record (${torn.length} bytes)`)), logs.join('\n'));
        const next = (await sale(sb, '99.00')).body.payload.transaction.id;
        assert.ok(kept.every(id => Number(next) > Number(id)), `the next sale's id ${next} follows every acknowledged one`);
      } finally {
        await sb.close();
      }
    });
  }
});
