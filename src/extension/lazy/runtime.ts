// Loads dist/runtime.js (built from ./runtimeBundle.ts) on first use. The activation bundle
// must not contain undici, the sandbox or the XML codec, so extension files import those
// only as types and get the values from here.
import * as path from 'node:path';

export type RuntimeModule = typeof import('./runtimeBundle');

let cached: RuntimeModule | undefined;

/** The runtime module, loaded once from next to the running bundle (dist/). */
export function loadRuntime(): RuntimeModule {
  // A computed path keeps esbuild from inlining the runtime into the activation bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy, synchronous load is the point
  cached ??= require(path.join(__dirname, 'runtime.js')) as RuntimeModule;
  return cached;
}

/** The runtime module if something already loaded it: before that, nothing it makes can exist. */
export function loadedRuntime(): RuntimeModule | undefined {
  return cached;
}
