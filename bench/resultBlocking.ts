// Issue 13 §1: a 10 MB JSON and a 10 MB XML answer shown as a result and Formatted, through the
// shipped dist/runtime.js as the extension does it (bench/resultBlockingHost.ts, a fresh
// process each). Prints the longest main-thread block (target ≤ 50 ms), Format's time against
// same-run baselines (JSON ≤ 2× parse+stringify, XML ≤ 3× a plain re-indent), redaction against
// one regex pass (≤ 2×), and where showing in place stops being cheaper than the worker.
// `npm run bench -- results` (or `node --import tsx bench/run.ts results`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { spawnNode } from './nodeChild';
import { fmt } from './stats';

const BODY_MB = Number(process.env.RESULT_BODY_MB ?? 10);
/** Just below the client's parse limit (4 MiB): the largest answer it decodes at all. */
const ARRIVAL_MB = Number(process.env.ARRIVAL_BODY_MB ?? 3.9);

/** A transaction search answer of about `bytes`; one row in a hundred carries a full card number. */
export function transactionSearch(format: 'xml' | 'json', bytes: number): string {
  const rows: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const fields: Array<[string, string]> = [
      ['id', String(100000 + i)], ['type', 'SALE'], ['amount', '25.00'], ['result', 'APPROVED'], ['result-code', '000'],
      ['display-message', 'Transaction approved'], ['authorization-code', `TAS${String(i % 1000).padStart(3, '0')}`],
      ['card', i % 100 === 0 ? '4111111111111111' : 'XXXXXXXXXXXX1111'], ['card-type', 'VISA'], ['exp-date', '1230'],
      ['created', '2026-11-21 14:43:44.483'],
    ];
    const row = format === 'xml'
      ? `<transaction>${fields.map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</transaction>`
      : `${i === 0 ? '' : ','}{${fields.map(([k, v]) => `"${k}":"${v}"`).join(',')}}`;
    rows.push(row);
    size += row.length;
  }
  return format === 'xml'
    ? `<?xml version="1.0" encoding="UTF-8"?><response><code>200</code><status>success</status><exchange-id>ID-bench-1</exchange-id><payload type="transactions"><transactions>${rows.join('')}</transactions></payload></response>`
    : `{"code":"200","status":"success","exchange-id":"ID-bench-1","payload":{"payloadType":"transactions","transactions":{"transaction":[${rows.join('')}]}}}`;
}


interface Shown {
  bodyBytes: number; layout: string; idleBlockMs: number; idleBusyMs: number; arrivalBusyMs: number; formatBusyMs: number; arrivalMs: number; arrivalBlockMs: number; formatMs: number; formatBlockMs: number;
  formattedLines: number; parseStringifyMs: number; reindentMs: number; onePassMs: number; redactionMs: number;
}
interface Arrival {
  bodyBytes: number; readable: boolean; payloadType?: string; exchangeId?: string; idleBlockMs: number; arrivalBlockMs: number; arrivalBusyMs: number; arrivalMs: number;
  eagerParseBlockMs: number; eagerParseBusyMs: number; parsedOnAccessMs: number; parsedOnAccess: boolean;
}
interface Crossover { bytes: number; inPlaceMs: number; workerMs: number; workerBlockMs: number }

const verdict = (value: number, limit: number) => (value <= limit ? 'met' : 'NOT met');

export async function benchResultBlocking() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-results-'));
  const lines: string[] = [];
  const ratios: Record<string, number> = {};
  const host = path.join(__dirname, 'resultBlockingHost.ts');
  try {
    for (const format of ['json', 'xml'] as const) {
      const file = path.join(dir, `answer.${format}`);
      writeFileSync(file, transactionSearch(format, BODY_MB * 1024 * 1024));
      const server = spawnNode([path.join(__dirname, 'fileBodyServer.ts'), file, `application/${format}`]);
      try {
        const { url } = JSON.parse(await server.firstLine) as { url: string };
        const m = JSON.parse(await spawnNode([host, url, format]).firstLine) as Shown;
        const mb = fmt(m.bodyBytes / (1024 * 1024), 1);
        const block = Math.max(m.arrivalBlockMs, m.formatBlockMs);
        const busy = Math.max(m.arrivalBusyMs, m.formatBusyMs);
        const baseline = format === 'json' ? m.parseStringifyMs : m.reindentMs;
        const limit = format === 'json' ? 2 : 3;
        const formatRatio = m.formatMs / baseline;
        const redactionRatio = m.redactionMs / m.onePassMs;
        lines.push(`${format} ${mb} MB: longest main-thread block ${fmt(m.arrivalBlockMs, 1)} ms on arrival (shown ${m.layout} in ${fmt(m.arrivalMs, 0)} ms), ${fmt(m.formatBlockMs, 1)} ms on Format, an idle loop ${fmt(m.idleBlockMs, 1)} ms (timer + monitor, wall time); target ≤ 50 ms: ${verdict(block, 50)}`);
        lines.push(`${format} ${mb} MB: longest CPU time of the main thread between two 1 ms ticks (schedstat; time waiting for a CPU left out) ${fmt(m.arrivalBusyMs, 1)} ms on arrival, ${fmt(m.formatBusyMs, 1)} ms on Format, idle ${fmt(m.idleBusyMs, 1)} ms; target ≤ 50 ms: ${verdict(busy, 50)}`);
        lines.push(`${format} Format (redacted, ${m.formattedLines} lines) ${fmt(m.formatMs, 0)} ms vs ${format === 'json' ? 'JSON.parse + JSON.stringify(…, null, 2)' : 'a plain re-indent'} ${fmt(baseline, 0)} ms: ratio ${fmt(formatRatio, 2)}, target ≤ ${limit}: ${verdict(formatRatio, limit)}`);
        lines.push(`${format} redaction of the body ${fmt(m.redactionMs, 0)} ms vs one regex pass ${fmt(m.onePassMs, 0)} ms: ratio ${fmt(redactionRatio, 2)}, target ≤ 2: ${verdict(redactionRatio, 2)}`);
        ratios[`${format}-block-ms`] = block;
        ratios[`${format}-busy-ms`] = busy;
        ratios[`${format}-format-x-baseline`] = formatRatio;
        ratios[`${format}-redaction-x-one-pass`] = redactionRatio;
      } finally {
        server.child.kill('SIGTERM');
      }
    }
    for (const format of ['json', 'xml'] as const) {
      const file = path.join(dir, `arrival.${format}`);
      writeFileSync(file, transactionSearch(format, ARRIVAL_MB * 1024 * 1024));
      const server = spawnNode([path.join(__dirname, 'fileBodyServer.ts'), file, `application/${format}`]);
      try {
        const { url } = JSON.parse(await server.firstLine) as { url: string };
        const a = JSON.parse(await spawnNode([host, 'arrival', url, format]).firstLine) as Arrival;
        const mb = fmt(a.bodyBytes / (1024 * 1024), 1);
        const ratio = a.arrivalBusyMs / a.eagerParseBusyMs;
        lines.push(`${format} ${mb} MB arrival (log line, readable check, payloadType ${a.payloadType ?? '-'}, exchange-id ${a.exchangeId ?? '-'}, shown pretty; best of 3): longest main-thread block ${fmt(a.arrivalBlockMs, 1)} ms wall / ${fmt(a.arrivalBusyMs, 1)} ms CPU vs parsing it on this thread (what arrival did before) ${fmt(a.eagerParseBlockMs, 1)} ms wall / ${fmt(a.eagerParseBusyMs, 1)} ms CPU: ratio ${fmt(ratio, 2)}; idle loop ${fmt(a.idleBlockMs, 1)} ms; target ≤ 50 ms: ${verdict(a.arrivalBlockMs, 50)}`);
        lines.push(`${format} ${mb} MB: the tree, read afterwards (parsed on first access): ${a.parsedOnAccess ? 'made' : 'MISSING'} in ${fmt(a.parsedOnAccessMs, 0)} ms; readable: ${a.readable}`);
        ratios[`${format}-arrival-block-ms`] = a.arrivalBlockMs;
        ratios[`${format}-arrival-x-eager-parse`] = ratio;
      } finally {
        server.child.kill('SIGTERM');
      }
    }
    const crossover = JSON.parse(await spawnNode([host, 'crossover']).firstLine) as Crossover[];
    lines.push(`crossover (JSON shown pretty, best of 5): ${crossover.map((c) => `${c.bytes / 1024} KB in place ${fmt(c.inPlaceMs, 1)} ms / worker ${fmt(c.workerMs, 1)} ms (busy ${fmt(c.workerBlockMs, 1)} ms)`).join('; ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: `Results never block the extension host: ${BODY_MB} MB answers`, lines, ratios };
}
