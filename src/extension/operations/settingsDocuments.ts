// A settings update starts from the environment's CURRENT settings (a fresh GET), never from the
// catalog sample: an update sends every field it names, so a sample would silently reset what
// the user did not touch. The same rendering shows current ↔ new in the diff before sending.
// Pure (no vscode) so node tests check it against the Local sandbox. The codecs come in as a
// parameter (the extension passes loadRuntime()), so the XML library stays out of the activation
// bundle (test/extension-rules/activationBundle.test.ts).
import { operations } from '../../catalog';
import type { Operation, SampleValue } from '../../catalog/types';
import type { CodecResult } from '../../core/codecs/codecs';
import { isObject, objectNamed } from '../../core/answers/objectNamed';

/** The body codecs rendering needs: core's, reached through the lazily loaded runtime. */
interface BodyCodecs {
  parseXml: (text: string) => CodecResult<Record<string, unknown>>;
  parseJson: (text: string) => CodecResult<unknown>;
  buildXml: (rootName: string, value: Record<string, unknown>) => string;
}

/** A settings write that sends a body (create or update). */
export function isSettingsWrite(op: Pick<Operation, 'group' | 'method'>): boolean {
  return op.group === 'settings' && (op.method === 'PUT' || op.method === 'POST');
}

/** The GET of the settings group `op` writes to. */
export function settingsReadOf(op: Pick<Operation, 'path'>): Operation | undefined {
  return operations.find((o) => o.group === 'settings' && o.path === op.path && o.method === 'GET');
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
export function settingsBodyText(op: Operation, value: SampleValue, codecs: BodyCodecs): string {
  if (op.bodyFormat === 'json') return JSON.stringify(value, null, 2);
  if (!op.xmlRoot) throw new Error(`${op.id}: an XML body needs its root element name (xmlRoot).`);
  return codecs.buildXml(op.xmlRoot, value);
}

/**
 * The settings a request body for `op` names (its XML root or JSON object unwrapped); undefined
 * when the body does not parse as an object.
 */
export function settingsOfBody(op: Operation, body: string, codecs: BodyCodecs): Record<string, unknown> | undefined {
  const text = body.trim();
  const decoded = text.startsWith('<') ? codecs.parseXml(text) : codecs.parseJson(text);
  if (!decoded.ok) return undefined;
  const value = op.xmlRoot && isObject(decoded.value) && isObject(decoded.value[op.xmlRoot]) ? decoded.value[op.xmlRoot] : decoded.value;
  return isObject(value) ? value : undefined;
}

/** `value` as a body for `op` in the format `like` is written in (XML or JSON), so a rewritten body keeps its Content-Type true. */
export function settingsBodyLike(op: Operation, value: SampleValue, like: string, codecs: BodyCodecs): string {
  if (!like.trim().startsWith('<')) return JSON.stringify(value, null, 2);
  if (!op.xmlRoot) throw new Error(`${op.id}: an XML body needs its root element name (xmlRoot).`);
  return codecs.buildXml(op.xmlRoot, value);
}

/**
 * A request body for `op` in the same rendering as settingsBodyText, so that the diff shows
 * changed values and not formatting; the body as written when it does not parse.
 */
export function normalizedSettingsBody(op: Operation, body: string, codecs: BodyCodecs): string {
  const value = settingsOfBody(op, body, codecs);
  return value ? settingsBodyText(op, value, codecs) : body;
}
