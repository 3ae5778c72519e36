// The conformance flow table against the suite and the docs: 51 flows, at least 50 working,
// every flow replayed by exactly one test, every decision recorded in docs/sandbox.md.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FLOWS } from './flows';

const here = __dirname;
const suite = readdirSync(here).filter((f) => f.endsWith('.test.ts') && f !== 'flows.test.ts').map((f) => readFileSync(path.join(here, f), 'utf8')).join('\n');
const docs = readFileSync(path.join(here, '../../docs/sandbox.md'), 'utf8');

describe('conformance flow table', () => {
  it('has 51 flows with distinct ids, at least 50 of them working', () => {
    assert.equal(FLOWS.length, 51);
    assert.equal(new Set(FLOWS.map((f) => f.id)).size, 51);
    assert.ok(FLOWS.filter((f) => f.outcome === 'works').length >= 50);
  });

  it('replays each flow in exactly one test', () => {
    for (const flow of FLOWS) {
      const uses = suite.split(`flowName('${flow.id}')`).length - 1;
      assert.equal(uses, 1, `${flow.id} is replayed ${uses} times`);
    }
  });

  it('records every flow, and why each decision is one, in docs/sandbox.md', () => {
    for (const flow of FLOWS) assert.ok(docs.includes(`\`${flow.id}\``), `docs/sandbox.md names ${flow.id}`);
  });
});
