// Property: for any request file — hostile values in every place one can stand: method, path,
// query, header names and values, inline and file bodies (any characters), the ### title,
// # @name, a # @prompt question, file variables and the request file's own name — the program
// generated in each language, run with its real toolchain against a Local sandbox on 127.0.0.1,
// (a) compiles or parses, (b) sends exactly the request the runner would send for the same file
// (method, path and query, the file's headers, body byte for byte; the key only to GATEWAY_URL),
// and (c) runs nothing else: a canary file stays absent. A file the runner cannot send is not
// generated either. C# (no compiler installs here) is checked by decoding its string literals.
//
// CODEGEN_FUZZ_RUNS cases per language (default 200; `npm run fuzz:codegen` runs 5,000), from a
// random seed printed with any failure (CODEGEN_FUZZ_SEED replays one). The cases run in batches
// (a JVM or a Go build per batch, not per case), so a failure names its case and its file rather
// than being shrunk.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { CodeGenerationError, generateFromText, languageById } from '../../src/core/codegen/programs';
import { bodyFileReader } from '../../src/core/requestFile/bodyFile';
import { parseRequestFile } from '../../src/core/requestFile';
import { prepareRequest, type PreparedRequest } from '../../src/core/runner';
import type { RunningSandbox } from '../../src/sandbox/server';
import type { SandboxExchange } from '../../src/sandbox/http/exchangeTap';
import { startTestSandbox } from '../sandbox/sandboxTestClient';
import { BATCH_LANGUAGES, runPrograms, type BatchLanguage, type ProgramToRun } from './programBatch';
import { MISSING_TOOLCHAIN_FAILS, TOOLCHAINS } from './toolchains';
import { fuzzCase, PROMPT_VALUE, type FuzzCase } from './fuzzCases';
import { decodedCSharpString } from './csharpLiterals';

const RUNS = Number(process.env.CODEGEN_FUZZ_RUNS ?? 200);
const SEED = Number(process.env.CODEGEN_FUZZ_SEED ?? randomBytes(4).readInt32LE());
/** Cases run per batch (a folder, a JVM, a Go module each). */
const BATCH = 250;
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'BOARDING_URL'));

let sandbox: RunningSandbox;
const received = new Map<string, SandboxExchange[]>();
let workDir: string;
let canary: string;

before(async () => {
  sandbox = await startTestSandbox({
    onExchange: (exchange) => {
      const id = String(exchange.requestHeaders['x-case'] ?? '');
      received.set(id, [...(received.get(id) ?? []), exchange]);
    },
  });
  workDir = await mkdtemp(path.join(tmpdir(), 'codegen-fuzz-'));
  canary = path.join(workDir, 'CANARY');
});

after(async () => {
  await sandbox.close();
  await rm(workDir, { recursive: true, force: true });
});

/** What the runner sends for the file (its request as prepared for the wire), or why it sends nothing. */
function runnerRequest(text: string, dir: string): { ok: true; prepared: PreparedRequest } | { ok: false; message: string } {
  const file = parseRequestFile(text);
  if (file.diagnostics.some((d) => d.severity === 'error')) return { ok: false, message: file.diagnostics.map((d) => d.message).join('; ') };
  const withPrompt = { ...file, variables: [...file.variables, { name: 'pv', value: PROMPT_VALUE } as (typeof file.variables)[number]] };
  const environment = { name: 'Local sandbox', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl, merchantId: sandbox.merchantId };
  const prepared = prepareRequest(withPrompt, 0, environment, new Map(), bodyFileReader({ folder: dir, root: { dir, name: 'the request file\'s folder' } }));
  return prepared.ok ? { ok: true, prepared: prepared.prepared } : { ok: false, message: prepared.message };
}

function keysEnv(): NodeJS.ProcessEnv {
  return { ...CLEAN_ENV, GATEWAY_URL: sandbox.gatewayUrl, BOARDING_URL: sandbox.boardingUrl, GATEWAY_API_KEY: sandbox.apiKey, PV: PROMPT_VALUE };
}

function toolchainPresent(lang: string): boolean {
  const toolchain = TOOLCHAINS.find((t) => t.lang === lang);
  const present = toolchain?.available() ?? false;
  if (!present && MISSING_TOOLCHAIN_FAILS) assert.fail(`${lang}: ${toolchain?.needs} is not installed; run scripts/setup-codegen-toolchains.sh`);
  return present;
}

async function canaries(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).filter((e) => path.basename(e).toUpperCase() === 'CANARY');
}

/** Why `exchange` is not the request `expected` describes, or undefined. */
function difference(exchange: SandboxExchange, expected: PreparedRequest): string | undefined {
  if (exchange.method !== expected.method) return `method ${exchange.method}, expected ${expected.method}`;
  const path = expected.url.pathname + expected.url.search;
  if (exchange.path !== path) return `path ${JSON.stringify(exchange.path)}, expected ${JSON.stringify(path)}`;
  for (const [name, value] of Object.entries(expected.headers)) {
    if (exchange.requestHeaders[name.toLowerCase()] !== value) return `header ${name}: ${JSON.stringify(exchange.requestHeaders[name.toLowerCase()])}, expected ${JSON.stringify(value)}`;
  }
  if (exchange.requestHeaders['api-key'] !== sandbox.apiKey) return 'the api-key was not sent';
  const body = exchange.requestBody ?? Buffer.alloc(0);
  const expectedBody = Buffer.from(expected.body ?? '', 'utf8');
  if (!body.equals(expectedBody)) return `body ${JSON.stringify(body.toString('utf8'))}, expected ${JSON.stringify(expected.body ?? '')}`;
  return undefined;
}

const samples = (seed: number): FuzzCase[] => fc.sample(fuzzCase(canary), { seed, numRuns: RUNS });

describe('generated code, for any request file a stranger could write', { timeout: 3_600_000 }, () => {
  for (const lang of [...BATCH_LANGUAGES, 'csharp' as const]) {
    it(`${lang}: ${RUNS} hostile request files (seed ${SEED}) — what runs sends exactly the request, nothing else runs`, async (t) => {
      if (lang !== 'csharp' && !toolchainPresent(lang)) return t.skip(`${lang}: toolchain not installed`);
      const language = languageById(lang)!;
      const cases = samples(SEED);
      let generated = 0;
      for (let from = 0; from < cases.length; from += BATCH) {
        const batchDir = path.join(workDir, `${lang}-${from}`);
        const programs: ProgramToRun[] = [];
        const expected = new Map<string, { prepared: PreparedRequest; text: string; program: string }>();
        for (const [k, fuzz] of cases.slice(from, from + BATCH).entries()) {
          const id = `${lang}-${from + k}`;
          const text = fuzz.text(id);
          const dir = path.join(batchDir, 'files', id);
          await mkdir(dir, { recursive: true });
          if (fuzz.bodyFile !== undefined) await writeFile(path.join(dir, 'body.txt'), fuzz.bodyFile);
          const runner = runnerRequest(text, dir);
          let code: { code: string; fileName: string };
          try {
            code = generateFromText(language, text, { readBodyFile: bodyFileReader({ folder: dir, root: { dir, name: 'the request file\'s folder' } }), gatewayUrl: sandbox.gatewayUrl, source: fuzz.source });
          } catch (err) {
            assert.ok(err instanceof CodeGenerationError, `case ${id} (seed ${SEED}): generation failed with ${String(err)}\n${text}`);
            assert.equal(runner.ok, false, `case ${id} (seed ${SEED}): refused (${err.message}) what the runner sends\n${text}`);
            continue;
          }
          assert.ok(runner.ok, `case ${id} (seed ${SEED}): generated what the runner refuses (${runner.ok ? '' : runner.message})\n${text}`);
          generated++;
          if (lang === 'csharp') {
            const values = { gatewayUrl: sandbox.gatewayUrl, pv: PROMPT_VALUE };
            assert.equal(decodedCSharpString(code.code, 'url', values), runner.prepared.url.href, `case ${id}: the C# URL literal does not decode to the URL\n${text}\n${code.code}`);
            assert.equal(decodedCSharpString(code.code, 'body', values) ?? '', runner.prepared.body ?? '', `case ${id}: the C# body literal does not decode to the body\n${text}\n${code.code}`);
            continue;
          }
          programs.push({ id, fileName: code.fileName, code: code.code });
          expected.set(id, { prepared: runner.prepared, text, program: code.code });
        }
        if (lang === 'csharp') continue;
        const ends = await runPrograms(lang as BatchLanguage, programs, path.join(batchDir, 'programs'), keysEnv());
        assert.equal(existsSync(canary), false, `seed ${SEED}: a smuggled command ran (${canary} exists)`);
        assert.deepEqual(await canaries(batchDir), [], `seed ${SEED}: a smuggled command made a canary file`);
        for (const [id, { prepared, text, program }] of expected) {
          const end = ends.get(id);
          const got = received.get(id) ?? [];
          const context = `case ${id} (seed ${SEED}), ended ${end?.status}\n--- request file ---\n${text}\n--- program ---\n${program}\n--- output ---\n${end?.output ?? ''}`;
          assert.doesNotMatch(end?.status ?? '', /^(compile|threw|not run)/, `it did not compile or run: ${context}`);
          assert.equal(got.length, 1, `the sandbox received ${got.length} requests: ${context}`);
          const differs = difference(got[0], prepared);
          assert.equal(differs, undefined, `${differs}: ${context}`);
        }
      }
      // A property that refuses everything proves nothing: most cases must become programs.
      assert.ok(generated >= cases.length * 0.6, `only ${generated} of ${cases.length} cases were generated (seed ${SEED})`);
      t.diagnostic(`${lang}: ${generated} of ${cases.length} generated and ${lang === 'csharp' ? 'decoded' : 'run'}, ${cases.length - generated} refused as the runner refuses them`);
    });
  }
});
