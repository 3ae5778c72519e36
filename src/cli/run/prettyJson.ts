// JSON.stringify(value, null, 2) for plain data, each line after the first starting with a margin:
// how the streamed report writes each request's part. V8's fast JSON serializer is for no indent
// only; with one, a request's ~20 values took ~8 µs to write, then a pattern over the whole text
// to shift it right — both per request (bench/runnerLoad.ts). Anything but plain objects, arrays,
// strings, finite numbers, booleans and null goes to JSON.stringify itself, so the text is the
// same byte for byte (test/cli/prettyJson.test.ts).

const STEP = '  ';

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** What JSON.stringify makes of `value` at indentation `indent`, or undefined where it would leave the value out. */
function written(value: unknown, indent: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return writtenArray(value, indent);
      if (isPlainObject(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function') return writtenObject(value as Record<string, unknown>, indent);
      return fallback(value, indent);
    case 'bigint':
      return fallback(value, indent); // JSON.stringify throws, and so does this
  }
}

function writtenArray(items: readonly unknown[], indent: string): string {
  if (items.length === 0) return '[]';
  const inner = indent + STEP;
  let out = '[';
  for (let i = 0; i < items.length; i++) out += (i === 0 ? '\n' : ',\n') + inner + (written(items[i], inner) ?? 'null');
  return out + '\n' + indent + ']';
}

function writtenObject(object: Record<string, unknown>, indent: string): string {
  const inner = indent + STEP;
  let out = '';
  for (const key of Object.keys(object)) {
    const value = written(object[key], inner);
    if (value === undefined) continue;
    out += (out === '' ? '{\n' : ',\n') + inner + JSON.stringify(key) + ': ' + value;
  }
  return out === '' ? '{}' : out + '\n' + indent + '}';
}

/** JSON.stringify's own text for what this file does not write itself (toJSON, bigint, class instances), shifted to `indent`. */
function fallback(value: unknown, indent: string): string | undefined {
  const text = JSON.stringify(value, null, 2) as string | undefined;
  return text === undefined || indent === '' ? text : text.replace(/\n/g, '\n' + indent);
}

/**
 * `JSON.stringify(value, null, 2)` with `margin` before every line but the first, as an element
 * of an array: `null` where JSON.stringify would leave the value out (a toJSON returning undefined).
 */
export function prettyJson(value: object, margin = ''): string {
  return written(value, margin) ?? 'null';
}
