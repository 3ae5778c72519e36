// A cache keyed by text taken from a request file: a long run asks for the same few keys again
// and again (`status 200`, `payload.transaction.id`, `POST /rest/v2/transactions/sale`), so a
// small map saves most of the work. Two things every such cache needs, kept in one place:
// - bounded: keys can vary without end (ids in paths, expected values), so at its limit the map
//   is cleared whole — cheaper than tracking what was used last, and the few hot keys come back
//   at once;
// - keys copied (detachedText.ts): a key cut from a parsed line would otherwise keep that line's
//   whole chunk of the file alive for as long as the cache holds it.

import { detached } from './detachedText';

/** How many entries a cache holds before it starts again: far more than a file's distinct hot keys. */
const DEFAULT_LIMIT = 1024;

/** Values must not be undefined (undefined means "not cached"); store null for "known to be nothing". */
export class BoundedTextCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly limit = DEFAULT_LIMIT) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Stores `value` under a copy of `key`. A value cut from the file must be copied by the caller. */
  set(key: string, value: V): void {
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(detached(key), value);
  }

  /**
   * The value for `key`, made by `make` when not cached. `make` is given the key's copy, so a
   * value read from it (a slice, a split) does not hold on to the file either.
   */
  getOrMake(key: string, make: (ownKey: string) => V): V {
    const known = this.entries.get(key);
    if (known !== undefined) return known;
    const own = detached(key);
    const value = make(own);
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(own, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
