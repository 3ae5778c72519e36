// `npm run manifest`: writes package.json's `contributes` and `activationEvents` from data —
// the catalog (one `gateway.op.<id>` command per operation) and each part's vscode-free
// contributions module, which exports one typed `contributes` fragment. test/extension-rules/manifest.test.ts checks that package.json equals
// what this produces, so the manifest cannot drift from the code.
// Usage: tsx scripts/generate-manifest.ts [--check]  (--check: exit 1 if package.json differs)
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CommandContribution, ContributesFragment, MenuContribution } from '../src/extension/contributes';
import { environmentFileSchema } from '../src/core/environments/environmentSchema';
import { seedFileSchema } from '../src/sandbox/seeds/seedSchema';
import { settingsFileSchema } from '../src/core/settingsCode/settingsSchema';
import { contributes as environments } from '../src/extension/environments/contributions';
import { contributes as operationsPart, operationCommands } from '../src/extension/operations/contributions';
import { contributes as requestDocuments } from '../src/extension/requestDocuments/contributions';
import { contributes as tree } from '../src/extension/tree/contributions';
import { contributes as walkthrough } from '../src/extension/walkthrough/contributions';
import { contributes as codegen } from '../src/extension/codegen/contributions';
import { contributes as traffic } from '../src/extension/traffic/contributions';
import { contributes as results } from '../src/extension/results/contributions';
import { contributes as importPart } from '../src/extension/import/contributions';
import { contributes as overview } from '../src/extension/overview/contributions';
import { contributes as agentTools } from '../src/extension/agentTools/contributions';

export const PACKAGE_JSON = path.resolve(__dirname, '../package.json');

/**
 * Each part's typed `contributes` fragment by its folder under src/extension, in the order they
 * appear in package.json: the one list of parts (test/extension-rules/manifest.test.ts fails
 * for a `contributions.ts` that is not in it).
 */
export const PARTS: Readonly<Record<string, ContributesFragment>> = {
  environments, operations: operationsPart, requestDocuments, tree, walkthrough, codegen, traffic, results, import: importPart, overview, agentTools,
};

/** The order of `contributes` keys in package.json. */
const CONTRIBUTES_KEYS = [
  'commands', 'menus', 'submenus', 'keybindings', 'configuration', 'languages', 'grammars',
  'snippets', 'viewsContainers', 'views', 'viewsWelcome', 'colors', 'icons', 'jsonValidation',
  'walkthroughs', 'languageModelTools',
] as const satisfies readonly (keyof ContributesFragment | 'submenus' | 'colors' | 'icons')[];
type ContributesKey = typeof CONTRIBUTES_KEYS[number];
type Contributes = Partial<Record<ContributesKey, unknown>>;

/** Arrays concatenate; objects (menus, views, viewsContainers…) merge per key. */
function merge(into: Contributes, fragment: ContributesFragment): void {
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

export function buildContributes(parts: readonly ContributesFragment[] = Object.values(PARTS)): Contributes {
  const contributes: Contributes = {};
  for (const part of parts) merge(contributes, part);
  merge(contributes, { commands: operationCommands() });

  const declared = contributes.commands as CommandContribution[];
  const seen = new Set<string>();
  for (const c of declared) {
    if (seen.has(c.command)) throw new Error(`command ${c.command} is contributed twice`);
    seen.add(c.command);
  }
  // `paletteHidden` on a command's declaration is the one list of what the palette never offers.
  contributes.commands = declared.map(({ paletteHidden: _, ...command }) => command);
  const menus = (contributes.menus ?? {}) as Record<string, MenuContribution[]>;
  const hidden = declared.filter(c => c.paletteHidden).map(c => ({ command: c.command, when: 'false' }));
  const shown = menus.commandPalette ?? [];
  for (const entry of shown) {
    if (hidden.some(h => h.command === entry.command)) throw new Error(`${entry.command} is paletteHidden and also given a commandPalette entry`);
  }
  contributes.menus = { ...menus, commandPalette: [...hidden, ...shown] };
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
/** The schema VS Code checks *.gwseed.json against: a Local sandbox seed (src/sandbox/seeds/seedSchema.ts). */
export const SEED_FILE_SCHEMA = path.resolve(__dirname, '../schemas/gwseed.schema.json');
export const seedFileSchemaText = () => serialize(seedFileSchema);
/** The schema VS Code checks *.gwsettings.json against: `gateway-workbench settings` files (src/core/settingsCode/settingsSchema.ts). */
export const SETTINGS_FILE_SCHEMA = path.resolve(__dirname, '../schemas/gwsettings.schema.json');
const settingsFileSchemaText = () => serialize(settingsFileSchema);

/** Each generated schema file and its text. */
const SCHEMA_FILES: ReadonlyArray<[string, () => string]> = [[ENVIRONMENT_FILE_SCHEMA, environmentFileSchemaText], [SEED_FILE_SCHEMA, seedFileSchemaText], [SETTINGS_FILE_SCHEMA, settingsFileSchemaText]];
const readOr = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

function main(): void {
  const current = fs.readFileSync(PACKAGE_JSON, 'utf8');
  const next = serialize(generateManifest(JSON.parse(current) as Record<string, unknown>));
  const contributes = JSON.parse(next).contributes as Contributes;
  const summary = `${(contributes.commands as unknown[]).length} commands, menus: ${Object.keys(contributes.menus as object).join(', ')}`;
  const staleSchemas = SCHEMA_FILES.filter(([file, text]) => readOr(file) !== text());
  if (process.argv.includes('--check')) {
    if (next !== current || staleSchemas.length > 0) { console.error('package.json or schemas/ is out of date: run "npm run manifest"'); process.exit(1); }
    console.log(`package.json is up to date (${summary})`);
    return;
  }
  if (next !== current) fs.writeFileSync(PACKAGE_JSON, next);
  for (const [file, text] of staleSchemas) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text());
  }
  console.log(`${next === current ? 'unchanged' : 'wrote'} package.json: ${summary}`);
}

if (require.main === module) main();
