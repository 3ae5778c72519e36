// Loads one of our lazily loaded bundles (dist/runtime.js, dist/codegen.js) as require() would,
// but through V8's code cache: the first time a bundle loads, V8 parses and compiles it and the
// compiled code is kept in the extension's global storage; every later start of the editor loads
// that instead of parsing and compiling again (PERF(bench/activation.ts): first use, later
// starts). require() has no such cache on the Node of VS Code 1.91 (Node 20), and
// node:module's enableCompileCache (Node 22+) would switch it on for every extension in the host.
// A cache file is named by the bundle's content and V8's version, so an update of the extension
// or of the editor never meets a stale one (V8 also refuses a cache made by another version or
// with other flags, and the bundle is then compiled and cached anew). The cache only ever saves
// time: anything wrong with it (unreadable, refused, not writable) means compiling as require() does.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';
import * as sharedModules from './sharedModules';

/** Written a little after the load, so that making the cache never delays the first request. */
const WRITE_DELAY_MS = 2000;

/** The bundle's CommonJS module wrapper, as Node's own: a function of the module's free names. */
const wrap = (source: string) => `(function (exports, require, module, __filename, __dirname) {${source}\n})`;

function readCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined; // none yet: the first load after an install or an update
  }
}

async function writeCache(script: vm.Script, file: string): Promise<void> {
  const data = script.createCachedData();
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  // Written aside and renamed, so that another window loading the bundle never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  await fs.promises.writeFile(partial, data);
  await fs.promises.rename(partial, file);
  const bundle = path.basename(file).split('-')[0];
  for (const name of await fs.promises.readdir(path.dirname(file))) {
    const stale = name.startsWith(`${bundle}-`) && name !== path.basename(file) && !name.endsWith('.partial');
    if (stale) await fs.promises.rm(path.join(path.dirname(file), name), { force: true });
  }
}

/**
 * What a bundle requires to read the modules it shares with the activation bundle rather than
 * holding its own copy (scripts/bundlePlugins/sharedModules.mjs, which uses the same name).
 */
const SHARED_MODULES_ID = 'gateway-workbench:shared-modules';

/** Bundles loaded in this process, by file: a bundle another one requires loads once. */
const loaded = new Map<string, unknown>();

/**
 * The require() a bundle gets: Node's own, except that another of our bundles next to it
 * (`require("./name.js")`) loads through this loader, and so through the same code cache, and that the modules it shares
 * with the activation bundle are the activation bundle's own.
 */
function bundleRequire(file: string, cacheDir: string | undefined): NodeJS.Require {
  const plain = createRequire(file);
  const ours = (id: string) => {
    if (id === SHARED_MODULES_ID) return sharedModules;
    if (!/^\.\/[\w-]+\.js$/.test(id)) return plain(id) as unknown;
    const sibling = path.join(path.dirname(file), id);
    if (!loaded.has(sibling)) loaded.set(sibling, loadBundle(sibling, cacheDir));
    return loaded.get(sibling);
  };
  return Object.assign(ours, plain);
}

/**
 * The exports of the CommonJS bundle `file`, with its compiled code cached in `cacheDir`
 * (no caching when undefined). Synchronous, like the require() it replaces.
 */
export function loadBundle(file: string, cacheDir: string | undefined): unknown {
  const bytes = fs.readFileSync(file);
  const key = createHash('sha256').update(bytes).update(process.versions.v8).digest('hex').slice(0, 16);
  const cacheFile = cacheDir === undefined ? undefined : path.join(cacheDir, `${path.basename(file, '.js')}-${key}.v8cache`);
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
  const script = new vm.Script(wrap(bytes.toString('utf8')), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, bundleRequire(file, cacheDir), module, file, path.dirname(file));
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    // Not unref'd: a process that loads a bundle and ends at once (bench/activation.ts priming
    // its cache) still writes it; the extension host runs far longer than the delay.
    setTimeout(() => void writeCache(script, cacheFile).catch(() => undefined), WRITE_DELAY_MS);
  }
  return module.exports;
}
