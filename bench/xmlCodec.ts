// XML codec throughput: validate + parse + pretty-print (what a result editor does with an XML
// answer) of a 1 MB and a 10 MB transaction search response, in MB/s, next to a bare
// fast-xml-parser parse (no validation, no printing) of the same text as the baseline.
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { parseXml, prettyXml } from '../src/core/codecs/codecs';
import { fmt, nowMs } from './stats';

function searchResponse(targetBytes: number): string {
  const transaction = (i: number) => ({
    id: String(100000 + i), type: 'SALE', amount: '25.00', result: 'APPROVED', 'result-code': '000',
    'display-message': 'Transaction approved', 'authorization-code': `TAS${String(i % 1000).padStart(3, '0')}`,
    card: 'XXXXXXXXXXXX1111', 'last-four': '1111', 'card-type': 'VISA', 'exp-date': '1230',
    'batch-string-id': '12', created: '2026-11-21 14:43:44.483', 'merchant-id': '000000843334', 'terminal-id': '10018001',
  });
  const one = new XMLBuilder({ format: false }).build({ transaction: transaction(0) }).length;
  const n = Math.ceil(targetBytes / one);
  const builder = new XMLBuilder({ format: false, ignoreAttributes: false, attributeNamePrefix: '@_' });
  return builder.build({
    response: {
      code: '200', status: 'success', 'exchange-id': 'ID-clearent-cgw-1-1650386640436-0-1228863',
      payload: { '@_type': 'transactions', transactions: { transaction: Array.from({ length: n }, (_, i) => transaction(i)) } },
    },
  });
}

function mbPerSecond(bytes: number, fn: () => void, minMs = 1500): number {
  fn(); // warm
  let runs = 0;
  const t0 = nowMs();
  while (nowMs() - t0 < minMs) { fn(); runs++; }
  return (bytes * runs) / (1024 * 1024) / ((nowMs() - t0) / 1000);
}

export async function benchXml() {
  const lines: string[] = [];
  const ratios: Record<string, number> = {};
  for (const mb of [1, 10]) {
    const text = searchResponse(mb * 1024 * 1024);
    const bytes = Buffer.byteLength(text);
    const bare = mbPerSecond(bytes, () => new XMLParser().parse(text));
    const ours = mbPerSecond(bytes, () => {
      const parsed = parseXml(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      prettyXml(text);
    });
    lines.push(`${mb} MB: validate+parse+pretty ${fmt(ours, 1)} MB/s; bare parse ${fmt(bare, 1)} MB/s; ratio ${fmt(ours / bare, 2)}`);
    ratios[`${mb}MB`] = ours / bare;
  }
  return { name: 'XML search response: parse + pretty-print', lines, ratios };
}
