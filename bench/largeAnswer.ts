// A 45 MB transaction search answer, XML and JSON, through the client: time and peak memory
// (ru_maxrss of a fresh process) against the body size. The same-run baseline is the same
// client made to parse the whole body into a tree (maxParsedBodyBytes: Infinity), which is
// what every answer got before bodies above MAX_PARSED_BODY_BYTES were kept raw.
// `npm run bench -- large` (or `node --import tsx bench/run.ts large`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { spawnNode } from './nodeChild';
import { fmt } from './stats';

const BODY_MB = Number(process.env.LARGE_ANSWER_MB ?? 45);

function transactionFields(i: number): Array<[string, string]> {
  return [
    ['id', String(100000 + i)], ['type', 'SALE'], ['amount', '25.00'], ['result', 'APPROVED'], ['result-code', '000'],
    ['display-message', 'Transaction approved'], ['authorization-code', `TAS${String(i % 1000).padStart(3, '0')}`],
    ['card', 'XXXXXXXXXXXX1111'], ['card-type', 'VISA'], ['exp-date', '1230'], ['created', '2026-11-21 14:43:44.483'],
  ];
}

function searchAnswer(format: 'xml' | 'json', targetBytes: number): Buffer {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const fields = transactionFields(i);
    const item = format === 'xml'
      ? `<transaction>${fields.map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</transaction>`
      : `${i === 0 ? '' : ','}{${fields.map(([k, v]) => `"${k}":"${v}"`).join(',')}}`;
    parts.push(item);
    size += item.length;
  }
  const text = format === 'xml'
    ? `<response><code>200</code><status>success</status><exchange-id>ID-bench-1</exchange-id><payload type="transactions"><transactions>${parts.join('')}</transactions></payload></response>`
    : `{"code":"200","status":"success","exchange-id":"ID-bench-1","payload":{"payloadType":"transactions","transactions":{"transaction":[${parts.join('')}]}}}`;
  return Buffer.from(text);
}


interface Measured { ms: number; bodyBytes: number; peakRssBytes: number; rssBeforeBytes: number; parsed: boolean; notParsed: boolean }

async function measure(url: string, mode: 'default' | 'all'): Promise<Measured> {
  const { firstLine } = spawnNode([path.join(__dirname, 'largeAnswerClient.ts'), url, mode]);
  return JSON.parse(await firstLine) as Measured;
}

export async function benchLargeAnswer() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-large-'));
  const lines: string[] = [];
  const ratios: Record<string, number> = {};
  try {
    for (const format of ['xml', 'json'] as const) {
      const file = path.join(dir, `answer.${format}`);
      writeFileSync(file, searchAnswer(format, BODY_MB * 1024 * 1024));
      const { child, firstLine } = spawnNode([path.join(__dirname, 'fileBodyServer.ts'), file, `application/${format}`]);
      try {
        const { url } = JSON.parse(await firstLine) as { url: string };
        const ours = await measure(url, 'default');
        const tree = await measure(url, 'all');
        const mb = (b: number) => fmt(b / (1024 * 1024), 0);
        const times = (m: Measured) => `${fmt(m.peakRssBytes / m.bodyBytes, 1)}× the body (growth ${fmt((m.peakRssBytes - m.rssBeforeBytes) / m.bodyBytes, 1)}×)`;
        lines.push(`${format} ${mb(ours.bodyBytes)} MB answer: ${fmt(ours.ms / 1000, 2)} s, peak RSS ${mb(ours.peakRssBytes)} MB = ${times(ours)} (process at start ${mb(ours.rssBeforeBytes)} MB); kept raw, not parsed: ${ours.notParsed}`);
        lines.push(`${format} baseline, whole tree built: ${fmt(tree.ms / 1000, 2)} s, peak RSS ${mb(tree.peakRssBytes)} MB = ${times(tree)}; ratio ours/baseline: time ${fmt(ours.ms / tree.ms, 2)}, memory ${fmt(ours.peakRssBytes / tree.peakRssBytes, 2)}`);
        ratios[`${format}-memory-x-body`] = ours.peakRssBytes / ours.bodyBytes;
      } finally {
        child.kill('SIGTERM');
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { name: `A ${BODY_MB} MB answer through the client: time and peak memory`, lines, ratios };
}
