// Issue 11, item 13: "Search transactions" from the palette asks for its filters in one box, all
// optional, each checked like its parameter.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requireOperation } from '../../src/catalog';
import { parseFilters, SEARCH_FILTERS } from '../../src/extension/operations/filterInput';

const search = requireOperation('transactions.search');
const names = SEARCH_FILTERS['transactions.search'];

describe('search filters typed in one box', () => {
  it('offers date range, amount, invoice and last four, all of them search parameters', () => {
    for (const name of ['start-date', 'end-date', 'amount', 'invoice', 'last-four']) assert.ok(names.includes(name), name);
    for (const name of names) assert.ok(search.params.some((p) => p.name === name && !p.required), name);
  });

  it('reads name=value pairs (quoted values may hold spaces); empty is no filter', () => {
    assert.deepEqual(parseFilters(search, names, ''), { vars: {} });
    assert.deepEqual(parseFilters(search, names, 'amount=25.00 last-four=1111 start-date="2026-11-01 00:00"'),
      { vars: { amount: '25.00', 'last-four': '1111', 'start-date': '2026-11-01 00:00' } });
  });

  it('says what is wrong: a stray word, an unknown filter, a bad value', () => {
    assert.match((parseFilters(search, names, 'amount') as { problem: string }).problem, /name=value/);
    assert.match((parseFilters(search, names, 'card=4111') as { problem: string }).problem, /Unknown filter "card"/);
    assert.ok('problem' in parseFilters(search, names, 'amount=abc'));
  });
});
