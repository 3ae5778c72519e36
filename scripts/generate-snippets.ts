// `npm run snippets`: writes snippets/gateway-request.json (the language server offers them), one per operation that takes
// a body, from the catalog's sample. test/snippets/snippets.test.ts fails when the file differs
// from what this produces, so the snippets cannot drift from the catalog.
// Usage: tsx scripts/generate-snippets.ts [--check]  (--check: exit 1 if the file differs)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { operations, type Operation } from '../src/catalog';

export const SNIPPETS_FILE = path.resolve(__dirname, '../snippets/gateway-request.json');

export interface Snippet {
  prefix: string;
  description: string;
  body: string[];
}

/** What each id's first part becomes in a prefix: `tokens.create` → `gw-token-create`. */
const PREFIX_STEMS: Readonly<Record<string, string>> = {
  transactions: '',
  tokens: 'token',
  achTransactions: 'ach',
  achTokens: 'ach-token',
  settings: 'settings',
  batches: 'batch',
  merchants: 'merchant',
};

const CONTENT_TYPES: Readonly<Record<string, string>> = { json: 'application/json', xml: 'application/xml' };
const BASE_VARIABLE: Readonly<Record<Operation['host'], string>> = { gateway: '{{gatewayUrl}}', boarding: '{{boardingUrl}}' };

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (s: string) => s.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

/** The prefix typed to insert an operation's snippet. */
export function snippetPrefix(op: Operation): string {
  const [group, ...rest] = op.id.split('.');
  const stem = PREFIX_STEMS[group] ?? kebab(group);
  return ['gw', stem, ...rest.map(kebab)].filter((part) => part !== '').join('-');
}

/** Snippet syntax gives `$` and `\` meaning; literal ones are escaped. */
function escapeSnippet(text: string): string {
  return text.replace(/[\\$]/g, (c) => `\\${c}`);
}

/** A default inside `${n:…}`: `}` and `$` and `\\` mean something there. */
const escapeDefault = (text: string) => text.replace(/[\\$}]/g, (c) => `\\${c}`);

/**
 * Numbers tab stops by first appearance; the same key twice is one (mirrored) stop. A variable's
 * stop keeps `{{name}}` as its default, so a value not given stays a variable the language
 * server flags (a literal "transactionId" would be sent as is).
 */
class TabStops {
  private readonly numbers = new Map<string, number>();
  private number(key: string): number {
    let n = this.numbers.get(key);
    if (n === undefined) this.numbers.set(key, (n = this.numbers.size + 1));
    return n;
  }
  stop(name: string): string {
    return `\${${this.number(name)}:${name}}`;
  }
  variable(name: string): string {
    return `\${${this.number(`{{${name}}}`)}:${escapeDefault(`{{${name}}}`)}}`;
  }
  value(field: string, value: string): string {
    return `\${${this.number(`${field}=${value}`)}:${escapeDefault(value)}}`;
  }
}

/** Body fields whose sample value a user nearly always changes: each one is a tab stop. */
const VALUE_FIELDS = ['amount', 'tip-amount', 'card', 'exp-date', 'csc', 'invoice', 'account-number', 'routing-number', 'individual-name'];
const FIELD = VALUE_FIELDS.map((f) => f.replace(/-/g, '\\-')).join('|');
/** One pass in text order: `{{variable}}`, a JSON `"field": "value"`, an XML `<field>value</field>`. */
const BODY_STOPS = new RegExp(`\\{\\{(\\w+)\\}\\}|("(${FIELD})"\\s*:\\s*")([^"{\\\\]+)(")|(<(${FIELD})>)([^<{]+)(</\\7>)`, 'g');

function bodyWithStops(body: string, stops: TabStops): string {
  return body.replace(BODY_STOPS, (_m, variable: string | undefined, jOpen: string, jField: string, jValue: string, jClose: string,
    xOpen: string, xField: string, xValue: string, xClose: string) => {
    if (variable !== undefined) return stops.variable(variable);
    if (jOpen !== undefined) return `${jOpen}${stops.value(jField, jValue)}${jClose}`;
    return `${xOpen}${stops.value(xField, xValue)}${xClose}`;
  });
}

/** The snippet of one body-bearing operation: a complete request, what a user changes as tab stops. */
export function snippetOf(op: Operation): Snippet {
  const stops = new TabStops();
  const name = stops.stop(camel(snippetPrefix(op).replace(/^gw-/, '')));
  const target = escapeSnippet(op.path).replace(/\{(\w+)\}/g, (_m, param: string) => stops.variable(param));
  // Headers past the credentials (mobile: public-key, mobilejwt), their variables as tab stops.
  const headers = op.headers.map((h) => `${h.name}: ${bodyWithStops(escapeSnippet(h.value), stops)}`);
  const body = bodyWithStops(escapeSnippet(op.sample ?? ''), stops);
  return {
    prefix: snippetPrefix(op),
    description: op.title,
    body: [
      `### ${escapeSnippet(op.title)}`,
      `# @name ${name}`,
      `${op.method} ${BASE_VARIABLE[op.host]}${target}`,
      `Content-Type: ${CONTENT_TYPES[op.bodyFormat]}`,
      ...headers,
      '',
      ...body.split('\n'),
      '$0',
    ],
  };
}

/** Operations that take a body, in catalog order. */
export function bodyBearingOperations(): Operation[] {
  return operations.filter((op) => op.bodyFormat !== 'none');
}

export function generateSnippets(): Record<string, Snippet> {
  return Object.fromEntries(bodyBearingOperations().map((op) => [op.id, snippetOf(op)]));
}

export function serializeSnippets(snippets: Record<string, Snippet>): string {
  return JSON.stringify(snippets, null, 2) + '\n';
}

function main(): void {
  const next = serializeSnippets(generateSnippets());
  const current = fs.existsSync(SNIPPETS_FILE) ? fs.readFileSync(SNIPPETS_FILE, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error(`${path.relative(process.cwd(), SNIPPETS_FILE)} is out of date: run "npm run snippets"`);
      process.exit(1);
    }
    return;
  }
  if (next !== current) fs.writeFileSync(SNIPPETS_FILE, next);
  console.log(`${path.relative(process.cwd(), SNIPPETS_FILE)}: ${Object.keys(JSON.parse(next)).length} snippets`);
}

if (require.main === module) main();
