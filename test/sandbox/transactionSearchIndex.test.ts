// The transaction search answers from an index (issue 34 §6); its answers must be the plain
// scan's, for every filter, date range, page, page size and order, on any table — ids of every
// kind, creation times out of order or unreadable — and after every write the sandbox makes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { operationById } from '../../src/catalog';
import { ControllableClock } from '../../src/sandbox/domain/clock';
import { ErrorAnswer, type Answer, type SandboxRequest } from '../../src/sandbox/domain/domain';
import { fromCents } from '../../src/sandbox/domain/money';
import { emptyTable, generateKeys, newState } from '../../src/sandbox/domain/state';
import { sandboxModules } from '../../src/sandbox/domain/moduleTable';
import { LiveSandbox } from '../../src/sandbox/liveSandbox';
import { fieldError } from '../../src/sandbox/http/bodyFields';
import { pageOf, pageRequest } from '../../src/sandbox/http/paging';
import type { CardTransaction, CardTxType, CardsSlice } from '../../src/sandbox/cardTransactions/cardState';
import { searchTransactions } from '../../src/sandbox/cardTransactions/transactionSearch';
import { noteChanged, noteStored } from '../../src/sandbox/cardTransactions/transactionIndex';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox/server';
import { call, sale, VISA } from './sandboxTestClient';
import { bound } from '../../src/sandbox/cardTransactions/transactionSearch';

// ---- The plain scan the index replaced, as it was (the oracle) ----
const EXACT: Record<string, (tx: CardTransaction) => string | undefined> = {
  id: tx => tx.id,
  amount: tx => fromCents(tx.amountCents),
  type: tx => tx.type,
  status: tx => tx.result,
  'last-four': tx => tx.card.lastFour,
  'authorization-code': tx => tx.authorizationCode,
  invoice: tx => tx.references.invoice,
  'order-id': tx => tx.references['order-id'],
  'display-message': tx => tx.displayMessage,
};

// The bounds are read as the handler reads them: the oracle differs in how it finds records, not in parsing.

function scanTransactions(all: CardTransaction[], query: URLSearchParams) {
  const paging = pageRequest(query, 'created');
  const level = query.get('level');
  if (level !== null && !['terminal', 'merchant'].includes(level)) throw fieldError('level', 'must be terminal or merchant');
  const start = bound(query, 'start-date');
  const end = bound(query, 'end-date');
  const wanted = Object.entries(EXACT)
    .map(([name, get]) => ({ value: query.get(name), get }))
    .filter((f): f is { value: string; get: (tx: CardTransaction) => string | undefined } => f.value !== null && f.value !== '');
  const matches = all.filter(tx => {
    const created = Date.parse(tx.created);
    return (start === undefined || created >= start)
      && (end === undefined || created <= end + 59_999)
      && wanted.every(f => (f.get(tx) ?? '').toLowerCase() === f.value.toLowerCase());
  });
  if (paging.descending) matches.reverse();
  return pageOf(matches, paging);
}
// ----

type Outcome = { ids: string[]; page: unknown } | { error: string };

function outcome(run: () => { items: CardTransaction[]; page: unknown }): Outcome {
  try {
    const { items, page } = run();
    return { ids: items.map(t => t.id), page };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

function assertSame(table: Record<string, CardTransaction>, query: URLSearchParams): void {
  const indexed = outcome(() => searchTransactions(table, query));
  const scanned = outcome(() => scanTransactions(Object.values(table), query));
  assert.deepEqual(indexed, scanned, `?${query.toString()}`);
}

// Small pools, so that filters match several records and several pages.
const TYPES: CardTxType[] = ['SALE', 'AUTH', 'CAPTURE', 'FORCED SALE', 'REFUND', 'VOID'];
const INVOICES = ['INV-1', 'inv-1', 'INV-2', 'Inv-3', ''];
const AUTH_CODES = ['TAS001', 'tas001', 'TAS002'];
const MESSAGES = ['Transaction approved', 'Card expired', 'Insufficient funds'];
const DAY0 = Date.UTC(2025, 2, 1);
const MINUTE = 60_000;

const idArb = fc.oneof(
  { arbitrary: fc.integer({ min: 100_001, max: 100_400 }).map(String), weight: 8 },
  { arbitrary: fc.constantFrom('abc', 'ABC', 'x-1', '007', '0', '4294967294', '4294967295', '99999999999', '-1', '1.5', '__proto__', 'constructor'), weight: 1 },
);

const createdArb = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 3 * 24 * 60 }).map(m => new Date(DAY0 + m * MINUTE + (m % 7) * 1000).toISOString()), weight: 12 },
  { arbitrary: fc.constant('not a time'), weight: 1 },
);

const recordArb = fc.record({
  id: idArb,
  type: fc.constantFrom(...TYPES),
  amountCents: fc.constantFrom(100, 250, 2500, 1, 99_999),
  result: fc.constantFrom('APPROVED' as const, 'DECLINED' as const),
  lastFour: fc.constantFrom('1111', '0004', '4242'),
  authorizationCode: fc.option(fc.constantFrom(...AUTH_CODES), { nil: undefined }),
  invoice: fc.constantFrom(...INVOICES),
  orderId: fc.option(fc.constantFrom('ORD-1', 'ord-1', 'ORD-2'), { nil: undefined }),
  displayMessage: fc.constantFrom(...MESSAGES),
  created: createdArb,
});

interface RecordShape {
  id: string; type: CardTxType; amountCents: number; result: 'APPROVED' | 'DECLINED'; lastFour: string; authorizationCode: string | undefined;
  invoice: string; orderId: string | undefined; displayMessage: string; created: string;
}

function transactionOf(r: RecordShape): CardTransaction {
  const references: Record<string, string> = {};
  if (r.invoice !== '') references.invoice = r.invoice;
  if (r.orderId !== undefined) references['order-id'] = r.orderId;
  return {
    id: r.id, type: r.type, amountCents: r.amountCents, tipCents: 0, result: r.result, resultCode: '000', displayMessage: r.displayMessage,
    ...(r.authorizationCode === undefined ? {} : { authorizationCode: r.authorizationCode }),
    card: { brand: 'VISA', lastFour: r.lastFour, expDate: '1230' }, created: r.created, voided: false, tipAdjusted: false, references,
  };
}

/** A value for a filter: one the records hold (any case), or one none holds. */
const filterValue: Record<string, fc.Arbitrary<string>> = {
  id: fc.oneof(idArb, fc.constant('100001'), fc.constant('nope')),
  amount: fc.constantFrom('1.00', '2.50', '25.00', '0.01', '999.99', '25', '3.00'),
  type: fc.constantFrom(...TYPES, 'sale', 'Forced Sale', 'TIP'),
  status: fc.constantFrom('APPROVED', 'declined', 'Approved', 'ERROR'),
  'last-four': fc.constantFrom('1111', '0004', '9999'),
  'authorization-code': fc.constantFrom(...AUTH_CODES, 'TAS999'),
  invoice: fc.constantFrom(...INVOICES, 'INV-9'),
  'order-id': fc.constantFrom('ORD-1', 'ORD-2', 'ORD-3'),
  'display-message': fc.constantFrom(...MESSAGES, 'TRANSACTION APPROVED', 'Declined'),
};

const searchTime = fc.integer({ min: -60, max: 4 * 24 * 60 }).map(m => {
  const d = new Date(DAY0 + m * MINUTE);
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)}`;
});

const queryArb = fc.record({
  filters: fc.subarray(Object.keys(filterValue), { maxLength: 4 }).chain(names =>
    fc.tuple(...names.map(n => filterValue[n].map(v => [n, v] as [string, string])))),
  start: fc.option(fc.oneof(searchTime, fc.constantFrom('', '2025-02-30', 'soon', '03-02-25 1:30 PM')), { nil: undefined }),
  end: fc.option(fc.oneof(searchTime, fc.constant('')), { nil: undefined }),
  // Pages up to and beyond the last, 0 (read as the first) and bad values too.
  page: fc.option(fc.oneof(fc.integer({ min: 0, max: 40 }).map(String), fc.constantFrom('', '-1', 'x', '1000001')), { nil: undefined }),
  size: fc.option(fc.oneof(fc.integer({ min: 1, max: 12 }).map(String), fc.constantFrom('100', '101', '0', '')), { nil: undefined }),
  descending: fc.option(fc.constantFrom('true', 'false', 'TRUE'), { nil: undefined }),
  level: fc.option(fc.constantFrom('terminal', 'merchant', 'chain'), { nil: undefined }),
});

function queryOf(q: typeof queryArb extends fc.Arbitrary<infer Q> ? Q : never): URLSearchParams {
  const query = new URLSearchParams(q.filters);
  if (q.start !== undefined) query.set('start-date', q.start);
  if (q.end !== undefined) query.set('end-date', q.end);
  if (q.page !== undefined) query.set('page', q.page);
  if (q.size !== undefined) query.set('page-size', q.size);
  if (q.descending !== undefined) query.set('isDescending', q.descending);
  if (q.level !== undefined) query.set('level', q.level);
  return query;
}

function tableOf(records: RecordShape[]): Record<string, CardTransaction> {
  const table = emptyTable<CardTransaction>();
  for (const r of records) table[r.id] = transactionOf(r);
  return table;
}

const RUNS = Number(process.env.SEARCH_PROPERTY_RUNS ?? 300);

describe('transaction search through its index', () => {
  it('answers as the plain scan does, for random tables and queries', () => {
    fc.assert(fc.property(fc.array(recordArb, { maxLength: 90 }), fc.array(queryArb, { minLength: 1, maxLength: 8 }), (records, queries) => {
      const table = tableOf(records);
      for (const q of queries) assertSame(table, queryOf(q));
    }), { numRuns: RUNS });
  });

  it('stays the scan\'s as records are stored and amounts change after it was built', () => {
    const step = fc.oneof(
      { arbitrary: recordArb.map(r => ({ kind: 'store' as const, r })), weight: 4 },
      { arbitrary: fc.record({ pick: fc.nat(), cents: fc.constantFrom(100, 250, 777) }).map(c => ({ kind: 'amount' as const, ...c })), weight: 1 },
      { arbitrary: queryArb.map(q => ({ kind: 'search' as const, q })), weight: 2 },
    );
    fc.assert(fc.property(fc.array(recordArb, { maxLength: 30 }), fc.array(step, { maxLength: 40 }), queryArb, (initial, steps, last) => {
      const table = tableOf(initial);
      assertSame(table, new URLSearchParams()); // builds the index
      for (const s of steps) {
        if (s.kind === 'store') {
          // As stampAndStore does: a new id after the last is the common case; others too.
          const tx = transactionOf(s.r);
          table[tx.id] = tx;
          noteStored(table, tx);
        } else if (s.kind === 'amount') {
          const ids = Object.keys(table);
          if (ids.length === 0) continue;
          const tx = table[ids[s.pick % ids.length]];
          tx.amountCents = s.cents;
          noteChanged(table, tx);
        } else assertSame(table, queryOf(s.q));
      }
      assertSame(table, queryOf(last));
    }), { numRuns: RUNS });
  });

  it('answers the edges: empty, one page, the last page exactly, beyond it', () => {
    const table = emptyTable<CardTransaction>();
    const q = (s: string) => new URLSearchParams(s);
    for (const s of ['', 'page=1', 'page=2', 'id=100001', 'start-date=2025-03-01%2000:00']) assertSame(table, q(s));
    const base = { type: 'SALE' as const, amountCents: 100, result: 'APPROVED' as const, lastFour: '1111', authorizationCode: undefined, invoice: 'INV-1', orderId: undefined, displayMessage: 'Transaction approved' };
    for (let i = 0; i < 50; i++) {
      const tx = transactionOf({ ...base, id: String(100_001 + i), created: new Date(DAY0 + i * MINUTE).toISOString() });
      table[tx.id] = tx;
      noteStored(table, tx);
    }
    for (const s of ['page-size=50', 'page-size=50&page=2', 'page-size=25&page=2', 'page-size=25&page=3', 'page-size=7&page=8', 'page-size=7&page=9', 'page=1000000',
      'invoice=inv-1&page-size=10&page=5&isDescending=false', 'start-date=2025-03-01%2000:10&end-date=2025-03-01%2000:19&page-size=3&page=4',
      'start-date=2025-03-01%2000:49', 'end-date=2025-03-01%2000:00', 'start-date=2025-03-01%2001:00']) {
      assertSame(table, q(s));
    }
    const last = searchTransactions(table, q('page-size=7&page=8'));
    assert.equal(last.items.length, 1);
    assert.equal(last.page.last, true);
    assert.equal(searchTransactions(table, q('page-size=7&page=9')).items.length, 0);
  });

  it('reads only the page it answers, not every stored transaction', () => {
    const table = emptyTable<CardTransaction>();
    const base = { type: 'SALE' as const, amountCents: 100, result: 'APPROVED' as const, lastFour: '1111', authorizationCode: undefined, orderId: undefined, displayMessage: 'Transaction approved' };
    for (let i = 0; i < 5000; i++) table[String(100_001 + i)] = transactionOf({ ...base, id: String(100_001 + i), invoice: `INV-${i}`, created: new Date(DAY0 + i * MINUTE).toISOString() });
    let reads = 0;
    let listings = 0;
    const watched = new Proxy(table, {
      get: (t, p) => { reads++; return Reflect.get(t, p); },
      ownKeys: t => { listings++; return Reflect.ownKeys(t); },
    });
    searchTransactions(watched, new URLSearchParams()); // the first search builds the index: one listing
    assert.equal(listings, 1);
    for (const [s, size] of [['page=200', 25], ['page=200&isDescending=false', 25], ['invoice=INV-4321', 1], ['id=102500', 1], ['amount=1.00&page=3&page-size=10', 10],
      ['start-date=2025-03-02%2000:00&end-date=2025-03-02%2000:29', 25], ['start-date=2025-03-02%2000:00&end-date=2025-03-02%2000:29&page=2', 5]] as const) {
      reads = 0;
      const { items } = searchTransactions(watched, new URLSearchParams(s));
      assert.equal(items.length, size, s);
      assert.ok(reads <= items.length, `?${s}: a page of ${items.length} read ${reads} records`);
    }
    assert.equal(listings, 1, 'a search listed every stored transaction');
  });
});

// ---- Every write the sandbox makes, through its handlers ----
function live() {
  const clock = new ControllableClock('America/Chicago', new Date('2025-03-03T16:00:00Z').getTime() - Date.now());
  const rt = new LiveSandbox(sandboxModules, newState(sandboxModules, generateKeys(), clock.offsetMs), clock, 1e9);
  const run = (opId: string, body: Record<string, unknown> | undefined, params: Record<string, string> = {}, query = new URLSearchParams()): Answer => {
    const entry = rt.handlers.get(opId)!;
    const req: SandboxRequest = { op: operationById(opId)!, params, query, body, headers: {}, merchant: rt.merchant };
    try {
      return entry.handler(req, rt.contextFor(entry.module));
    } catch (e) {
      if (e instanceof ErrorAnswer) return { status: e.status };
      throw e;
    }
  };
  return { rt, clock, run };
}

describe('transaction search after the sandbox\'s own writes', () => {
  it('answers as the scan does after sales, auths, captures, refunds, voids, tip adjusts, clock moves and resets', () => {
    const op = fc.oneof(
      { arbitrary: fc.record({ kind: fc.constantFrom('transactions.sale', 'transactions.auth'), amount: fc.constantFrom('1.00', '2.50', '0.29', '0.40', '25.00'), invoice: fc.constantFrom('INV-1', 'inv-2', undefined) }), weight: 6 },
      { arbitrary: fc.record({ kind: fc.constant('transactions.forcedSale'), amount: fc.constantFrom('3.00', '1.00') }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constantFrom('transactions.capture', 'transactions.refund', 'transactions.void', 'transactions.adjustTip'), pick: fc.nat(), tip: fc.constantFrom('0.50', '1.00') }), weight: 4 },
      { arbitrary: fc.record({ kind: fc.constant('clock'), minutes: fc.integer({ min: 1, max: 3000 }) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('reset') }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('search'), q: queryArb }), weight: 3 },
    );
    fc.assert(fc.property(fc.array(op, { maxLength: 40 }), queryArb, (ops, last) => {
      const { rt, clock, run } = live();
      const cards = () => rt.contextFor<CardsSlice>(sandboxModules.find(m => m.name === 'cards')!).slice;
      const search = (q: URLSearchParams) => {
        const answer = outcome(() => {
          const a = run('transactions.search', undefined, {}, q);
          if (a.status !== 200) throw new Error(`status ${a.status}`);
          const items = (a.payload!.transactions as { transaction: CardTransaction[] }).transaction;
          return { items, page: a.page };
        });
        let scanned: Outcome;
        try {
          const { items, page } = scanTransactions(Object.values(cards().transactions), q);
          scanned = { ids: items.map(t => t.id), page };
        } catch (e) {
          scanned = { error: `Error: status ${(e as ErrorAnswer).status}` };
        }
        assert.deepEqual(answer, scanned, `?${q.toString()}`);
      };
      search(new URLSearchParams());
      for (const o of ops) {
        const ids = Object.keys(cards().transactions);
        if (o.kind === 'search') search(queryOf(o.q));
        else if (o.kind === 'clock') clock.advance(o.minutes * MINUTE);
        else if (o.kind === 'reset') rt.reset();
        else if ('pick' in o) {
          if (ids.length === 0) continue;
          const id = ids[o.pick % ids.length];
          if (o.kind === 'transactions.adjustTip') run(o.kind, { 'tip-amount': o.tip }, { id });
          else run(o.kind, { type: o.kind.split('.')[1].toUpperCase(), id });
        } else {
          run(o.kind, { amount: o.amount, card: VISA, 'exp-date': '1230', ...('invoice' in o && o.invoice ? { invoice: o.invoice } : {}), ...(o.kind === 'transactions.forcedSale' ? { 'authorization-code': 'ABC123' } : {}) });
        }
        rt.tick();
      }
      search(queryOf(last));
      search(new URLSearchParams('page-size=100'));
      // The amounts a tip adjust makes of the sales' amounts.
      for (const amount of ['1.00', '1.50', '2.00', '3.00', '3.50']) search(new URLSearchParams(`amount=${amount}&page-size=100`));
    }), { numRuns: Math.ceil(RUNS / 3) });
  });
});

describe('transaction search over HTTP, with a data file', () => {
  it('follows writes, a restart from the journal and a reset', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gw-search-index-'));
    const dataFile = path.join(dir, 'state.json');
    const ids = (r: { body: any }) => (r.body.payload.transactions.transaction as Array<{ id: string }>).map(t => t.id);
    let sb: Awaited<ReturnType<typeof startSandbox>> | undefined;
    try {
      sb = await startSandbox({ dataFile, rate: 1e9 });
      const made: string[] = [];
      for (let i = 0; i < 12; i++) made.push((await sale(sb, i % 2 ? '2.00' : '3.00', { invoice: `INV-${i % 3}` })).body.payload.transaction.id);
      // The first search builds the index; the sales after it must be found too.
      assert.deepEqual(ids(await call(sb, 'GET', '/rest/v2/transactions?invoice=inv-0&amount=3.00')), [made[6], made[0]]);
      made.push((await sale(sb, '3.00', { invoice: 'INV-0' })).body.payload.transaction.id);
      assert.deepEqual(ids(await call(sb, 'GET', '/rest/v2/transactions?invoice=inv-0&amount=3.00')), [made[12], made[6], made[0]]);
      // A tip adjust changes the amount a search compares.
      assert.equal((await call(sb, 'PUT', `/rest/v2/transactions/${made[6]}`, { json: { 'tip-amount': '1.00' } })).status, 200);
      assert.deepEqual(ids(await call(sb, 'GET', '/rest/v2/transactions?invoice=inv-0&amount=3.00')), [made[12], made[0]]);
      assert.deepEqual(ids(await call(sb, 'GET', '/rest/v2/transactions?amount=4.00')), [made[6]]);
      const pageTwo = await call(sb, 'GET', '/rest/v2/transactions?page-size=5&page=3&isDescending=false');
      assert.deepEqual(ids(pageTwo), made.slice(10));
      await sb.close();
      sb = undefined;
      // Started again from the data file and its journal: a new index, built from the loaded state.
      sb = await startSandbox({ dataFile, rate: 1e9 });
      assert.deepEqual(ids(await call(sb, 'GET', '/rest/v2/transactions?amount=4.00')), [made[6]]);
      assert.equal((await call(sb, 'GET', '/rest/v2/transactions')).body.page['total-elements'], 13);
      made.push((await sale(sb, '4.00')).body.payload.transaction.id);
      assert.deepEqual(ids(await call(sb, 'GET', '/rest/v2/transactions?amount=4.00&isDescending=false')), [made[6], made[13]]);
      // A reset brings an empty table, and with it an empty index.
      assert.equal((await call(sb, 'POST', '/__sandbox/reset', { json: {} })).status, 200);
      const empty = await call(sb, 'GET', '/rest/v2/transactions?amount=4.00');
      assert.deepEqual([ids(empty), empty.body.page['total-elements']], [[], 0]);
      const after = (await sale(sb, '4.00')).body.payload.transaction.id;
      assert.deepEqual(ids(await call(sb, 'GET', '/rest/v2/transactions?amount=4.00')), [after]);
    } finally {
      await sb?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
