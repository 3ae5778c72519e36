// `npm run snippets`: writes snippets/gateway-request.json, one snippet per operation that takes
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

/** Numbers tab stops by first appearance; the same name twice is one (mirrored) stop. */
class TabStops {
  private readonly numbers = new Map<string, number>();
  stop(name: string): string {
    let n = this.numbers.get(name);
    if (n === undefined) this.numbers.set(name, (n = this.numbers.size + 1));
    return `\${${n}:${name}}`;
  }
}

/** The snippet of one body-bearing operation: a complete request, its placeholders as tab stops. */
export function snippetOf(op: Operation): Snippet {
  const stops = new TabStops();
  const name = stops.stop(camel(snippetPrefix(op).replace(/^gw-/, '')));
  const target = escapeSnippet(op.path).replace(/\{(\w+)\}/g, (_m, param: string) => stops.stop(param));
  const body = escapeSnippet(op.sample ?? '').replace(/\{\{(\w+)\}\}/g, (_m, placeholder: string) => stops.stop(placeholder));
  return {
    prefix: snippetPrefix(op),
    description: op.title,
    body: [
      `### ${escapeSnippet(op.title)}`,
      `# @name ${name}`,
      `${op.method} ${BASE_VARIABLE[op.host]}${target}`,
      `Content-Type: ${CONTENT_TYPES[op.bodyFormat]}`,
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
