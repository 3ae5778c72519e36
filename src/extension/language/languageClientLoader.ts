// Loads dist/languageClient.js (built from ./languageClientBundle.ts) on first use, the way
// lazy/runtime.ts loads dist/runtime.js: vscode-languageclient stays out of the activation bundle.
import * as path from 'node:path';

type LanguageClientModule = typeof import('./languageClientBundle');

let cached: LanguageClientModule | undefined;

export function loadLanguageClientModule(): LanguageClientModule {
  // A computed path keeps esbuild from inlining the client into the activation bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy, synchronous load is the point
  cached ??= require(path.join(__dirname, 'languageClient.js')) as LanguageClientModule;
  return cached;
}

/** The language server's bundle, next to the running extension bundle (dist/). */
export const serverModulePath = (): string => path.join(__dirname, 'server.js');
