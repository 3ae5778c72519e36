// The runtime bundle (dist/runtime.js) carries only the undici parts the client uses — Pool,
// the retry interceptor and request, loaded from undici's own files — defers undici's HTTP/2 half
// (scripts/bundlePlugins/deferUndiciHttp2.mjs). Checked on the built bundle: in a fresh process,
// the bundle's own client sends requests to the bundle's own sandbox (in its worker), loading it
// never loaded node:http2, and a JSON and an XML answer were decoded. Needs "npm run build" first.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';

const RUNTIME = path.resolve(__dirname, '../../dist/runtime.js');
/**
 * Was 843 KB with the whole of undici (issue 13), 603 KB with its parts in use; 394 KB without
 * the code generator (dist/codegen.js), llhttp's base64 and undici's FormData body code; 171 KB
 * without the Local sandbox (dist/sandboxWorker.js, loaded by its worker's thread); 362 KB with
 * llhttp's base64 and the FormData body code back (issue 32 §5: leaving them out reached into
 * undici's private files and saved no time a user could notice: scripts/bundlePlugins/README.md);
 * 437 KB with fast-xml-parser back in it (kept apart in dist/xml.js it saved 1-2 ms of first use, too little to notice).
 */
const BUDGET_BYTES = 480 * 1024;

const CHILD = `
const runtime = require(process.argv[1]);
const loadedAtStart = process.moduleLoadList.filter((m) => /http2/.test(m));
(async () => {
  const sandbox = await runtime.startLocalSandbox({ port: 0 });
  const client = new runtime.GatewayClient({
    environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
    credentials: { apiKey: sandbox.apiKey },
  });
  try {
    const result = await client.send({ operation: 'achProviders.list' });
    const xml = await client.send({ operation: 'batches.getOpen' });
    // The client decodes on first read, and the sandbox (in its worker) loads nothing here: read first.
    const xmlParsed = typeof xml.parsed === 'object' && xml.parsed !== null;
    process.stdout.write(JSON.stringify({
      status: result.status, parsed: result.parsed !== undefined, loadedAtStart, loadedAfter: process.moduleLoadList.filter((m) => /http2/.test(m)),
      xmlStatus: xml.status, xmlFormat: xml.format, xmlParsed,
      perfHooks: process.moduleLoadList.filter((m) => /perf_hooks/.test(m)),
    }));
  } finally {
    await client.close();
    await sandbox.close();
  }
})().catch((err) => { console.error(err); process.exit(1); });
`;

interface ChildRun {
  status: number; parsed: boolean; loadedAtStart: string[]; loadedAfter: string[];
  xmlStatus: number; xmlFormat: string; xmlParsed: boolean;
  perfHooks: string[];
}

let run: ChildRun | undefined;
/** One fresh process's exchanges, shared by the tests that read them. */
function childRun(): ChildRun {
  run ??= JSON.parse(execFileSync(process.execPath, ['-e', CHILD, RUNTIME], { encoding: 'utf8', timeout: 60_000 })) as ChildRun;
  return run;
}

describe('runtime bundle', () => {
  test(`dist/runtime.js is at most ${BUDGET_BYTES / 1024} KB (run "npm run build")`, () => {
    const size = fs.statSync(RUNTIME).size;
    assert.ok(size <= BUDGET_BYTES, `dist/runtime.js is ${(size / 1024).toFixed(1)} KB: did the whole of undici come back (an import from 'undici' rather than core/undiciParts.ts), or the code generator?`);
  });

  test('the Local sandbox is not in it: it runs in dist/sandboxWorker.js, on a worker thread of its own', () => {
    // The line the sandbox logs when it listens: in the sandbox's code only.
    const marker = 'Local sandbox listening on';
    assert.ok(fs.readFileSync(path.join(path.dirname(RUNTIME), 'sandboxWorker.js'), 'utf8').includes(marker), 'dist/sandboxWorker.js does not hold the sandbox');
    assert.ok(!fs.readFileSync(RUNTIME, 'utf8').includes(marker), 'the sandbox is bundled into dist/runtime.js, which the extension host\'s main thread loads');
  });

  test('its client sends a request over HTTP/1.1 without ever loading node:http2', () => {
    const out = childRun();
    assert.equal(out.status, 200);
    assert.ok(out.parsed, 'the answer was not decoded');
    assert.deepEqual(out.loadedAtStart, [], 'loading dist/runtime.js loaded node:http2');
    assert.deepEqual(out.loadedAfter, [], 'an HTTP/1.1 exchange loaded node:http2');
  });

  test('it decodes an XML answer as well as a JSON one', () => {
    const out = childRun();
    assert.equal(out.xmlStatus, 200);
    assert.equal(out.xmlFormat, 'xml');
    assert.ok(out.xmlParsed, 'the XML answer was not decoded');
  });

  test('exchanges, timed and rate-limited on both sides, never load Node\'s perf_hooks (~0.6 ms at the first Send)', () => {
    // core/monotonicClock.ts reads process.hrtime; the first read of the global `performance`
    // would load these modules inside the user's first Send.
    assert.deepEqual(childRun().perfHooks, [], 'something in the runtime bundle read `performance` or imported node:perf_hooks');
  });
});
