// The checks inside a body: the first syntax error where the codec found it, the XML root
// element, and every field against the catalog: missing required fields (on the object that
// lacks them), unknown fields (warnings, with the nearest known name) and invalid values.

import type { Range } from '../requestFile';
import type { FieldSpec, Operation } from '../../catalog/types';
import { LEGACY_KEY_FIELD, operations } from '../../catalog';
import type { RequestDocument } from './requestDocument';
import type { AnalyzedBody } from './body/analyzeBody';
import type { FieldNode } from './body/fieldTree';
import { innerScope, lookupField, rootScope, type FieldScope } from './body/fieldScopes';
import { finding, onLine, type LintFinding } from './finding';
import { KEY_NAME, shown } from './keyPatterns';
import { valueProblem } from './valueCheck';
import type { Sender } from './sender';

const MAX_NODES = 20_000;

/** Names other payment APIs use for our fields, for "did you mean". */
const FIELD_ALIASES: Readonly<Record<string, string>> = {
  cvv: 'csc', cvv2: 'csc', cvc: 'csc', cid: 'csc',
  expdate: 'exp-date', exp_date: 'exp-date', expiry: 'exp-date', expiration: 'exp-date', 'expiration-date': 'exp-date',
  pan: 'card', 'card-number': 'card', cardnumber: 'card', number: 'card',
  routing: 'routing-number', aba: 'routing-number', 'routing_number': 'routing-number',
  account: 'account-number', 'account_number': 'account-number',
  sec: 'standard-entry-class-code', 'sec-code': 'standard-entry-class-code',
};

class BodyChecker {
  readonly out: LintFinding[] = [];
  private visited = 0;

  constructor(private readonly doc: RequestDocument, private readonly sender: Sender, private readonly rootWhere: string) {}

  private range(from: number, to: number): Range {
    return { start: this.doc.positionAt(from), end: this.doc.positionAt(to) };
  }

  object(node: FieldNode, scope: FieldScope, where: string): void {
    if (++this.visited > MAX_NODES) return;
    if (node.kind === 'array') {
      for (const item of node.children) if (item.kind === 'object') this.object(item, { fields: scope.fields }, where);
      return;
    }
    const present = new Set(node.children.map((c) => c.name));
    const wrappers = scope.arrayOf !== undefined && node.children.some((c) => lookupField(scope, c.name).wrapper);
    const replaced = new Set(scope.fields.filter((f) => f.replaces && present.has(f.name)).flatMap((f) => f.replaces ?? []));
    const missing = wrappers ? [] : scope.fields.filter((f) => f.required && !present.has(f.name) && !replaced.has(f.name));
    if (missing.length > 0) {
      const names = missing.map((f) => f.name);
      this.out.push(finding(this.range(node.openStart, node.openEnd), 'missing-field',
        `missing required field${names.length > 1 ? 's' : ''} ${names.join(', ')} in ${where}`));
    }
    for (const child of node.children) this.field(child, scope, where);
  }

  private field(node: FieldNode, scope: FieldScope, where: string): void {
    const found = lookupField(scope, node.name);
    if (found.wrapper) {
      if (node.kind === 'object') this.object(node, { fields: scope.fields }, `${node.name} in ${where}`);
      return;
    }
    const spec = found.spec;
    if (!spec) {
      if (KEY_NAME.test(node.name)) {
        // In a request file it is reported as a key in the file; an application sending its
        // key in the body uses a legacy form the gateway still accepts at the body's top level.
        if (this.sender === 'application' && node.name === LEGACY_KEY_FIELD && where === this.rootWhere) {
          this.out.push(finding(this.range(node.nameStart, node.nameEnd), 'legacy-form',
            `the key is sent as the body field ${LEGACY_KEY_FIELD}, a legacy form (a CMS payment plugin's): send it in the api-key header instead, where the interface names it`));
        }
        return;
      }
      const near = nearestName(node.name, scope.fields);
      this.out.push(finding(this.range(node.nameStart, node.nameEnd), 'unknown-field',
        `unknown field "${shown(node.name)}" in ${where}${near ? `: did you mean "${near}"?` : `: ${knownFields(scope.fields)}`}`, { replacement: near }));
      return;
    }
    const inner = innerScope(scope, found);
    if (inner && spec.fields) {
      if (node.kind === 'leaf') {
        if (node.leaf && node.leaf.text !== '' && !node.leaf.template && node.leaf.type !== 'literal') {
          this.out.push(finding(this.range(node.leaf.start, node.leaf.end), 'invalid-value', `${spec.name} is an ${spec.type} with fields ${spec.fields.map((f) => f.name).join(', ')}, not a single value`));
        }
        return;
      }
      this.object(node, inner, spec.name);
      return;
    }
    if (node.kind !== 'leaf') {
      this.out.push(finding(this.range(node.nameStart, node.nameEnd), 'invalid-value', `${spec.name} is a single ${spec.type} value, not an ${node.kind}`));
      return;
    }
    const leaf = node.leaf;
    if (!leaf || leaf.template) return;
    if (leaf.type === 'literal' && leaf.text === 'null') return;
    if (PLACEHOLDER_NAMES.has(leaf.text)) {
      // A snippet's or sample's placeholder left as a literal would be sent as is.
      this.out.push(finding(this.range(leaf.start, leaf.end), 'placeholder-value',
        `"${leaf.text}" is a placeholder, not a value: write the ${spec.name} itself or {{${leaf.text}}} with a value defined for it`, { replacement: `{{${leaf.text}}}` }));
      return;
    }
    const problem = valueProblem(spec, leaf.text);
    if (problem) this.out.push(finding(this.range(leaf.start, leaf.end), 'invalid-value', problem));
  }
}

/** The names the catalog's samples and paths use as placeholders (`{{transactionId}}`, `{tokenId}`). */
const PLACEHOLDER_NAMES: ReadonlySet<string> = new Set(operations.flatMap((op) => [
  ...[...(op.sample ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]),
  ...op.params.filter((p) => p.in === 'path').map((p) => p.name),
]).filter((name) => /[A-Z]/.test(name)));

function knownFields(fields: readonly FieldSpec[]): string {
  const names = fields.map((f) => f.name);
  return names.length === 0 ? 'it takes no fields here' : `known fields here are ${names.slice(0, 10).join(', ')}${names.length > 10 ? ` and ${names.length - 10} more (see completion)` : ''}`;
}

function nearestName(name: string, fields: readonly FieldSpec[]): string | undefined {
  const lower = name.toLowerCase();
  const alias = FIELD_ALIASES[lower];
  if (alias && fields.some((f) => f.name === alias)) return alias;
  let best: { name: string; score: number } | undefined;
  for (const f of fields) {
    const score = distance(lower, f.name.toLowerCase());
    if (!best || score < best.score) best = { name: f.name, score };
  }
  return best && best.score < name.length && best.score <= Math.max(1, Math.floor(name.length / 3)) ? best.name : undefined;
}

function distance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return 99;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

const MESSAGE_LINE = /\bline (\d+)/g;

/**
 * A syntax error's message with the line numbers it names moved `lines` down: codec messages
 * count from the body's first line, and a block that moved (incremental analysis) moves them too.
 */
export const linesMoved = (message: string, lines: number): string => message.replace(MESSAGE_LINE, (_m, n: string) => `line ${lines + Number(n)}`);

export function bodyFindings(doc: RequestDocument, op: Operation | undefined, body: AnalyzedBody, sender: Sender = 'request-file'): LintFinding[] {
  const out: LintFinding[] = [];
  if (body.syntaxError) {
    const { position, message } = body.syntaxError;
    const length = doc.lineText(position.line).length;
    const character = Math.min(position.character, length);
    // Codec positions count from the body's first line; the editor counts from the file's.
    const reason = linesMoved(message.replace(/ \(line \d+, column \d+\)$/, '').replace(/\.$/, ''), body.firstLine);
    out.push(finding(onLine(position.line, character, Math.min(length, character + 1)), body.format === 'json' ? 'malformed-json' : 'malformed-xml', `${reason}: fix the ${body.format.toUpperCase()} here`));
    return out; // fields of a body that does not parse would be guesses
  }
  if (!op || !op.acceptedBodyFormats.includes(body.format) || !body.root) return out;
  const checker = new BodyChecker(doc, sender, op.title);
  if (body.format === 'xml') {
    const root = body.root;
    if (op.xmlRoot && root.name !== op.xmlRoot) {
      out.push(finding({ start: doc.positionAt(root.nameStart), end: doc.positionAt(root.nameEnd) }, 'wrong-xml-root',
        `the root element of ${op.title} is <${op.xmlRoot}>, not <${shown(root.name)}>`));
      return out;
    }
    if (root.kind === 'leaf') {
      const required = op.fields.filter((f) => f.required).map((f) => f.name);
      if (required.length > 0) out.push(finding({ start: doc.positionAt(root.openStart), end: doc.positionAt(root.openEnd) }, 'missing-field', `missing required fields ${required.join(', ')} in ${op.title}`));
      return out;
    }
  } else if (body.root.kind !== 'object') {
    return out;
  }
  checker.object(body.root, rootScope(op), op.title);
  return [...out, ...checker.out];
}
