// Notes which parts of the state a request changed, so that saving a change costs the size of
// the change and not of the whole state. Modules mutate their slices in place; they reach the
// state through a proxy that records the path of every write, cut to one stored record
// (state → slices → module → collection → record), and the journal saves those records.

import { registerView, untracked } from '../domain/untracked';

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

/**
 * One object as reached from the root: the proxy's handler. Its traps come from the tracker's
 * shared prototype, so a wrapped object costs the proxy and this node, nothing more: the
 * handler of four closures and the per-object map of proxies by path it replaces kept six
 * objects alive for every stored record ever read, as long as the record lives.
 */
interface Node {
  readonly target: Obj;
  /** The container it was read from (undefined for the root) and the property it was read as. */
  readonly parent: Node | undefined;
  readonly prop: string;
  /** Its path's length: 0 for the root, TABLE_DEPTH for a table, UNIT_DEPTH for a stored record. */
  readonly depth: number;
  proxy: object;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

export class ChangeTracker<T extends object> {
  /** What the modules use: reads and writes go through to `raw`, writes are noted. */
  readonly root: T;
  private readonly dirty = new Map<string, string[]>();
  /** Per raw object, the node of the path it was last read at (per proxy handed out, its raw object: registerView). */
  private readonly nodeOfTarget = new WeakMap<object, Node>();
  // Per table (an object at TABLE_DEPTH), its keys, kept as they are added and removed once asked for.
  private readonly keyIndex = new WeakMap<object, Set<string>>();
  private readonly traps: ProxyHandler<Obj>;

  constructor(readonly raw: T) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the traps' `this` is the node they handle
    const tracker = this;
    this.traps = {
      get(this: Node, t, prop) {
        const value: unknown = Reflect.get(t, prop);
        if (typeof prop !== 'string' || !isObject(value) || typeof value === 'function') return value;
        return tracker.proxyAt(value, this, prop);
      },
      set(this: Node, t, prop, value) {
        const plain = tracker.unwrap(value);
        if (typeof prop === 'string' && !(Object.is(t[prop], plain) && Object.prototype.hasOwnProperty.call(t, prop))) {
          tracker.mark(this, prop);
          if (this.depth === TABLE_DEPTH) tracker.keyIndex.get(t)?.add(prop);
        }
        t[prop as string] = plain;
        return true;
      },
      defineProperty(this: Node, t, prop, descriptor) {
        if (typeof prop === 'string') {
          tracker.mark(this, prop);
          if (this.depth === TABLE_DEPTH) tracker.keyIndex.get(t)?.add(prop);
        }
        if ('value' in descriptor) descriptor = { ...descriptor, value: tracker.unwrap(descriptor.value) };
        return Reflect.defineProperty(t, prop, descriptor);
      },
      deleteProperty(this: Node, t, prop) {
        if (typeof prop === 'string' && Object.prototype.hasOwnProperty.call(t, prop)) {
          tracker.mark(this, prop);
          if (this.depth === TABLE_DEPTH) tracker.keyIndex.get(t)?.delete(prop);
        }
        return Reflect.deleteProperty(t, prop);
      },
    };
    this.root = this.newProxy(raw as Obj, undefined, '') as T;
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
   * without making an array of them all, which blocks the thread in one piece at 100k records
   * (PERF(bench/sandboxSnapshotSlice.ts)). The set is made from Object.keys the first time (at the snapshot a start
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

  /** Notes that `prop` of the object at `node` changed: the stored record it is in, or the path itself above the records. */
  private mark(node: Node, prop: string): void {
    let unitNode: Node | undefined = node;
    while (unitNode.depth > UNIT_DEPTH) unitNode = unitNode.parent!;
    const unit = pathOf(unitNode);
    if (unitNode.depth < UNIT_DEPTH) unit.push(prop);
    const key = unit.join(SEP);
    if (!this.dirty.has(key)) this.dirty.set(key, unit);
  }

  private unwrap(value: unknown): unknown {
    if (!isObject(value)) return value;
    const plain = untracked(value);
    if (plain !== value) return plain;
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

  /**
   * The proxy of `target` read as `prop` of `parent`: the same one each time it is read there
   * (===), without making anything. An object read at a new path (moved) gets a proxy for that
   * path, which is the one kept from then on.
   */
  private proxyAt(target: Obj, parent: Node, prop: string): object {
    const known = this.nodeOfTarget.get(target);
    if (known !== undefined && known.parent === parent && known.prop === prop) return known.proxy;
    return this.newProxy(target, parent, prop);
  }

  private newProxy(target: Obj, parent: Node | undefined, prop: string): object {
    // Filled in place, once: read-only from then on.
    const node = Object.create(this.traps) as Writable<Node>;
    node.target = target;
    node.parent = parent;
    node.prop = prop;
    node.depth = parent ? parent.depth + 1 : 0;
    node.proxy = new Proxy(target, node as ProxyHandler<Obj>);
    registerView(node.proxy, target);
    this.nodeOfTarget.set(target, node);
    return node.proxy;
  }
}

/** The path from the root to the object at `node`. */
function pathOf(node: Node): string[] {
  const path: string[] = [];
  for (let at: Node | undefined = node; at?.parent; at = at.parent) path.push(at.prop);
  return path.reverse();
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
