// The README lists every operation; the list is generated from the catalog and must not drift.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { README, readmeWithTable } from '../../scripts/operationsTable';
import { operations } from '../../src/catalog';

describe('README operation table', () => {
  it('is what the catalog generates (run: npx tsx scripts/operationsTable.ts --write)', () => {
    const readme = readFileSync(README, 'utf8');
    assert.equal(readme, readmeWithTable(readme));
    assert.equal(readme.match(/^\| [^|]+ \| [^|]+ \| `(GET|POST|PUT|DELETE) \//gm)?.length, operations.length);
  });
});
