// The text of a request document for one catalog operation: a header comment (what it is, how
// careful to be, where it goes), then one request in the request-file format that
// `src/core/requestFile` parses. Pure (no vscode) so node tests can hold it to the parser.
import type { Operation } from '../../catalog/types';
import { CONTENT_TYPE, acceptFor } from '../../catalog/mediaTypes';
import { SAFETY_WORDING } from '../../catalog/safety';
import { environmentLine } from '../../core/requestFile/environmentLine';
import type { OperationVars } from '../contracts';

interface RequestDocumentInput {
  operation: Operation;
  environmentName: string;
  vars?: OperationVars;
  /** Used instead of the catalog sample. */
  body?: string;
  /** A comment line under the header: what the user must do before sending. */
  note?: string;
}

const AUTH_HEADERS: Readonly<Record<Operation['auth'], string>> = {
  'api-key': 'the api-key header is',
  'access-key': 'the AccessKey and MerchantId headers are',
};

/** What the operation does, as the header and the run picker say it: "moves money". */
export function safetyLabel(op: Operation): string {
  return SAFETY_WORDING[op.safety].does;
}

/** `{{name}}` placeholders that `vars` knows are filled; the others stay variables for the user. */
export function fillPlaceholders(text: string, vars: OperationVars = {}): string {
  return text.replace(/\{\{\s*([A-Za-z_$][\w$-]*)\s*\}\}/g, (whole: string, name: string) => vars[name] ?? whole);
}

/**
 * The catalog sample with the item's values in it: `{{name}}` placeholders are filled, and a body
 * field named like a var takes its value (a card token's id replaces the sample's test card).
 * Top-level JSON fields and XML elements with plain text only; anything else stays as written.
 */
function sampleWithVars(op: Operation, sample: string, vars: OperationVars = {}): string {
  const filled = fillPlaceholders(sample, vars);
  const names = Object.keys(vars).filter((name) => vars[name] !== undefined && vars[name] !== '');
  if (names.length === 0) return filled;
  if (filled.trimStart().startsWith('<')) {
    return names.reduce((xml, name) => xml.replace(
      new RegExp(`(<${escapeRegExp(name)}>)[^<]*(</${escapeRegExp(name)}>)`, 'g'),
      (_whole, open: string, close: string) => `${open}${escapeXml(vars[name])}${close}`,
    ), filled);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(filled);
  } catch {
    return filled;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return filled;
  const body = parsed as Record<string, unknown>;
  const touched = names.filter((name) => Object.hasOwn(body, name) && typeof body[name] !== 'object');
  const added = names.filter((name) => ADDED_WHEN_DECLARED.has(name) && !Object.hasOwn(body, name) && op.fields.some((f) => f.name === name));
  if (touched.length === 0 && added.length === 0) return filled;
  for (const name of [...touched, ...added]) body[name] = vars[name];
  return JSON.stringify(body, null, 2);
}

/**
 * Fields an item's value joins a sample that leaves them out, when the operation declares them:
 * a card made from a customer belongs to that customer. Only these: an id added to any body the
 * operation accepts would change what other items' operations send.
 */
const ADDED_WHEN_DECLARED: ReadonlySet<string> = new Set(['customer-key']);

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The operation's path with known parameters filled (encoded) and unknown ones as `{{name}}`. */
export function filledPath(op: Operation, vars: OperationVars = {}): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = vars[name];
    return value !== undefined && value !== '' ? encodeURIComponent(value) : `{{${name}}}`;
  });
  const query = op.params
    .filter((p) => p.in === 'query' && (p.required || vars[p.name] !== undefined))
    .map((p) => `${p.name}=${vars[p.name] !== undefined ? encodeURIComponent(vars[p.name]) : `{{${p.name}}}`}`);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** The `@name` of the request, so later requests can chain `{{sale.payload.transaction.id}}`. */
function requestNameOf(op: Operation): string {
  const last = op.id.split('.').pop() ?? op.id;
  return last.replace(/[^\w$-]/g, '_');
}

export function requestDocumentText(input: RequestDocumentInput): string {
  const { operation: op, environmentName, vars } = input;
  // A body the caller gives (history, a URI) is kept as written; the catalog sample takes the vars.
  const sample = input.body !== undefined ? fillPlaceholders(input.body, vars) : sampleWithVars(op, op.sample ?? '', vars);
  const path = filledPath(op, vars);
  // Headers past the credentials (the mobile paths' public-key and mobilejwt), their variables filled.
  const extraHeaders = op.headers.map((h) => `${h.name}: ${fillPlaceholders(h.value, vars)}`);
  const toFill = unresolvedNames(`${path}\n${extraHeaders.join('\n')}\n${op.bodyFormat !== 'none' ? sample : ''}`);
  const lines = [
    `# ${op.title} (${op.id}) — ${safetyLabel(op)}`,
    environmentLine(environmentName, 'Send with "Gateway: Send Request" (Ctrl+Alt+Enter) or the code lens.'),
    `# Auth: ${AUTH_HEADERS[op.auth]} added at send time from SecretStorage; never write keys here.`,
    ...(input.note ? [`# ${input.note}`] : []),
    // A variable left in the document is said out loud, with the two ways to give it.
    ...toFill.map((name) => `# To fill: {{${name}}} — replace it, or define it above with "@${name} = <value>"; ${op.title} from an item's menu in the Gateway view fills it for you.`),
    '',
    `### ${op.title}`,
    `# @name ${requestNameOf(op)}`,
    `${op.method} ${path}`,
  ];
  const bodyFormat = op.bodyFormat === 'none' ? 'none' : bodyFormatOf(sample, op);
  if (bodyFormat !== 'none') lines.push(`Content-Type: ${CONTENT_TYPE[bodyFormat]}`);
  lines.push(`Accept: ${acceptFor(op, bodyFormat)}`);
  lines.push(...extraHeaders);
  if (op.bodyFormat !== 'none') lines.push('', sample);
  return lines.join('\n') + '\n';
}

/** `{{name}}` variables in `text`, each once, in order. */
function unresolvedNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([A-Za-z_$][\w$-]*)\s*\}\}/g)].map((m) => m[1]))];
}

function bodyFormatOf(body: string, op: Operation): 'json' | 'xml' {
  if (body.trimStart().startsWith('<')) return 'xml';
  if (body.trimStart().startsWith('{') || body.trimStart().startsWith('[')) return 'json';
  return op.bodyFormat === 'xml' ? 'xml' : 'json';
}
