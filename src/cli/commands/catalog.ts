// `gateway-workbench catalog [--json]`: every operation, as a table or a JSON array, each with
// where it comes from: the gateway's interface, or public clients of the real gateway (with evidence).

import { parseArgs } from 'node:util';
import { operations } from '../../catalog';
import { parseOptionsOf, type CliCommand, type CliOption } from '../cliCommand';

const COLUMNS = ['id', 'method', 'path', 'group', 'bodyFormat', 'safety', 'source', 'title'] as const;

function table(): string[] {
  const rows = operations.map(op => COLUMNS.map(c => String(op[c])));
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map(r => r[i].length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  return [line(COLUMNS), line(widths.map(w => '-'.repeat(w))), ...rows.map(line)];
}

const OPTIONS = [
  { name: 'json', type: 'boolean', text: `A JSON array instead of the table: each operation's ${COLUMNS.join(', ')} ("interface" or "public-clients"), and for an operation past the interface its evidence (owner/repository@commit:path).` },
] as const satisfies readonly CliOption[];

export const catalogCommand: CliCommand = {
  name: 'catalog',
  summary: 'List every gateway operation (id, method, path, group, body format, safety, source).',
  usage: 'gateway-workbench catalog [--json]',
  options: OPTIONS,
  async run(args, io) {
    const { values } = parseArgs({ args, options: parseOptionsOf(OPTIONS), strict: true, allowPositionals: false });
    if (values.json) {
      const list = operations.map(op => ({ ...Object.fromEntries(COLUMNS.map(c => [c, op[c]])), ...(op.evidence ? { evidence: op.evidence } : {}) }));
      io.out(JSON.stringify(list, null, 2));
    } else {
      for (const line of table()) io.out(line);
    }
    return 0;
  },
};
