// Loads dist/runtime.js (built from ./runtimeBundle.ts) on first use, and dist/codegen.js (from
// ./codegenBundle.ts) the first time code is generated. The activation bundle must not contain
// undici, the sandbox, the XML codec or the code generator, so extension files import those only
// as types and get the values from here. Both load through V8's code cache (./bundleLoader.ts)
// once activation has said where to keep it.
import * as path from 'node:path';
import { loadBundle } from './bundleLoader';
import type * as CommandBodies from './commandsBundle';

export type RuntimeModule = typeof import('./runtimeBundle');
type CodegenModule = typeof import('./codegenBundle');
type ImporterModule = typeof import('./importBundle');
type OverviewModule = typeof import('./overviewBundle');

let runtime: RuntimeModule | undefined;
let codegen: CodegenModule | undefined;
let importer: ImporterModule | undefined;
let overview: OverviewModule | undefined;
let codeCacheDir: string | undefined;

/** Where the bundles' compiled code is kept between starts (the extension's global storage). */
export function keepCodeCacheIn(dir: string): void {
  codeCacheDir = dir;
}

// A computed path keeps esbuild from inlining a bundle into the activation bundle.
const load = (name: string) => loadBundle(path.join(__dirname, name), codeCacheDir);

/** The runtime module, loaded once from next to the running bundle (dist/). */
export function loadRuntime(): RuntimeModule {
  runtime ??= load('runtime.js') as RuntimeModule;
  return runtime;
}

/** The runtime module if something already loaded it: before that, nothing it makes can exist. */
export function loadedRuntime(): RuntimeModule | undefined {
  return runtime;
}

/** The code generator, loaded once, the first time code is generated. */
export function loadCodegen(): CodegenModule {
  codegen ??= load('codegen.js') as CodegenModule;
  return codegen;
}

/** The importers ("Gateway: Import…"), loaded once, the first time the user imports. */
export function loadImporter(): ImporterModule {
  importer ??= load('importer.js') as ImporterModule;
  return importer;
}

/** The Gateway Overview's data gathering and page (dist/overview.js), loaded when an overview first opens. */
export function loadOverview(): OverviewModule {
  overview ??= load('overview.js') as OverviewModule;
  return overview;
}

// A type-only import (erased): the command bodies import this module, for loadRuntime().
type CommandsModule = typeof CommandBodies;
let commands: CommandsModule | undefined;

/**
 * The bodies of the rarely used commands (dist/commands.js), loaded once, the first time one of
 * them runs: their ids register at activation as stubs (../commands/lazyCommands.ts).
 */
export function loadCommands(): CommandsModule {
  commands ??= load('commands.js') as CommandsModule;
  return commands;
}
