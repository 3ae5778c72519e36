// The transaction search's index: derived from the stored transactions, never saved. A search
// over months of history must not read every stored transaction (issue 34 §6), so for each
// filter the index keeps which records hold each value, and every record's creation time, by
// the record's position in the table's key order — the order a plain scan of the table sees
// them in, which the answer keeps. It lives beside the table (one per table object, so a reset
// or a loaded state, which bring new tables, start a new one), is built from the table the first
// time a search needs it, and is kept in step by the one place that stores a transaction
// (cardRecords.ts stampAndStore) and the one that changes a filtered field (a tip adjust's amount).
// It reads the plain records, not the change tracker's views of them (../domain/untracked.ts),
// and hands out plain records: a search only reads them.

import { fromCents } from '../domain/money';
import { untracked } from '../domain/untracked';
import { asList, lowerBound, upperBound, withoutPosition, withPosition, type Posting } from '../domain/postings';
import type { CardTransaction } from './cardState';

/** What each exact-match query parameter compares: the transaction's value, case-insensitively. */
export const FILTERED_FIELDS = {
  id: (tx: CardTransaction) => tx.id,
  amount: (tx: CardTransaction) => fromCents(tx.amountCents),
  type: (tx: CardTransaction) => tx.type,
  status: (tx: CardTransaction) => tx.result,
  'last-four': (tx: CardTransaction) => tx.card.lastFour,
  'authorization-code': (tx: CardTransaction) => tx.authorizationCode,
  invoice: (tx: CardTransaction) => tx.references.invoice,
  'order-id': (tx: CardTransaction) => tx.references['order-id'],
  'display-message': (tx: CardTransaction) => tx.displayMessage,
} satisfies Record<string, (tx: CardTransaction) => string | undefined>;

export type FilteredField = keyof typeof FILTERED_FIELDS;
const FIELD_NAMES = Object.keys(FILTERED_FIELDS) as FilteredField[];

/** What a search asks for: exact values (any case) and creation-time bounds, inclusive, in ms. */
export interface SearchCriteria {
  exact: ReadonlyArray<{ field: FilteredField; value: string }>;
  fromMs?: number;
  toMs?: number;
}

/** The matching records, in table order, without making a list of them when none is needed. */
interface Matches {
  total: number;
  /** The `i`th match (0 ≤ i < total). */
  at(i: number): CardTransaction;
}

type Table = Record<string, CardTransaction>;

/** A whole number a JavaScript object orders numerically before its other keys (an "array index"). */
function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) <= 4_294_967_294;
}

class GrowingArray<A extends Int32Array | Float64Array> {
  constructor(public values: A, private readonly make: (size: number) => A) {}

  set(at: number, value: number): void {
    if (at >= this.values.length) {
      const grown = this.make(Math.max(1024, this.values.length * 2, at + 1));
      grown.set(this.values);
      this.values = grown;
    }
    this.values[at] = value;
  }
}

/** One filtered field: each value's code (its lowercase text), each position's code, each code's positions. */
class FieldIndex {
  private readonly codeByValue = new Map<string, number>();
  /** By code; code 0 is "no value", which no query matches (an empty query value filters nothing). */
  private readonly postings: Array<Posting | undefined> = [undefined];
  readonly codes = new GrowingArray(new Int32Array(0), n => new Int32Array(n));

  /** The code of a lowercase value, or undefined when no record has ever held it. */
  codeOf(lowercase: string): number | undefined {
    return this.codeByValue.get(lowercase);
  }

  codeFor(value: string | undefined): number {
    if (typeof value !== 'string' || value === '') return 0;
    const lowercase = value.toLowerCase();
    let code = this.codeByValue.get(lowercase);
    if (code === undefined) {
      code = this.postings.length;
      this.codeByValue.set(lowercase, code);
      this.postings.push(undefined);
    }
    return code;
  }

  file(position: number, code: number): void {
    this.codes.set(position, code);
    if (code !== 0) this.postings[code] = withPosition(this.postings[code], position);
  }

  unfile(position: number): void {
    const code = this.codes.values[position];
    if (code !== 0) this.postings[code] = withoutPosition(this.postings[code], position);
    this.codes.values[position] = 0;
  }

  positions(code: number): readonly number[] {
    return asList(this.postings[code]);
  }
}

class TransactionIndex {
  /** By position: the table's keys, in its key order. */
  private ids: string[] = [];
  private fields = {} as Record<FilteredField, FieldIndex>;
  private created = new GrowingArray(new Float64Array(0), n => new Float64Array(n));
  /** Creation times never fall from one position to the next (and all parse): a time range is then a range of positions. */
  private createdRising = true;
  private lastArrayIndex = -1;
  private hasOtherKeys = false;
  /** A store the index could not follow in place: it is built again before the next search. */
  private stale = false;
  /** Counts the changes to the index, so that a remembered list of matches is known to be current. */
  private version = 0;
  private lastKept: { key: string; version: number; kept: number[] } | undefined;

  constructor(private readonly table: Table) {
    this.build();
  }

  /** A record just stored in the table under `id`. */
  stored(id: string, tx: CardTransaction): void {
    if (this.stale) return;
    // A new key lands last in key order only if it is a larger array index than any before it
    // (and no other key exists, since those come after the array indexes), or is another key.
    const last = isArrayIndex(id) ? !this.hasOtherKeys && Number(id) > this.lastArrayIndex : this.positionOf(id) === undefined;
    if (last) this.append(id, tx);
    else this.stale = true;
  }

  /** A stored record whose filtered fields may have changed: filed again where they did. */
  changed(tx: CardTransaction): void {
    const position = this.stale ? undefined : this.positionOf(tx.id);
    if (position === undefined) {
      this.stale = true;
      return;
    }
    for (const name of FIELD_NAMES) {
      const field = this.fields[name];
      const code = field.codeFor(FILTERED_FIELDS[name](tx));
      if (code === field.codes.values[position]) continue;
      this.version++;
      field.unfile(position);
      field.file(position, code);
    }
  }

  matches(criteria: SearchCriteria): Matches {
    this.catchUp();
    const n = this.ids.length;
    let lo = 0;
    let hi = n;
    const times = this.created.values;
    const from = criteria.fromMs ?? -Infinity;
    const to = criteria.toMs ?? Infinity;
    let checkTime = criteria.fromMs !== undefined || criteria.toMs !== undefined;
    if (checkTime && this.createdRising) {
      lo = lowerBound(times, from, 0, n);
      // A range that ends before it starts holds nothing.
      hi = Math.max(lo, upperBound(times, to, 0, n));
      checkTime = false;
    }
    // The smallest list of candidates: the range itself, or one value's positions within it.
    const wanted: Array<{ field: FieldIndex; code: number }> = [];
    let best: { list: readonly number[]; start: number; end: number } | undefined;
    let bestAt = -1;
    for (const { field: name, value } of criteria.exact) {
      const field = this.fields[name];
      const code = field.codeOf(value.toLowerCase());
      if (code === undefined || code === 0) return { total: 0, at: () => { throw new RangeError('no matches'); } };
      const list = field.positions(code);
      const start = lowerBound(list, lo);
      const end = lowerBound(list, hi, start);
      wanted.push({ field, code });
      if (end - start < (best ? best.end - best.start : hi - lo)) {
        best = { list, start, end };
        bestAt = wanted.length - 1;
      }
    }
    const record = (position: number) => this.table[this.ids[position]];
    const list = best?.list;
    const first = best ? best.start : lo;
    const end = best ? best.end : hi;
    const checks = wanted.filter((_, i) => i !== bestAt);
    if (checks.length === 0 && !checkTime) {
      return { total: end - first, at: list === undefined ? i => record(first + i) : i => record(list[first + i]) };
    }
    // The candidates must be read one by one. A poller reading page after page of the same
    // search gets the same list back until the table changes.
    const key = JSON.stringify(criteria);
    if (this.lastKept?.key !== key || this.lastKept.version !== this.version) {
      const kept: number[] = [];
      const codes = checks.map(c => c.field.codes.values);
      const wantedCodes = checks.map(c => c.code);
      candidates: for (let i = first; i < end; i++) {
        const position = list === undefined ? i : list[i];
        if (checkTime && !(times[position] >= from && times[position] <= to)) continue;
        for (let c = 0; c < codes.length; c++) if (codes[c][position] !== wantedCodes[c]) continue candidates;
        kept.push(position);
      }
      this.lastKept = { key, version: this.version, kept };
    }
    const kept = this.lastKept.kept;
    return { total: kept.length, at: i => record(kept[i]) };
  }

  /**
   * Builds again after a store it could not follow, or one made without telling it: a new
   * record under the id after the last is found by one look-up.
   */
  private catchUp(): void {
    const next = this.lastArrayIndex + 1;
    if (!this.stale && !(this.lastArrayIndex >= 0 && !this.hasOtherKeys && Object.prototype.hasOwnProperty.call(this.table, String(next)))) return;
    this.build();
  }

  private build(): void {
    this.ids = [];
    this.fields = Object.fromEntries(FIELD_NAMES.map(name => [name, new FieldIndex()])) as Record<FilteredField, FieldIndex>;
    this.created = new GrowingArray(new Float64Array(0), n => new Float64Array(n));
    this.createdRising = true;
    this.lastArrayIndex = -1;
    this.hasOtherKeys = false;
    this.stale = false;
    this.version++;
    for (const id of Object.keys(this.table)) this.append(id, this.table[id]);
  }

  private append(id: string, tx: CardTransaction): void {
    this.version++;
    const position = this.ids.length;
    this.ids.push(id);
    if (isArrayIndex(id)) this.lastArrayIndex = Number(id);
    else this.hasOtherKeys = true;
    for (const name of FIELD_NAMES) {
      const field = this.fields[name];
      field.file(position, field.codeFor(FILTERED_FIELDS[name](tx)));
    }
    const ms = Date.parse(tx.created);
    if (!(ms >= (position === 0 ? -Infinity : this.created.values[position - 1]))) this.createdRising = false;
    this.created.set(position, ms);
  }

  private positionOf(id: string): number | undefined {
    const code = this.fields.id.codeOf(id.toLowerCase());
    if (code === undefined) return undefined;
    return this.fields.id.positions(code).find(p => this.ids[p] === id);
  }
}

const indexes = new WeakMap<object, TransactionIndex>();

/** The matches of `criteria` among `table`'s transactions, through its index (made the first time). */
export function indexedMatches(table: Table, criteria: SearchCriteria): Matches {
  const plain = untracked(table);
  let index = indexes.get(plain);
  if (!index) {
    index = new TransactionIndex(plain);
    indexes.set(plain, index);
  }
  return index.matches(criteria);
}

/** Tells `table`'s index, if a search made one, that `tx` was just stored under its id. */
export function noteStored(table: Table, tx: CardTransaction): void {
  indexes.get(untracked(table))?.stored(tx.id, untracked(tx));
}

/** Tells `table`'s index, if a search made one, that a filtered field of the stored `tx` changed. */
export function noteChanged(table: Table, tx: CardTransaction): void {
  indexes.get(untracked(table))?.changed(untracked(tx));
}
