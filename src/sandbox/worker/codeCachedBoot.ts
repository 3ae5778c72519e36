// Starts a worker's bundle through V8's code cache, so that a worker thread's first start in
// an editor session does not parse and compile the whole bundle again (the sandbox's worker is
// 240 KB): the same scheme as src/extension/lazy/bundleLoader.ts uses for the runtime bundle on
// the editor's thread, here on the worker's own thread. A cache file is named by the bundle's
// content and V8's version, so an update never meets a stale one (and V8 refuses a cache made
// by another version or with other flags; the bundle is then compiled and cached anew). The cache
// only ever saves time: anything wrong with it means compiling as `new Worker(file)` does.
// The scheme is written twice because the boot below is all the worker gets (the source of an
// `eval` worker): it can use nothing from around it, only its arguments. Node's modules come
// through its `load` argument (the worker's own `require`), not a `require()` call, which the
// bundler would rewrite into a helper of the bundle around it.

/** Written a little after the start, so that making the cache never delays the first request. */
const WRITE_DELAY_MS = 2000;

/** Runs on the worker's thread, before anything else there. Self-contained: see above. */
function bootFromCodeCache(load: NodeJS.Require, file: string, cacheDir: string, writeDelayMs: number): void {
  const fs = load('node:fs') as typeof import('node:fs');
  const path = load('node:path') as typeof import('node:path');
  const vm = load('node:vm') as typeof import('node:vm');
  const { createHash } = load('node:crypto') as typeof import('node:crypto');
  const { createRequire } = load('node:module') as typeof import('node:module');
  const bytes = fs.readFileSync(file);
  const bundle = path.basename(file, '.js');
  const key = createHash('sha256').update(bytes).update(process.versions.v8).digest('hex').slice(0, 16);
  const cacheFile = path.join(cacheDir, `${bundle}-${key}.v8cache`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // none yet: the first start after an install or an update
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${bytes.toString('utf8')}\n})`;
  const script = new vm.Script(wrapped, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, path.dirname(file));
  if (cachedData !== undefined && script.cachedDataRejected !== true) return;
  // After the start, so that the cache holds the functions the start compiled too.
  setTimeout(() => {
    try {
      const data = script.createCachedData();
      fs.mkdirSync(cacheDir, { recursive: true });
      // Written aside and renamed, so that another window's worker never reads half a file.
      const partial = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
      fs.writeFileSync(partial, data);
      fs.renameSync(partial, cacheFile);
      for (const name of fs.readdirSync(cacheDir)) {
        if (name.startsWith(`${bundle}-`) && name !== path.basename(cacheFile) && !name.endsWith('.partial')) fs.rmSync(path.join(cacheDir, name), { force: true });
      }
    } catch {
      // Not writable: the next start compiles again, as without a cache.
    }
  }, writeDelayMs).unref();
}

/** The source of an `eval` worker that runs the CommonJS bundle `file` with its code cached in `cacheDir`. */
export function codeCachedWorkerSource(file: string, cacheDir: string): string {
  return `(${bootFromCodeCache.toString()})(require, ${JSON.stringify(file)}, ${JSON.stringify(cacheDir)}, ${WRITE_DELAY_MS});`;
}
