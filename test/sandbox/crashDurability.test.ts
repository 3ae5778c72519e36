// kill -9 at random moments under concurrent writers: every sale the sandbox acknowledged is
// still there after a restart, with the amount it was sent with; no id is handed out twice;
// no temporary file is left behind. The sandbox runs as the CLI does, in its own process.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { seededRandom } from './sandboxTestClient';
import { acknowledgedSale, startSandboxProcess, stopSandboxProcess, type SandboxProcess } from './sandboxProcess';

const ROOT = path.resolve(__dirname, '../..');
const ROUNDS = 6;
const WRITERS = 8;

function startCli(dataFile: string): Promise<SandboxProcess> {
  return startSandboxProcess([path.join(ROOT, 'src/cli/main.ts'), 'sandbox', '--port', '0', '--data', dataFile, '--rate', '1000000'], ROOT);
}

describe('durability under kill -9', () => {
  it(`loses no acknowledged sale and re-issues no id over ${ROUNDS} kills with ${WRITERS} concurrent writers`, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-crash-'));
    const dataFile = path.join(dir, 'state.json');
    const random = seededRandom(10);
    /** Acknowledged sale id → the cents it was sent with. */
    const acknowledged = new Map<string, number>();
    const reissued: string[] = [];
    let nextCents = 100;
    const tempsAfterKill: number[] = [];
    let latestRound: string[] = [];

    for (let round = 0; round <= ROUNDS; round++) {
      const sb = await startCli(dataFile);
      try {
        const tmps = (await readdir(dir)).filter(n => n.endsWith('.tmp'));
        assert.deepEqual(tmps, [], `temp files after restart ${round}`);
        const headers = { 'api-key': sb.apiKey, 'content-type': 'application/json', accept: 'application/json' };
        // Every sale acknowledged before any kill, with the amount it was sent with: the
        // latest round's through the API, all of them in the data file the start wrote.
        const lost: string[] = [];
        await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
          for (const id of latestRound.filter((_, i) => i % WRITERS === w)) {
            const res = await fetch(`${sb.gatewayUrl}/rest/v2/transactions?id=${id}`, { headers });
            const found = res.status === 200 ? ((await res.json()) as any).payload.transactions.transaction[0] : undefined;
            if (found?.amount !== (acknowledged.get(id)! / 100).toFixed(2)) lost.push(id);
          }
        }));
        const stored = JSON.parse(await readFile(dataFile, 'utf8')).slices.cards.transactions;
        for (const [id, cents] of acknowledged) if (stored[id]?.amountCents !== cents) lost.push(id);
        assert.deepEqual(lost, [], `lost or changed after restart ${round}, of ${acknowledged.size} acknowledged sales`);
        latestRound = [];
        if (round === ROUNDS) break;

        let stop = false;
        const writer = async () => {
          while (!stop) {
            const cents = nextCents++;
            try {
              const id = await acknowledgedSale(sb, cents);
              if (id === undefined) continue;
              if (acknowledged.has(id)) reissued.push(id);
              else {
                acknowledged.set(id, cents);
                latestRound.push(id);
              }
            } catch {
              return; // the sandbox died: this sale was never acknowledged
            }
          }
        };
        const writers = Array.from({ length: WRITERS }, writer);
        await new Promise(r => setTimeout(r, 150 + random() * 350));
        await stopSandboxProcess(sb.child, 'SIGKILL');
        stop = true;
        await Promise.all(writers);
        tempsAfterKill.push((await readdir(dir)).filter(n => n.endsWith('.tmp')).length);
      } finally {
        await stopSandboxProcess(sb.child, 'SIGTERM');
      }
    }
    assert.deepEqual(reissued, [], 'ids handed out twice');
    assert.ok(acknowledged.size > ROUNDS * 20, `only ${acknowledged.size} sales acknowledged: the writers barely ran`);
    assert.deepEqual((await readdir(dir)).filter(n => n.endsWith('.tmp')), []);
    // The final snapshot (clean stop) holds them all too, as the data file.
    const state = JSON.parse(await readFile(dataFile, 'utf8'));
    assert.equal([...acknowledged.keys()].filter(id => !state.slices.cards.transactions[id]).length, 0);
    console.log(`# ${acknowledged.size} acknowledged sales over ${ROUNDS} × kill -9: 0 lost, 0 ids re-issued; temp files right after each kill: ${tempsAfterKill.join(', ')}`);
  });
});
