// With a data file, modules reach the state through the change tracker's proxies
// (persistence/changeTracking.ts), which wrap every object read so that a write to it is noted.
// A reader of many records that writes none — the search index, built from the whole table —
// would make a proxy of each record and of each object in it; it reads the plain objects instead.

const plainByView = new WeakMap<object, object>();

/** Called by the tracker for each proxy it makes: `view` reads and writes `plain`. */
export function registerView(view: object, plain: object): void {
  plainByView.set(view, plain);
}

/** The plain object behind a tracked `value` (itself when it is not a tracked view): for reading only. */
export function untracked<T extends object>(value: T): T {
  return (plainByView.get(value) as T | undefined) ?? value;
}
