// package.json's contributions and activation events are generated from the catalog and the
// parts' contribution modules (scripts/generate-manifest.ts); these tests keep them honest.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, test } from 'node:test';
import { operations, operationById } from '../../src/catalog';
import { TREE_VIEW_ID, REQUEST_LANGUAGE_ID } from '../../src/extension/contracts';
import * as path from 'node:path';
import { PACKAGE_JSON, PARTS, buildContributes, generateManifest, serialize } from '../../scripts/generate-manifest';
import { declaredCommand } from '../../src/extension/commands/declaredCommands';

interface Command { command: string; title: string; category?: string }
interface MenuItem { command?: string; when?: string }
interface Manifest {
  engines: { vscode: string };
  activationEvents: string[];
  contributes: {
    commands: Command[];
    menus?: Record<string, MenuItem[]>;
    keybindings?: { command: string }[];
    views?: Record<string, { id: string }[]>;
    languages?: { id: string }[];
  };
}

const text = fs.readFileSync(PACKAGE_JSON, 'utf8');
const manifest = JSON.parse(text) as Manifest;
const contributed = new Set(manifest.contributes.commands.map(c => c.command));
const OP_PREFIX = 'gateway.op.';

describe('package.json is generated', () => {
  test('it equals what scripts/generate-manifest.ts produces (run "npm run manifest")', () => {
    assert.equal(text, serialize(generateManifest(JSON.parse(text) as Record<string, unknown>)));
  });
});

describe('the parts of the manifest: a new part cannot be left out', () => {
  test('every src/extension/<part>/contributions.ts is in PARTS (scripts/generate-manifest.ts)', () => {
    const extension = path.join(path.dirname(PACKAGE_JSON), 'src/extension');
    const withContributions = fs.readdirSync(extension, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(extension, entry.name, 'contributions.ts')))
      .map((entry) => entry.name);
    assert.deepEqual(Object.keys(PARTS).sort(), withContributions.sort());
  });

  test('every contributed command is declared for registration (DECLARED in src/extension/commands/declaredCommands.ts)', () => {
    for (const c of manifest.contributes.commands) assert.doesNotThrow(() => declaredCommand(c.command), c.command);
  });
});

describe('a command for every operation', () => {
  const opCommands = manifest.contributes.commands.filter(c => c.command.startsWith(OP_PREFIX));

  test('at least 67 gateway.op.* commands, each in the Gateway category', () => {
    assert.ok(opCommands.length >= 67, `only ${opCommands.length}`);
    for (const c of opCommands) assert.equal(c.category, 'Gateway', c.command);
  });

  test('each gateway.op.* command maps to a catalog operation, titled after it', () => {
    for (const c of opCommands) {
      const op = operationById(c.command.slice(OP_PREFIX.length));
      assert.ok(op, `${c.command} has no catalog operation`);
      assert.ok(c.title.startsWith(op.title), `${c.command}: "${c.title}" does not start with "${op.title}"`);
    }
  });

  test('every catalog operation has its command', () => {
    for (const op of operations) assert.ok(contributed.has(OP_PREFIX + op.id), `no command for ${op.id}`);
  });

  test('command ids are unique', () => {
    assert.equal(contributed.size, manifest.contributes.commands.length);
  });
});

describe('activation', () => {
  test('only our view, our language, our URI handler and our commands', () => {
    assert.ok(manifest.activationEvents.length > 0);
    for (const event of manifest.activationEvents) {
      const ok = event === `onView:${TREE_VIEW_ID}` || event === `onLanguage:${REQUEST_LANGUAGE_ID}` || event === 'onUri'
        || (event.startsWith('onCommand:') && contributed.has(event.slice('onCommand:'.length)));
      assert.ok(ok, `activation event not allowed: ${event}`);
    }
  });

  test('never *, onStartupFinished or workspaceContains', () => {
    for (const event of manifest.activationEvents) assert.doesNotMatch(event, /^(\*|onStartupFinished|workspaceContains:)/);
  });
});

describe('references', () => {
  test('every command in menus and keybindings is contributed', () => {
    const referenced = [
      ...Object.entries(manifest.contributes.menus ?? {}).flatMap(([menu, items]) => items.map(i => [menu, i.command] as const)),
      ...(manifest.contributes.keybindings ?? []).map(k => ['keybindings', k.command] as const),
    ];
    for (const [where, command] of referenced) {
      if (command === undefined) continue;   // a submenu entry
      assert.ok(contributed.has(command), `${where} references ${command}, which is not contributed`);
    }
  });

  test('the activation view exists', () => {
    const views = Object.values(manifest.contributes.views ?? {}).flat().map(v => v.id);
    assert.ok(views.includes(TREE_VIEW_ID), `no view ${TREE_VIEW_ID} in contributes.views`);
  });

  test('the activation language exists', () => {
    assert.ok((manifest.contributes.languages ?? []).some(l => l.id === REQUEST_LANGUAGE_ID), `no language ${REQUEST_LANGUAGE_ID}`);
  });

  test('engines.vscode is at most ^1.139 (the pinned test build, VS Code 1.139.1)', () => {
    const m = /^\^1\.(\d+)\.\d+$/.exec(manifest.engines.vscode);
    assert.ok(m, `engines.vscode "${manifest.engines.vscode}" is not of the form ^1.N.M`);
    assert.ok(Number(m[1]) <= 139, `engines.vscode ${manifest.engines.vscode} is newer than 1.139`);
  });
});

describe('typed contributes fragments', () => {
  test('each contribution lands under the key its fragment names, whatever the constants are called', () => {
    const built = buildContributes([
      { grammars: [{ language: 'x', scopeName: 'source.x', path: './x.json' }] },
      { commands: [{ command: 'x.hidden', title: 'Hidden', category: 'Gateway', paletteHidden: true }, { command: 'x.shown', title: 'Shown', category: 'Gateway' }] },
    ]);
    assert.deepEqual(built.grammars, [{ language: 'x', scopeName: 'source.x', path: './x.json' }]);
    assert.equal(built.snippets, undefined);
    const commands = built.commands as { command: string }[];
    assert.ok(commands.every(c => !('paletteHidden' in c)), 'paletteHidden is the generator\'s input, not a manifest field');
    const palette = (built.menus as Record<string, MenuItem[]>).commandPalette;
    assert.deepEqual(palette.filter(m => m.command?.startsWith('x.')), [{ command: 'x.hidden', when: 'false' }]);
  });

  test('a command is hidden from the palette exactly when its declaration says paletteHidden', () => {
    const hidden = new Set((manifest.contributes.menus?.commandPalette ?? []).filter(m => m.when === 'false').map(m => m.command));
    for (const id of ['gateway.sendRequestAt', 'gateway.rerunHistory', 'gateway.loadMore', 'gateway.retryNode', 'gateway.refreshNode', 'gateway.traffic.replay']) {
      assert.ok(hidden.has(id), `${id} is offered in the palette`);
    }
    assert.ok(!hidden.has('gateway.addEnvironment'));
  });
});
