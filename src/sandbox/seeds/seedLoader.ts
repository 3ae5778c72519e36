// Makes the state a seed describes: checks the document (seedShape.ts), loads each section in
// order — stored records as they are (checked by seedRecords.ts), short entries through the
// handlers (shortEntries.ts) on a sandbox whose clock stands still at the seed's `clock` — then
// checks that the whole agrees with itself (seedConsistency.ts) and masks free-text card numbers.

import { ControllableClock } from '../domain/clock';
import { newState, generateKeys, emptyTable, type AnyModule } from '../domain/state';
import { wallTimeOf } from '../domain/zonedTime';
import { localDate } from '../ach/achDates';
import { ACH_RETURN_RULES } from '../../catalog/localSandbox/achReturns';
import { LiveSandbox } from '../liveSandbox';
import { closeOpenBatch, type BatchesSlice } from '../batches/batchState';
import type { CardsSlice } from '../cardTransactions/cardState';
import type { VaultSlice } from '../cardTokens/cardTokenState';
import type { AchSlice } from '../ach/achState';
import type { CustomersSlice } from '../customers/customerState';
import type { SettingsSlice } from '../settings/settingsState';
import type { OnboardingSlice } from '../onboarding/onboardingState';
import type { MobileSlice } from '../mobile/mobileState';
import { checkSeedShape, maskFreeTextCardNumbers } from './seedShape';
import { checkRecord, ID_SHAPES, isIsoTime, type RecordKind } from './seedRecords';
import { answered, CARD_OPERATIONS, requestBody, runHandler, SHORT_DEFAULTS } from './shortEntries';
import { checkConsistency, type EntryPaths } from './seedConsistency';
import { pathOf, SEED_FORMAT, SEED_HEADER, SEED_SECTIONS, SEED_VERSION, SeedError } from './seedDocument';
import { MAX_CLOCK_AHEAD_MS } from '../domain/clock';

/** The state a seed makes: what a start or a reset puts in place. */
export interface LoadedSeed {
  slices: Record<string, unknown>;
  counters: Record<string, number>;
  /** The sandbox time the seed starts at (ms since the epoch). */
  clockMs: number;
}

/** A hand-written seed is a few lines; this many short entries is a generator gone wrong. */
const MAX_SHORT_ENTRIES = 20_000;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Loader {
  readonly paths: EntryPaths = { transactions: new Map(), tokens: new Map(), customers: new Map(), plans: new Map(), achTransactions: new Map(), achTokens: new Map(), batches: new Map() };
  private shortEntries = 0;
  private readonly settle: string[] = [];
  private batchesGiven = false;

  constructor(readonly live: LiveSandbox, readonly clockMs: number) {}

  slice<T>(name: string): T {
    return this.live.state.slices[name] as T;
  }

  list(doc: Obj, section: string): unknown[] {
    const value = doc[section];
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw new SeedError(pathOf('$', section), 'must be an array of entries');
    return value;
  }

  private short(path: string): void {
    if (++this.shortEntries > MAX_SHORT_ENTRIES) throw new SeedError(path, `a seed may hold at most ${MAX_SHORT_ENTRIES} short entries; write records (as a snapshot does) for more`);
  }

  /** Stores a record under its id, refusing a second with the same id. */
  private store<T>(table: Record<string, T>, id: string, value: T, path: string, idMember: string, paths?: Map<string, string>): void {
    if (Object.prototype.hasOwnProperty.call(table, id)) throw new SeedError(pathOf(path, idMember), `duplicate id ${JSON.stringify(id)}: an earlier entry has it`);
    table[id] = value;
    paths?.set(id, path);
  }

  /** Moves a record a handler just made to the id the entry asked for. */
  private rename<T>(table: Record<string, T>, made: string, wanted: unknown, path: string, idMember: string, shape: (v: unknown) => string | undefined): string {
    if (wanted === undefined || wanted === made) return made;
    const why = shape(wanted);
    if (why) throw new SeedError(pathOf(path, idMember), why);
    const record = table[made];
    delete table[made];
    this.store(table, wanted as string, record, path, idMember);
    return wanted as string;
  }

  /** Sets a counter so the next id a handler makes is `id` (then back to the highest seen). */
  private withId<T>(counter: string, id: unknown, path: string, member: string, shape: (v: unknown) => string | undefined, prefix: string, make: () => T): T {
    const counters = this.live.state.counters;
    if (id === undefined) return make();
    const why = shape(id);
    if (why) throw new SeedError(pathOf(path, member), why);
    const serial = Number((id as string).slice(prefix.length));
    const before = counters[counter];
    counters[counter] = serial - 1;
    const made = make();
    counters[counter] = Math.max(before ?? 0, serial);
    return made;
  }

  settings(doc: Obj): void {
    const given = doc.settings;
    if (given === undefined) return;
    if (!isObject(given)) throw new SeedError('$.settings', 'must be an object of settings groups');
    const groups = this.slice<SettingsSlice>('settings').groups;
    for (const [group, values] of Object.entries(given)) {
      const path = pathOf('$.settings', group);
      if (!(group in groups)) throw new SeedError(path, `is not a settings group (known: ${Object.keys(groups).join(', ')})`);
      if (values === null) {
        groups[group] = null;
        continue;
      }
      if (!isObject(values)) throw new SeedError(path, 'must be an object of setting values, or null');
      const merged: Obj = { ...(groups[group] ?? {}) };
      // Values are kept as the XML strings they arrive as; a list or an object (alert recipients) as it is.
      for (const [name, value] of Object.entries(values)) {
        if (value === null) throw new SeedError(pathOf(path, name), 'must be a value; leave the setting out for its default');
        merged[name] = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
      }
      groups[group] = merged;
    }
  }

  merchants(doc: Obj): void {
    const given = doc.merchants;
    if (given === undefined) return;
    if (!isObject(given)) throw new SeedError('$.merchants', 'must be an object of merchants by merchant number');
    const table = this.slice<OnboardingSlice>('onboarding').merchants;
    for (const [number, record] of Object.entries(given)) {
      const path = pathOf('$.merchants', number);
      if (!/^\d{1,19}$/.test(number)) throw new SeedError(path, 'a merchant number is digits only');
      checkRecord('merchant', record, path);
      table[number] = record as OnboardingSlice['merchants'][string];
    }
  }

  /** An entry of a section: a record when it has its kind's marker member (`amountCents`…), else a short entry. */
  private entry(raw: unknown, path: string): Obj {
    if (!isObject(raw)) throw new SeedError(path, 'must be an object');
    return raw;
  }

  private record<T>(kind: RecordKind, entry: Obj, path: string, table: Record<string, T>, idMember: string, paths?: Map<string, string>): void {
    checkRecord(kind, entry, path);
    this.store(table, entry[idMember] as string, entry as T, path, idMember, paths);
  }

  tokens(entries: unknown[], base: string, customerKey?: string): string[] {
    const table = this.slice<VaultSlice>('vault').tokens;
    return entries.map((raw, i) => {
      const path = pathOf(base, i);
      const entry = this.entry(raw, path);
      if ('cardType' in entry) {
        this.record('token', entry, path, table, 'tokenId', this.paths.tokens);
        return entry.tokenId as string;
      }
      this.short(path);
      const body = requestBody(entry, SHORT_DEFAULTS.token, ['token-id']);
      if (customerKey !== undefined) body['customer-key'] = customerKey;
      const made = answered(runHandler(this.live, 'tokens.create', body, path), 'tokenResponse')['token-id'] as string;
      const id = this.rename(table, made, entry['token-id'], path, 'token-id', ID_SHAPES.cardToken);
      if (id !== made) table[id].tokenId = id;
      this.paths.tokens.set(id, `${path}|short`);
      return id;
    });
  }

  customers(doc: Obj): void {
    const table = this.slice<CustomersSlice>('customers').customers;
    this.list(doc, 'customers').forEach((raw, i) => {
      const path = pathOf('$.customers', i);
      const entry = this.entry(raw, path);
      if ('fields' in entry) {
        this.record('customer', entry, path, table, 'customerKey', this.paths.customers);
        return;
      }
      this.short(path);
      const body = requestBody(entry, SHORT_DEFAULTS.customer, ['customer-key', 'tokens', 'plans']);
      const made = answered(runHandler(this.live, 'customers.create', body, path), 'customer')['customer-key'] as string;
      const key = this.rename(table, made, entry['customer-key'], path, 'customer-key', ID_SHAPES.customer);
      if (key !== made) table[key].customerKey = key;
      this.paths.customers.set(key, `${path}|short`);
      const nested = (name: string): unknown[] => {
        if (entry[name] === undefined) return [];
        if (!Array.isArray(entry[name])) throw new SeedError(pathOf(path, name), 'must be an array');
        return entry[name] as unknown[];
      };
      const tokens = this.tokens(nested('tokens'), pathOf(path, 'tokens'), key);
      this.plans(nested('plans'), pathOf(path, 'plans'), { 'customer-key': key, ...(tokens[0] ? { 'token-id': tokens[0] } : {}) });
    });
  }

  plans(entries: unknown[], base: string, owner: Record<string, string> = {}): void {
    const table = this.slice<CustomersSlice>('customers').plans;
    entries.forEach((raw, i) => {
      const path = pathOf(base, i);
      const entry = this.entry(raw, path);
      if ('planKey' in entry) {
        this.record('plan', entry, path, table, 'planKey', this.paths.plans);
        return;
      }
      this.short(path);
      const start = typeof entry['start-date'] === 'string' ? entry['start-date'] : this.today();
      const body = requestBody(entry, { ...SHORT_DEFAULTS.plan, ...owner, 'start-date': start, 'end-date': yearAfter(start) }, ['plan-key']);
      for (const [field, why] of [['customer-key', 'the customer it charges'], ['token-id', 'the card token it charges']] as const) {
        if (body[field] === undefined) throw new SeedError(pathOf(path, field), `is missing: a plan names ${why} (or sits in a customer's "plans" with a token in its "tokens")`);
      }
      this.refersTo(this.paths.customers, body['customer-key'], path, 'customer-key', 'customer', '$.customers');
      this.refersTo(this.paths.tokens, body['token-id'], path, 'token-id', 'card token', '$.tokens or a customer\'s "tokens"');
      const made = answered(runHandler(this.live, 'paymentPlans.create', body, path), 'payment-plan')['plan-key'] as string;
      const key = this.rename(table, made, entry['plan-key'], path, 'plan-key', ID_SHAPES.plan);
      if (key !== made) table[key].planKey = key;
      this.paths.plans.set(key, `${path}|short`);
    });
  }

  private refersTo(known: Map<string, string>, id: unknown, path: string, member: string, what: string, where: string): void {
    if (typeof id === 'string' && known.has(id)) return;
    throw new SeedError(pathOf(path, member), `names ${what} ${JSON.stringify(id)}, which is not in this seed (add it to ${where} first)`);
  }

  transactions(doc: Obj): void {
    const table = this.slice<CardsSlice>('cards').transactions;
    this.list(doc, 'transactions').forEach((raw, i) => {
      const path = pathOf('$.transactions', i);
      const entry = this.entry(raw, path);
      if ('amountCents' in entry) {
        this.record('transaction', entry, path, table, 'id', this.paths.transactions);
        return;
      }
      this.short(path);
      const type = String(entry.type ?? 'SALE').toUpperCase();
      const operation = CARD_OPERATIONS[type];
      if (!operation) throw new SeedError(pathOf(path, 'type'), `must be one of ${Object.keys(CARD_OPERATIONS).join(', ')}`);
      const followOn = ['CAPTURE', 'REFUND', 'VOID'].includes(type);
      if (followOn) this.refersTo(this.paths.transactions, entry['original-id'], path, 'original-id', 'transaction', 'an earlier entry of $.transactions');
      const defaults = followOn ? { type } : { ...SHORT_DEFAULTS.transaction, type };
      const body = requestBody(entry, defaults, ['id', 'original-id', 'status', 'created']);
      if (followOn) body.id = entry['original-id'];
      const status = entry.status ?? 'open';
      if (status !== 'open' && status !== 'settled') throw new SeedError(pathOf(path, 'status'), 'must be "open" (in the open batch, the default) or "settled" (in a closed batch)');
      const made = this.withId('card.transaction', entry.id, path, 'id', ID_SHAPES.cardTransaction, '', () => {
        if (entry.id !== undefined && Object.prototype.hasOwnProperty.call(table, entry.id as string)) throw new SeedError(pathOf(path, 'id'), `duplicate id ${JSON.stringify(entry.id)}: an earlier entry has it`);
        return answered(runHandler(this.live, operation, body, path), 'transaction').id as string;
      });
      this.paths.transactions.set(made, `${path}|short`);
      if (entry.created !== undefined) {
        if (!isIsoTime(entry.created)) throw new SeedError(pathOf(path, 'created'), 'must be an ISO 8601 time such as 2026-03-31T17:55:00Z');
        table[made].created = entry.created;
      }
      if (status === 'settled') this.settle.push(made);
    });
  }

  achTokens(doc: Obj): void {
    const table = this.slice<AchSlice>('ach').tokens;
    this.list(doc, 'achTokens').forEach((raw, i) => {
      const path = pathOf('$.achTokens', i);
      const entry = this.entry(raw, path);
      if ('account' in entry) {
        this.record('achToken', entry, path, table, 'tokenId', this.paths.achTokens);
        return;
      }
      this.short(path);
      const body = requestBody(entry, SHORT_DEFAULTS.achToken, ['token-id']);
      const made = answered(runHandler(this.live, 'achTokens.create', body, path), 'ach-token')['token-id'] as string;
      const id = this.rename(table, made, entry['token-id'], path, 'token-id', ID_SHAPES.achToken);
      if (id !== made) table[id].tokenId = id;
      this.paths.achTokens.set(id, `${path}|short`);
    });
  }

  achTransactions(doc: Obj): void {
    const table = this.slice<AchSlice>('ach').transactions;
    this.list(doc, 'achTransactions').forEach((raw, i) => {
      const path = pathOf('$.achTransactions', i);
      const entry = this.entry(raw, path);
      if ('account' in entry) {
        this.record('achTransaction', entry, path, table, 'id', this.paths.achTransactions);
        return;
      }
      this.short(path);
      const status = entry.status ?? 'Pending';
      const statuses = ['Pending', 'Settling', 'Settled', 'Returned', 'Void'];
      if (typeof status !== 'string' || !statuses.includes(status)) throw new SeedError(pathOf(path, 'status'), `must be one of ${statuses.join(', ')}`);
      const defaults = entry['token-id'] !== undefined ? { type: 'Debit', amount: '10.00', 'standard-entry-class-code': 'PPD' } : SHORT_DEFAULTS.achTransaction;
      const body = requestBody(entry, defaults, ['id', 'status', 'return-code']);
      const made = this.withId('ach-transaction', entry.id, path, 'id', ID_SHAPES.achTransaction, 'ach-', () => {
        if (entry.id !== undefined && Object.prototype.hasOwnProperty.call(table, entry.id as string)) throw new SeedError(pathOf(path, 'id'), `duplicate id ${JSON.stringify(entry.id)}: an earlier entry has it`);
        if (entry.id !== undefined && !String(entry.id).startsWith('ach-')) throw new SeedError(pathOf(path, 'id'), 'a new ACH transaction id starts with "ach-", e.g. "ach-1000001"');
        return answered(runHandler(this.live, 'achTransactions.create', body, path), 'ach-transaction').id as string;
      });
      this.paths.achTransactions.set(made, `${path}|short`);
      this.achStatus(table[made], status, entry['return-code'], path);
    });
  }

  /** Puts a just-made ACH transaction where the seed says it is, as the processing windows would have. */
  private achStatus(record: AchSlice['transactions'][string], status: string, returnCode: unknown, path: string): void {
    if (status === 'Pending') return;
    const now = new Date(this.clockMs);
    record.status = status as typeof record.status;
    record.statusChanged = now.toISOString();
    if (status === 'Settled' || status === 'Returned') {
      record.traceNumber = `10400001${String(this.live.ids.next('ach-trace', 1)).padStart(7, '0')}`;
    }
    if (status === 'Settled') record.settledDate = localDate(now, this.live.clock.timeZone);
    if (status === 'Returned') {
      const code = returnCode ?? record.account.outcome?.code ?? 'R01';
      const rule = ACH_RETURN_RULES.find(r => r.code === code);
      if (!rule) throw new SeedError(pathOf(path, 'return-code'), `must be one of ${ACH_RETURN_RULES.map(r => r.code).join(', ')}`);
      record.returnedDate = localDate(now, this.live.clock.timeZone);
      record.returned = { code: rule.code, message: rule.message };
    }
  }

  batches(doc: Obj): void {
    const slice = this.slice<BatchesSlice>('batches');
    if (doc.batches !== undefined) {
      const given = doc.batches;
      if (!isObject(given)) throw new SeedError('$.batches', 'must be {"open": <batch or null>, "closed": [<batches>]}');
      this.batchesGiven = true;
      slice.open = undefined;
      slice.closed = [];
      if (given.open !== null && given.open !== undefined) {
        checkRecord('batch', given.open, '$.batches.open');
        slice.open = given.open as BatchesSlice['open'];
        this.paths.batches.set(slice.open!.id, '$.batches.open');
      }
      if (given.closed !== undefined && !Array.isArray(given.closed)) throw new SeedError('$.batches.closed', 'must be an array');
      ((given.closed ?? []) as unknown[]).forEach((b, i) => {
        const path = pathOf('$.batches.closed', i);
        checkRecord('batch', b, path);
        const id = (b as { id: string }).id;
        if (this.paths.batches.has(id)) throw new SeedError(pathOf(path, 'id'), `duplicate batch id ${JSON.stringify(id)}`);
        this.paths.batches.set(id, path);
        slice.closed.push(b as BatchesSlice['closed'][number]);
      });
      return;
    }
    // Short entries that are "settled" sit in a batch closed at the seed's clock; the others stay open.
    if (this.settle.length === 0) return;
    const cards = this.slice<CardsSlice>('cards').transactions;
    const stayOpen = Object.values(cards).filter(t => t.batchId !== undefined && t.batchId === slice.open?.id && !this.settle.includes(t.id));
    closeOpenBatch(slice, this.live.ids, this.live.clock, new Date(this.clockMs));
    for (const t of stayOpen) t.batchId = slice.open!.id;
  }

  mobile(doc: Obj): void {
    const given = doc.mobile;
    if (given === undefined) return;
    if (!isObject(given)) throw new SeedError('$.mobile', 'must be {"jwts": {…}, "receipts": {…}, "signatures": {…}}');
    const slice = this.slice<MobileSlice>('mobile');
    const tables = [['jwts', 'jwt'], ['receipts', 'receipt'], ['signatures', 'signature']] as const;
    for (const [name, kind] of tables) {
      const table = given[name];
      if (table === undefined) continue;
      if (!isObject(table)) throw new SeedError(pathOf('$.mobile', name), 'must be an object of records by id');
      const into = emptyTable<never>();
      for (const [id, record] of Object.entries(table)) {
        checkRecord(kind, record, pathOf(pathOf('$.mobile', name), id));
        into[id] = record as never;
      }
      slice[name] = into;
    }
    const unknown = Object.keys(given).find(k => !tables.some(([n]) => n === k));
    if (unknown) throw new SeedError(pathOf('$.mobile', unknown), 'is not a mobile table (jwts, receipts, signatures)');
  }

  counters(doc: Obj): void {
    const given = doc.counters;
    const counters = this.live.state.counters;
    if (given !== undefined) {
      if (!isObject(given)) throw new SeedError('$.counters', 'must be an object of whole numbers');
      for (const [name, value] of Object.entries(given)) {
        if (!Number.isSafeInteger(value) || (value as number) < 0) throw new SeedError(pathOf('$.counters', name), 'must be a whole number >= 0');
        counters[name] = Math.max(counters[name] ?? 0, value as number);
      }
    }
    // Ids given in records stay ahead of what the sandbox hands out next.
    const raise = (name: string, serials: Iterable<number>) => {
      for (const s of serials) if (s > (counters[name] ?? 0)) counters[name] = s;
    };
    raise('card.transaction', [...this.paths.transactions.keys()].map(Number));
    raise('ach-transaction', [...this.paths.achTransactions.keys()].map(id => Number(id.replace(/^ach-/, ''))));
    raise('batch', [...this.paths.batches.keys()].map(Number));
  }

  today(): string {
    const w = wallTimeOf(new Date(this.clockMs), this.live.clock.timeZone);
    return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  }

  get batchesFromSeed(): boolean {
    return this.batchesGiven;
  }
}

function yearAfter(date: string): string {
  const [y, rest] = [Number(date.slice(0, 4)), date.slice(4)];
  return Number.isFinite(y) ? `${y + 1}${rest}` : date;
}

function clockOf(doc: Obj, realNow: number): number {
  if (doc.clock === undefined) return realNow;
  const ms = typeof doc.clock === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(doc.clock) ? Date.parse(doc.clock) : NaN;
  if (Number.isNaN(ms)) throw new SeedError('$.clock', 'must be an ISO 8601 time with its offset, e.g. "2026-03-31T17:55:00-05:00"');
  if (Math.abs(ms - realNow) > MAX_CLOCK_AHEAD_MS) throw new SeedError('$.clock', 'is more than 50 years from now');
  return ms;
}

function checkHeader(doc: unknown): asserts doc is Obj {
  if (!isObject(doc)) throw new SeedError('$', 'a seed is a JSON object (see schemas/gwseed.schema.json)');
  for (const key of Object.keys(doc)) {
    if (!(SEED_SECTIONS as readonly string[]).includes(key) && !(SEED_HEADER as readonly string[]).includes(key)) {
      throw new SeedError(pathOf('$', key), `is not a seed section (known: ${[...SEED_HEADER.slice(2), ...SEED_SECTIONS].join(', ')})`);
    }
  }
  if (doc.format !== undefined && doc.format !== SEED_FORMAT) throw new SeedError('$.format', `must be "${SEED_FORMAT}"`);
  if (doc.version !== undefined && doc.version !== SEED_VERSION) throw new SeedError('$.version', `is ${JSON.stringify(doc.version)}; this sandbox reads seeds of version ${SEED_VERSION}`);
}

/**
 * The state `doc` describes, or a SeedError naming the first entry that is wrong. Nothing of
 * the caller's changes: the state is made on a sandbox of its own.
 */
export function loadSeed(doc: unknown, modules: readonly AnyModule[], timeZone: string, merchantId?: string, realNow = Date.now()): LoadedSeed {
  checkSeedShape(doc);
  checkHeader(doc);
  const clockMs = clockOf(doc, realNow);
  const clock = new ControllableClock(timeZone, 0, () => clockMs);
  // The merchant id of the sandbox that will serve the seed: short ACH entries record it.
  const live = new LiveSandbox(modules, newState(modules, generateKeys(merchantId ? { merchantId } : undefined), 0), clock, 1e9);
  const loader = new Loader(live, clockMs);
  loader.settings(doc);
  loader.merchants(doc);
  loader.tokens(loader.list(doc, 'tokens'), '$.tokens');
  loader.customers(doc);
  loader.plans(loader.list(doc, 'plans'), '$.plans');
  loader.transactions(doc);
  loader.achTokens(doc);
  loader.achTransactions(doc);
  loader.batches(doc);
  loader.mobile(doc);
  loader.counters(doc);
  checkConsistency(live.state.slices, loader.paths, loader.batchesFromSeed);
  const slices = live.state.slices;
  for (const [name, slice] of Object.entries(slices)) {
    // The mobile slice's signing secret is hex, not text: only its tables are.
    if (name !== 'mobile') maskFreeTextCardNumbers(slice);
  }
  const mobile = slices.mobile as MobileSlice | undefined;
  if (mobile) for (const table of [mobile.jwts, mobile.receipts, mobile.signatures]) maskFreeTextCardNumbers(table);
  return { slices, counters: { ...live.state.counters }, clockMs };
}

