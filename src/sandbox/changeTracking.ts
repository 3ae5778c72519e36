// Notes which parts of the state a request changed, so that saving a change costs the size of
// the change and not of the whole state. Modules mutate their slices in place; they reach the
// state through a proxy that records the path of every write, cut to one stored record
// (state → slices → module → collection → record), and the journal saves those records.

/** `slices.cards.transactions.<id>`: deeper writes save their whole record. */
const UNIT_DEPTH = 4;
/** `slices.cards.transactions`: the tables whose keys are kept as they change (see tableKeys). */
const TABLE_DEPTH = UNIT_DEPTH - 1;
const SEP = '\u0000';

/** One saved change: the path and its value now, or no value when it was removed. */
export type Change = [path: string[]] | [path: string[], value: unknown];

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null;
}

export class ChangeTracker<T extends object> {
  /** What the modules use: reads and writes go through to `raw`, writes are noted. */
  readonly root: T;
  private readonly dirty = new Map<string, string[]>();
  private readonly targets = new WeakMap<object, object>();
  // Per object, one proxy per path, so the same object read twice is the same value (===).
  private readonly proxies = new WeakMap<object, Map<string, object>>();
  // Per table (an object at TABLE_DEPTH), its keys, kept as they are added and removed once asked for.
  private readonly keyIndex = new WeakMap<object, Set<string>>();

  constructor(readonly raw: T) {
    this.root = this.wrap(raw as Obj, []) as T;
  }

  get changed(): boolean {
    return this.dirty.size > 0;
  }

  /** The changes since the last call, shortest paths first, so a replaced parent comes before its records. */
  take(): Change[] {
    const units = [...this.dirty.values()].sort((a, b) => a.length - b.length);
    this.dirty.clear();
    return units.map(path => {
      const value = valueAt(this.raw, path);
      return value === undefined ? [path] : [path, value];
    });
  }

  /**
   * The keys of `table` (a raw object at TABLE_DEPTH, such as the transactions table), listed
   * without making an array of them all: Object.keys of a 100k-record table blocked the thread
   * 3–9 ms in one piece. The set is made from Object.keys the first time (at the snapshot a start
   * writes) and then follows every key added or removed through `root`. A snapshot iterates it
   * across slices: a key removed meanwhile is skipped and one added is visited (Set iteration is
   * live), and either way the journal records after the snapshot's `journalSeq` set it right.
   */
  tableKeys(table: object): Iterable<string> {
    let keys = this.keyIndex.get(table);
    if (!keys) {
      keys = new Set(Object.keys(table));
      this.keyIndex.set(table, keys);
    }
    return keys;
  }

  private mark(path: string[]): void {
    const unit = path.length > UNIT_DEPTH ? path.slice(0, UNIT_DEPTH) : path;
    const key = unit.join(SEP);
    if (!this.dirty.has(key)) this.dirty.set(key, unit);
  }

  private unwrap(value: unknown): unknown {
    if (!isObject(value)) return value;
    const target = this.targets.get(value);
    if (target) return target;
    // A new value may hold objects read from the state (a batch moved to the closed list).
    for (const k of Object.keys(value)) {
      const inner = value[k];
      if (isObject(inner)) {
        const plain = this.unwrap(inner);
        if (plain !== inner) value[k] = plain;
      }
    }
    return value;
  }

  private wrap(target: Obj, path: string[]): object {
    const key = path.join(SEP);
    let byPath = this.proxies.get(target);
    const known = byPath?.get(key);
    if (known) return known;
    // Above the tables, the proxy last handed out for each property: a module reads the same
    // few objects on every request (state.slices.cards.transactions), and finding them again by
    // path made a new array and joined string per read. Not for a table's records: the map
    // would keep a proxy of every record ever read.
    const children = path.length < TABLE_DEPTH ? new Map<string, object>() : undefined;
    const proxy = new Proxy(target, {
      get: (t, prop) => {
        const value: unknown = Reflect.get(t, prop);
        if (typeof prop !== 'string' || !isObject(value) || typeof value === 'function') return value;
        const known = children?.get(prop);
        if (known !== undefined && this.targets.get(known) === value) return known;
        const child = this.wrap(value, [...path, prop]);
        children?.set(prop, child);
        return child;
      },
      set: (t, prop, value) => {
        const plain = this.unwrap(value);
        if (typeof prop === 'string' && !(Object.is(t[prop], plain) && Object.prototype.hasOwnProperty.call(t, prop))) {
          this.mark([...path, prop]);
          if (path.length === TABLE_DEPTH) this.keyIndex.get(t)?.add(prop);
        }
        t[prop as string] = plain;
        return true;
      },
      defineProperty: (t, prop, descriptor) => {
        if (typeof prop === 'string') {
          this.mark([...path, prop]);
          if (path.length === TABLE_DEPTH) this.keyIndex.get(t)?.add(prop);
        }
        if ('value' in descriptor) descriptor = { ...descriptor, value: this.unwrap(descriptor.value) };
        return Reflect.defineProperty(t, prop, descriptor);
      },
      deleteProperty: (t, prop) => {
        if (typeof prop === 'string' && Object.prototype.hasOwnProperty.call(t, prop)) {
          this.mark([...path, prop]);
          if (path.length === TABLE_DEPTH) this.keyIndex.get(t)?.delete(prop);
        }
        return Reflect.deleteProperty(t, prop);
      },
    });
    this.targets.set(proxy, target);
    if (!byPath) {
      byPath = new Map();
      this.proxies.set(target, byPath);
    }
    byPath.set(key, proxy);
    return proxy;
  }
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (!isObject(node) || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/** Applies saved changes to a loaded state; a change under a parent that no longer exists is dropped. */
export function applyChanges(root: object, changes: readonly Change[]): void {
  for (const change of changes) {
    const path = change[0];
    const parent = valueAt(root, path.slice(0, -1));
    if (!isObject(parent)) continue;
    const last = path[path.length - 1];
    if (change.length === 1) delete parent[last];
    else parent[last] = change[1];
  }
}
