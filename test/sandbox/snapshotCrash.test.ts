// kill -9 while a snapshot is being written (in slices, with writes still being acknowledged
// meanwhile): every sale acknowledged before the kill is there after a restart, with its
// amount, and no id is handed out twice. The state is large enough (20k stored sales) that
// each snapshot takes many slices, and the kill waits until a snapshot's temp file exists.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { sale, startTestSandbox } from './sandboxTestClient';
import { acknowledgedSale, startSandboxProcess, stopSandboxProcess, type SandboxProcess } from './sandboxProcess';

const ROUNDS = 4;
const WRITERS = 8;
const STORED = 20_000;
/** About a hundred sales of journal: snapshots follow one another while the writers run. */
const SNAPSHOT_AFTER_BYTES = 64 * 1024;

function startChild(dataFile: string): Promise<SandboxProcess> {
  return startSandboxProcess([path.join(__dirname, 'snapshottingSandbox.ts'), dataFile, String(SNAPSHOT_AFTER_BYTES)]);
}

/** A data file holding `count` stored sales: one made by the sandbox, the rest copies of it with their own ids. */
async function seed(dataFile: string, count: number): Promise<void> {
  const sb = await startTestSandbox({ dataFile });
  await sale(sb, '1.00');
  await sb.close();
  const state = JSON.parse(await readFile(dataFile, 'utf8'));
  const transactions = state.slices.cards.transactions;
  const [first] = Object.values(transactions) as Array<Record<string, unknown>>;
  for (let i = 1; i < count; i++) {
    const id = String(Number(first.id) + i);
    transactions[id] = { ...first, id, childIds: [], references: { invoice: `SEED-${i}` } };
  }
  state.counters['card.transaction'] = Number(first.id) + count - 1;
  await writeFile(dataFile, JSON.stringify(state));
}

describe('durability under kill -9 mid-snapshot', () => {
  it(`loses no acknowledged sale when killed while a snapshot of ${STORED} stored sales is being written`, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-snapcrash-'));
    const dataFile = path.join(dir, 'state.json');
    await seed(dataFile, STORED);
    const acknowledged = new Map<string, number>();
    const reissued: string[] = [];
    const segmentsAtKill: string[][] = [];
    let nextCents = 100;

    for (let round = 0; round <= ROUNDS; round++) {
      const sb = await startChild(dataFile);
      try {
        // The start waits for its snapshot, so the data file now holds everything acknowledged.
        const stored = JSON.parse(await readFile(dataFile, 'utf8')).slices.cards.transactions;
        assert.equal(Object.keys(stored).length >= STORED, true);
        const lost = [...acknowledged].filter(([id, cents]) => stored[id]?.amountCents !== cents).map(([id]) => id);
        assert.deepEqual(lost, [], `lost or changed after restart ${round}, of ${acknowledged.size} acknowledged sales`);
        if (round === ROUNDS) break;

        let stop = false;
        const writer = async () => {
          while (!stop) {
            const cents = nextCents++;
            try {
              const id = await acknowledgedSale(sb, cents);
              if (id === undefined) continue;
              if (acknowledged.has(id)) reissued.push(id);
              else acknowledged.set(id, cents);
            } catch {
              return; // the sandbox died: this sale was never acknowledged
            }
          }
        };
        const writers = Array.from({ length: WRITERS }, writer);
        // Until a snapshot begun during the writes is under way: its temp file and a second journal segment.
        const deadline = Date.now() + 20_000;
        let names: string[] = [];
        for (;;) {
          names = await readdir(dir);
          if (names.some(n => n.endsWith('.tmp')) && names.some(n => /\.journal\.\d+$/.test(n)) && acknowledged.size > 50 * (round + 1)) break;
          assert.ok(Date.now() < deadline, `no snapshot under way after 20 s: ${names.join(', ')}`);
          await new Promise(r => setTimeout(r, 5 + round * 7));
        }
        await stopSandboxProcess(sb.child, 'SIGKILL');
        segmentsAtKill.push(names.filter(n => n.includes('.journal')).sort());
        stop = true;
        await Promise.all(writers);
      } finally {
        await stopSandboxProcess(sb.child, 'SIGTERM');
      }
    }
    assert.deepEqual(reissued, [], 'ids handed out twice');
    assert.ok(acknowledged.size > ROUNDS * 50, `only ${acknowledged.size} sales acknowledged: the writers barely ran`);
    console.log(`# ${acknowledged.size} acknowledged sales over ${ROUNDS} kills mid-snapshot: 0 lost, 0 re-issued; journal files at each kill: ${segmentsAtKill.map(s => s.join(' ')).join(' | ')}`);
  });
});
