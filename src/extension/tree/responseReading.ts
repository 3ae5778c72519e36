// Reading list responses without trusting their shape: the gateway's JSON and XML both wrap
// lists in envelopes, and XML turns a one-element list into a plain object.

export type GatewayRecord = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is GatewayRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `path` under `root`, or undefined when any step is missing. */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let current = root;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** The records at `path`: an array, a single record (XML's one-element list), or none. */
export function recordsAt(root: unknown, path: readonly string[]): GatewayRecord[] {
  const found = path.length ? valueAt(root, path) : root;
  if (Array.isArray(found)) return found.filter(isRecord);
  return isRecord(found) ? [found] : [];
}

export function recordAt(root: unknown, path: readonly string[]): GatewayRecord | undefined {
  const found = valueAt(root, path);
  return isRecord(found) ? found : undefined;
}

/** A field as text (numbers included), or '' when it is absent. */
export function text(record: GatewayRecord | undefined, key: string): string {
  const value = record?.[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** The strings at `path`, whether the response held a list or one value. */
export function textsAt(root: unknown, path: readonly string[]): string[] {
  const found = valueAt(root, path);
  const list = Array.isArray(found) ? found : found === undefined ? [] : [found];
  return list.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
}

interface PageInfo {
  number: number;
  last: boolean;
}

/** The search envelope's `page` object: 1-based number and whether this is the last page. */
export function pageInfo(parsed: unknown): PageInfo {
  const page = recordAt(parsed, ['page']);
  const number = Number(text(page, 'number') || 1);
  // No page object means the gateway sent everything at once.
  const last = page ? text(page, 'last') !== 'false' : true;
  return { number: Number.isFinite(number) ? number : 1, last };
}
