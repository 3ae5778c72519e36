// docs/sandbox.md is the user's one table of special values: it must say exactly what the
// sandbox does, so it is held against the data tables the sandbox runs on.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DECLINE_TABLE } from '../../src/catalog/localSandbox/declineAmounts';
import { ACH_RETURN_RULES } from '../../src/catalog/localSandbox/achReturns';

const doc = readFileSync(path.join(__dirname, '../../docs/sandbox.md'), 'utf8');

/** Rows of the first table after a heading, as arrays of trimmed cells. */
function tableAfter(heading: string): string[][] {
  const start = doc.indexOf(heading);
  assert.ok(start >= 0, `docs/sandbox.md has a "${heading}" section`);
  const lines = doc.slice(start).split('\n');
  const first = lines.findIndex(l => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map(c => c.trim().replace(/`/g, '')));
  }
  return rows;
}

describe('docs/sandbox.md special values', () => {
  it('the amounts table matches the decline table (first mapping of an amount wins)', () => {
    const documented = new Map<string, string>();
    for (const [amounts, code] of tableAfter('### Amounts')) {
      for (const a of amounts.split(',')) documented.set(a.trim(), code);
    }
    const effective = new Map<string, string>();
    for (const rule of DECLINE_TABLE) for (const a of rule.amounts) if (!effective.has(a)) effective.set(a, rule.resultCode);
    assert.deepEqual([...documented].sort(), [...effective].sort());
  });

  it('the ACH returns table matches the return rules', () => {
    const rows = tableAfter('### ACH returns').filter(r => /^\d{4}$/.test(r[0]));
    assert.deepEqual(rows.map(r => [r[0], r[2], r[3]]), ACH_RETURN_RULES.map(r => [r.accountEndsWith, r.code, r.message]));
  });
});
