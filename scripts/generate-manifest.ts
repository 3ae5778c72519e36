// `npm run manifest`: writes package.json's `contributes` and `activationEvents` from data —
// the catalog (one `gateway.op.<id>` command per operation) and each part's vscode-free
// contributions module. test/extension-rules/manifest.test.ts checks that package.json equals
// what this produces, so the manifest cannot drift from the code.
// Usage: tsx scripts/generate-manifest.ts [--check]  (--check: exit 1 if package.json differs)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { groups, operations, type Operation, type Safety } from '../src/catalog';
import { COMMANDS, operationCommandId } from '../src/extension/contracts';
import { environmentFileSchema } from '../src/core/environmentSchema';

export const PACKAGE_JSON = path.resolve(__dirname, '../package.json');

/** Each part's contributions, in the order they appear in package.json. */
const CONTRIBUTION_MODULES: readonly string[] = [
  '../src/extension/environments/contributions',
  '../src/extension/operations/contributions',
  '../src/extension/tree/contributions',
  '../src/extension/walkthrough/contributions',
  '../src/extension/codegen/contributions',
  '../src/extension/traffic/contributions',
];

/** `contributes` keys a part may export, matched against the end of an export's name. */
const CONTRIBUTES_KEYS = [
  'commands', 'menus', 'submenus', 'keybindings', 'configuration', 'languages', 'grammars',
  'snippets', 'viewsContainers', 'views', 'viewsWelcome', 'colors', 'icons', 'jsonValidation',
  'walkthroughs',
] as const;
type ContributesKey = typeof CONTRIBUTES_KEYS[number];
type Contributes = Partial<Record<ContributesKey, unknown>>;

interface CommandContribution { command: string; title: string; category?: string; icon?: string; enablement?: string }
interface MenuItem { command?: string; submenu?: string; when?: string; group?: string }

/** Commands that only make sense on a tree item or a code lens: hidden from the palette. */
const NEEDS_AN_ITEM: readonly string[] = [
  COMMANDS.sendRequestAt, COMMANDS.loadMore, COMMANDS.retryNode, COMMANDS.refreshNode,
];

// Shown where operations appear as inline actions and in editor title bars.
const SAFETY_ICONS: Record<Safety, string> = {
  read: '$(eye)',
  write: '$(edit)',
  'moves-money': '$(credit-card)',
  destructive: '$(trash)',
};

const groupTitle = new Map(groups.map(g => [g.id, g.title]));

/** "Card transactions" → "card transactions"; acronyms such as "ACH providers" stay. */
const inSentence = (title: string) => (/^[A-Z][a-z]/.test(title) ? title[0].toLowerCase() + title.slice(1) : title);

export function operationCommand(op: Operation): CommandContribution {
  return {
    command: operationCommandId(op.id),
    title: `${op.title} (${inSentence(groupTitle.get(op.group) ?? op.group)})`,
    category: 'Gateway',
    icon: SAFETY_ICONS[op.safety],
  };
}

/** A part's exports as `contributes` fragments: `contributes` itself, or exports named by key. */
function fragmentOf(modulePath: string, exported: Record<string, unknown>): Contributes {
  if (exported.contributes && typeof exported.contributes === 'object') return exported.contributes;
  const fragment: Contributes = {};
  for (const [name, value] of Object.entries(exported)) {
    if (value === null || typeof value !== 'object') continue;
    const key = [...CONTRIBUTES_KEYS]
      .sort((a, b) => b.length - a.length)
      .find(k => name.toLowerCase().endsWith(k.toLowerCase()));
    if (!key) continue;
    if (fragment[key] !== undefined) throw new Error(`${modulePath}: two exports map to contributes.${key}; export one (or a \`contributes\` object)`);
    fragment[key] = value;
  }
  return fragment;
}

/** Arrays concatenate; objects (menus, views, viewsContainers…) merge per key. */
function merge(into: Contributes, fragment: Contributes): void {
  for (const [key, value] of Object.entries(fragment) as [ContributesKey, unknown][]) {
    const current = into[key];
    if (current === undefined) into[key] = structuredClone(value);
    else if (key === 'configuration') into[key] = mergeConfiguration(current, value);
    else if (Array.isArray(current) && Array.isArray(value)) into[key] = [...current, ...structuredClone(value)];
    else if (isObject(current) && isObject(value)) {
      const merged: Record<string, unknown> = { ...current };
      for (const [k, v] of Object.entries(value)) {
        merged[k] = Array.isArray(merged[k]) && Array.isArray(v) ? [...merged[k] as unknown[], ...structuredClone(v)] : structuredClone(v);
      }
      into[key] = merged;
    } else throw new Error(`contributes.${key}: cannot merge a ${typeof current} with a ${typeof value}`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function mergeConfiguration(a: unknown, b: unknown): unknown {
  const one = (c: unknown) => c as { title?: string; properties?: Record<string, unknown> };
  const [x, y] = [one(a), one(b)];
  return { title: x.title ?? y.title, properties: { ...x.properties, ...structuredClone(y.properties) } };
}

function loadParts(): Contributes[] {
  return CONTRIBUTION_MODULES.flatMap(rel => {
    const file = path.resolve(__dirname, rel);
    if (!fs.existsSync(`${file}.ts`)) {
      console.warn(`generate-manifest: ${path.relative(path.dirname(PACKAGE_JSON), file)}.ts is not there yet; skipped`);
      return [];
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return [fragmentOf(rel, require(file) as Record<string, unknown>)];
  });
}

export function buildContributes(parts: readonly Contributes[] = loadParts()): Contributes {
  const contributes: Contributes = {};
  for (const part of parts) merge(contributes, part);
  merge(contributes, { commands: operations.map(operationCommand) });

  const commands = contributes.commands as CommandContribution[];
  const seen = new Set<string>();
  for (const c of commands) {
    if (seen.has(c.command)) throw new Error(`command ${c.command} is contributed twice`);
    seen.add(c.command);
  }
  const menus = (contributes.menus ?? {}) as Record<string, MenuItem[]>;
  const palette = menus.commandPalette ?? [];
  for (const command of NEEDS_AN_ITEM) {
    if (seen.has(command) && !palette.some(m => m.command === command)) palette.push({ command, when: 'false' });
  }
  menus.commandPalette = palette;
  contributes.menus = menus;
  return sortKeys(contributes);
}

/**
 * The one place that decides what activates the extension. Since VS Code 1.74 contributed
 * commands, views and languages activate it by themselves (engines.vscode is above that), so
 * only what VS Code cannot infer is listed: the URI handler.
 */
export function activationEventsFor(_contributes: Contributes): string[] {
  return ['onUri'];
}

function sortKeys(contributes: Contributes): Contributes {
  const sorted: Contributes = {};
  for (const key of CONTRIBUTES_KEYS) if (contributes[key] !== undefined) sorted[key] = contributes[key];
  return sorted;
}

/** package.json with `activationEvents` and `contributes` generated; every other key kept as is. */
export function generateManifest(pkg: Record<string, unknown>): Record<string, unknown> {
  const contributes = buildContributes();
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(pkg)) {
    out[key] = key === 'activationEvents' ? activationEventsFor(contributes) : key === 'contributes' ? contributes : value;
  }
  if (!('activationEvents' in out)) out.activationEvents = activationEventsFor(contributes);
  if (!('contributes' in out)) out.contributes = contributes;
  return out;
}

export const serialize = (pkg: unknown) => `${JSON.stringify(pkg, null, 2)}\n`;

/** The schema VS Code checks gateway-workbench.json against (contributes.jsonValidation). */
export const ENVIRONMENT_FILE_SCHEMA = path.resolve(__dirname, '../schemas/gateway-workbench.schema.json');
export const environmentFileSchemaText = () => serialize(environmentFileSchema);

function main(): void {
  const current = fs.readFileSync(PACKAGE_JSON, 'utf8');
  const next = serialize(generateManifest(JSON.parse(current) as Record<string, unknown>));
  const contributes = JSON.parse(next).contributes as Contributes;
  const summary = `${(contributes.commands as unknown[]).length} commands, menus: ${Object.keys(contributes.menus as object).join(', ')}`;
  const schemaCurrent = fs.existsSync(ENVIRONMENT_FILE_SCHEMA) ? fs.readFileSync(ENVIRONMENT_FILE_SCHEMA, 'utf8') : '';
  const schemaNext = environmentFileSchemaText();
  if (process.argv.includes('--check')) {
    if (next !== current || schemaNext !== schemaCurrent) { console.error('package.json or schemas/ is out of date: run "npm run manifest"'); process.exit(1); }
    console.log(`package.json is up to date (${summary})`);
    return;
  }
  if (next !== current) fs.writeFileSync(PACKAGE_JSON, next);
  if (schemaNext !== schemaCurrent) {
    fs.mkdirSync(path.dirname(ENVIRONMENT_FILE_SCHEMA), { recursive: true });
    fs.writeFileSync(ENVIRONMENT_FILE_SCHEMA, schemaNext);
  }
  console.log(`${next === current ? 'unchanged' : 'wrote'} package.json: ${summary}`);
}

if (require.main === module) main();
