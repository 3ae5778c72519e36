import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { operations } from '../../src/catalog';
import { docWithTable, parityGaps, parityTable, SANDBOX_DOC } from '../../scripts/parityTable';

describe('sandbox parity table', () => {
  it('has exactly one row per catalog operation', () => {
    assert.deepEqual(parityGaps(), { missing: [], unknown: [] });
    const rows = parityTable().split('\n').filter((l) => l.startsWith('| `'));
    assert.equal(rows.length, operations.length);
    for (const op of operations) assert.equal(rows.filter((r) => r.startsWith(`| \`${op.id}\` `)).length, 1, op.id);
  });

  it('is what docs/sandbox.md shows (run: npx tsx scripts/parityTable.ts --write)', () => {
    const doc = readFileSync(SANDBOX_DOC, 'utf8');
    assert.equal(doc, docWithTable(doc));
  });
});
