// A settings update starts from the environment's CURRENT settings (a fresh GET), never from the
// catalog sample: an update sends every field it names, so a sample would silently reset what
// the user did not touch. The same rendering shows current ↔ new in the diff before sending.
// Pure (no vscode) so node tests check it against the Local sandbox.
import { operations } from '../../catalog';
import { sampleText, type SampleValue } from '../../catalog/sampleText';
import type { Operation } from '../../catalog/types';
import { parseJson, parseXml } from '../../core/codecs';

/** A settings write that sends a body (create or update). */
export function isSettingsWrite(op: Pick<Operation, 'group' | 'method'>): boolean {
  return op.group === 'settings' && (op.method === 'PUT' || op.method === 'POST');
}

/** The GET of the settings group `op` writes to. */
export function settingsReadOf(op: Pick<Operation, 'path'>): Operation | undefined {
  return operations.find((o) => o.group === 'settings' && o.path === op.path && o.method === 'GET');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first object named `key` under `root`, breadth-first (the envelope nests it). */
function objectNamed(root: unknown, key: string): Record<string, unknown> | undefined {
  const queue: unknown[] = [root];
  while (queue.length) {
    const node = queue.shift();
    if (!isObject(node)) continue;
    if (isObject(node[key])) return node[key];
    queue.push(...Object.values(node));
  }
  return undefined;
}

/**
 * The settings `op` writes, as the parsed GET answer has them: the object named like its body's
 * root, or (device and HPP answer with the terminal settings) the fields `op` knows from the
 * object the GET names. Undefined when the answer has neither.
 */
export function currentSettingsOf(op: Operation, parsed: unknown): SampleValue | undefined {
  if (!op.xmlRoot) return undefined;
  const own = objectNamed(parsed, op.xmlRoot);
  if (own) return own;
  const other = settingsReadOf(op)?.payloadType;
  const shared = other ? objectNamed(parsed, other) : undefined;
  if (!shared) return undefined;
  const known = new Set(op.fields.map((f) => f.name));
  const picked = Object.fromEntries(Object.entries(shared).filter(([name]) => known.has(name)));
  return Object.keys(picked).length ? picked : undefined;
}

/** `value` as the body of `op`, in its body format (XML with the op's root element). */
export function settingsBodyText(op: Operation, value: SampleValue): string {
  if (op.bodyFormat === 'json') return sampleText('json', value);
  return sampleText('xml', value, op.xmlRoot);
}

/**
 * A request body for `op` in the same rendering as settingsBodyText, so that the diff shows
 * changed values and not formatting; the body as written when it does not parse.
 */
export function normalizedSettingsBody(op: Operation, body: string): string {
  const text = body.trim();
  const decoded = text.startsWith('<') ? parseXml(text) : parseJson(text);
  if (!decoded.ok) return body;
  const value = op.xmlRoot && isObject(decoded.value) && isObject(decoded.value[op.xmlRoot]) ? decoded.value[op.xmlRoot] : decoded.value;
  return isObject(value) ? settingsBodyText(op, value) : body;
}
