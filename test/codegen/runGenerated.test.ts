// Generated code, proven by running it: for every toolchain present, the programs generated from
// test/codegen/fixtures/integrator.gwreq are saved, run as the user would run them against a
// Local sandbox on 127.0.0.1, and judged by what the sandbox recorded and what they printed.
// A missing toolchain fails on CI (CI=true: scripts/setup-codegen-toolchains.sh installs them)
// and is reported as a skip elsewhere.
import { after, before, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { generateFromText, languageById } from '../../src/core/codegen/programs';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, startTestSandbox } from '../sandbox/sandboxTestClient';
import { runToEnd, type ProcessRun } from '../cli/processRun';
import { MISSING_TOOLCHAIN_FAILS, TOOLCHAINS, type Toolchain } from './toolchains';
import { sandboxEnvironment } from '../../src/cli/exactlyOnce/appRun';

const FIXTURE = path.join(__dirname, 'fixtures/integrator.gwreq');
/** The developer's own GATEWAY_* variables must not reach the programs. */
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'BOARDING_URL'));

type ProgramRun = ProcessRun;

let sandbox: RunningSandbox;
let fixture: string;
let workDir: string;

before(async () => {
  sandbox = await startTestSandbox();
  fixture = await readFile(FIXTURE, 'utf8');
  workDir = await mkdtemp(path.join(tmpdir(), 'codegen-'));
});

after(async () => {
  await sandbox.close();
  await rm(workDir, { recursive: true, force: true });
});

/** The fixture's card data, which its programs read from the environment (never written into them). */
const CARD_ENV = { CARD: '4111111111111111', CSC: '999' };

// The variables generated programs read, as exactly-once hands them to a user's command, and the card they charge.
const keysEnv = (): Record<string, string> => ({ ...sandboxEnvironment(sandbox), ...CARD_ENV });

/** Generates the program for request `name` and saves it in its own folder; `run` runs it there (asynchronously: the sandbox runs in this process). */
async function savedProgram(toolchain: Toolchain, name: string): Promise<{ run(env: Record<string, string>): Promise<ProgramRun> }> {
  const language = languageById(toolchain.lang);
  assert.ok(language, `no generator for ${toolchain.lang}`);
  const program = generateFromText(language, fixture, { choice: { name }, source: 'integrator.gwreq' });
  for (const key of [sandbox.apiKey, sandbox.accessKey]) assert.ok(!program.code.includes(key), 'a key is written into the program');
  assert.ok(!program.code.includes(CARD_ENV.CARD), 'the card number is written into the program');
  assert.doesNotMatch(program.code, /\\?"csc\\?"\s*:\s*\\?"?\d/, 'the CSC is written into the program');
  const dir = await mkdtemp(path.join(workDir, `${toolchain.lang}-${name}-`));
  await writeFile(path.join(dir, program.fileName), program.code);
  const [command, ...args] = toolchain.command(program.fileName);
  return { run: (env) => runToEnd(command, args, { cwd: dir, env: { ...CLEAN_ENV, ...env } }) };
}

/** Generates the program for request `name`, saves it and runs it once. */
async function runProgram(toolchain: Toolchain, name: string, env: Record<string, string>): Promise<ProgramRun> {
  return (await savedProgram(toolchain, name)).run(env);
}

/** The body a program printed: cURL's `-w` adds an `HTTP nnn` line after it. */
function printedJson(run: ProgramRun): any {
  const text = run.stdout.replace(/\n?HTTP \d{3}\s*$/, '').trim();
  try {
    return JSON.parse(text);
  } catch {
    assert.fail(`the program did not print JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
}

function counted(operation: string): number {
  return sandbox.control.stats().byOperation[operation] ?? 0;
}

function succeeded(run: ProgramRun): void {
  assert.equal(run.code, 0, `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
}

for (const toolchain of TOOLCHAINS) {
  describe(`generated ${toolchain.lang} code, run against the Local sandbox`, { timeout: 240_000 }, () => {
    const present = toolchain.available();
    const guard = (t: TestContext): boolean => {
      if (present) return true;
      const message = `${toolchain.lang}: ${toolchain.needs} is not installed; run scripts/setup-codegen-toolchains.sh`;
      if (MISSING_TOOLCHAIN_FAILS) assert.fail(message);
      t.skip(message);
      return false;
    };
    const isCurl = toolchain.lang === 'curl';

    it('a JSON sale is recorded by the sandbox and its approval printed', async (t) => {
      if (!guard(t)) return;
      const before = counted('transactions.sale');
      const run = await runProgram(toolchain, 'sale', keysEnv());
      succeeded(run);
      assert.equal(counted('transactions.sale'), before + 1);
      const printed = printedJson(run);
      assert.equal(printed.payload.transaction.result, 'APPROVED');
      assert.equal(printed.payload.transaction.invoice, 'INV-CODEGEN', 'the file variable @invoice was resolved');
    });

    it('system variables are made afresh at each run: one program run twice sends two invoices and order ids, the times of each run', async (t) => {
      if (!guard(t)) return;
      const before = counted('transactions.sale');
      const program = await savedProgram(toolchain, 'fresh');
      const runs = [await program.run(keysEnv()), await program.run(keysEnv())];
      runs.forEach(succeeded);
      assert.equal(counted('transactions.sale'), before + 2);
      const sent = runs.map((run) => printedJson(run).payload.transaction as Record<string, string>);
      for (const tx of sent) {
        assert.equal(tx.result, 'APPROVED');
        assert.match(tx.invoice, /^INV-\d{6}$/);
        assert.match(tx['order-id'], /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
        const now = Date.now();
        assert.ok(Math.abs(Number(tx['customer-id']) * 1000 - now) < 60_000, `$timestamp is now: ${tx['customer-id']}`);
        assert.ok(Math.abs(Number(tx['purchase-order']) * 1000 - (now + 7_200_000)) < 60_000, `$timestamp 2 h is two hours ahead: ${tx['purchase-order']}`);
        assert.match(tx.description, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        assert.ok(Math.abs(Date.parse(tx.description) - now) < 60_000, `$datetime iso8601 is now: ${tx.description}`);
        assert.match(tx.comments, /^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
        assert.ok(Math.abs(Date.parse(tx.comments) - (now - 86_400_000)) < 60_000, `$datetime rfc1123 -1 d is a day ago: ${tx.comments}`);
      }
      assert.notEqual(sent[0].invoice, sent[1].invoice);
      assert.notEqual(sent[0]['order-id'], sent[1]['order-id']);
    });

    it('an XML settings update reaches the sandbox as XML', async (t) => {
      if (!guard(t)) return;
      await call(sandbox, 'PUT', '/rest/v2/settings/terminal', { xml: '<terminal-settings><batch-time-utc>03:00</batch-time-utc></terminal-settings>' });
      const before = counted('settings.terminal.update');
      const run = await runProgram(toolchain, 'terminal', keysEnv());
      succeeded(run);
      assert.equal(counted('settings.terminal.update'), before + 1);
      assert.match(run.stdout, /<batch-time-utc>22:15<\/batch-time-utc>/);
      const readBack = await call(sandbox, 'GET', '/rest/v2/settings/terminal');
      assert.equal(readBack.body.object['terminal-settings']['batch-time-utc'], '22:15');
    });

    it('a token is charged with the id chained from the token program\'s output', async (t) => {
      if (!guard(t)) return;
      const created = await runProgram(toolchain, 'visaToken', keysEnv());
      succeeded(created);
      const tokenId = printedJson(created).payload.tokenResponse['token-id'];
      assert.match(String(tokenId), /^\d+$/);
      const missing = await runProgram(toolchain, 'tokenSale', keysEnv());
      assert.notEqual(missing.code, 0, 'a chained value that is not given must stop the program');
      assert.match(missing.stderr + missing.stdout, /VISA_TOKEN_TOKEN_ID/);
      const before = counted('transactions.sale');
      const run = await runProgram(toolchain, 'tokenSale', { ...keysEnv(), VISA_TOKEN_TOKEN_ID: String(tokenId) });
      succeeded(run);
      assert.equal(counted('transactions.sale'), before + 1);
      const printed = printedJson(run);
      assert.equal(printed.payload.transaction.result, 'APPROVED');
      assert.equal(printed.payload.transaction['last-four'], '1111');
    });

    it('a decline (402) is printed with its reason from payload.error', async (t) => {
      if (!guard(t)) return;
      const before = counted('transactions.sale');
      const run = await runProgram(toolchain, 'decline', keysEnv());
      assert.equal(counted('transactions.sale'), before + 1);
      if (isCurl) {
        succeeded(run);
        assert.match(run.stdout, /HTTP 402/);
        assert.equal(printedJson(run).payload.error['result-code'], '012');
      } else {
        assert.equal(run.code, 2, `a decline exits 2; stdout: ${run.stdout} stderr: ${run.stderr}`);
        assert.match(run.stdout, /^Declined: .+ \(result code 012\)$/m);
      }
    });

    it('a boarding call sends AccessKey and MerchantId and prints the new merchant', async (t) => {
      if (!guard(t)) return;
      const before = counted('merchants.create');
      const run = await runProgram(toolchain, 'merchant', keysEnv());
      succeeded(run);
      assert.equal(counted('merchants.create'), before + 1);
      const printed = printedJson(run);
      assert.match(String(printed.merchant.merchantInformation.merchantNumber), /^858294\d+$/);
      assert.equal(printed.merchant.externalCustomerId, 'CUST-CODEGEN');
    });

    it('without CARD (the card number it reads, never carries) the program stops before sending anything', async (t) => {
      if (!guard(t)) return;
      const before = sandbox.control.stats().requests;
      const { CARD: _unset, ...rest } = keysEnv();
      const run = await runProgram(toolchain, 'sale', rest);
      assert.notEqual(run.code, 0);
      assert.match(run.stderr + run.stdout, /CARD/);
      assert.equal(sandbox.control.stats().requests, before, 'nothing reached the sandbox');
    });

    it('without GATEWAY_API_KEY the program stops before sending anything', async (t) => {
      if (!guard(t)) return;
      const before = sandbox.control.stats().requests;
      const { GATEWAY_API_KEY: _unset, ...rest } = keysEnv();
      const run = await runProgram(toolchain, 'sale', rest);
      assert.notEqual(run.code, 0);
      assert.match(run.stderr + run.stdout, /GATEWAY_API_KEY/);
      assert.equal(sandbox.control.stats().requests, before, 'nothing reached the sandbox');
    });

    it(isCurl ? 'a 429 on a POST is shown, not retried (curl would re-send a POST after a timeout)' : 'a 429 is waited out (Retry-After) and the sale sent again', async (t) => {
      if (!guard(t)) return;
      sandbox.control.injectFaults({ fault: '429', operation: 'transactions.sale', retryAfter: 1 });
      const before = counted('transactions.sale');
      const started = Date.now();
      const run = await runProgram(toolchain, 'sale', keysEnv());
      if (isCurl) {
        succeeded(run);
        assert.match(run.stdout, /HTTP 429/);
        assert.equal(counted('transactions.sale'), before + 1);
      } else {
        succeeded(run);
        assert.equal(counted('transactions.sale'), before + 2, 'refused once, then sent again');
        assert.ok(Date.now() - started >= 1000, 'it waited the second Retry-After asked for');
        assert.equal(printedJson(run).payload.transaction.result, 'APPROVED');
      }
      assert.equal(sandbox.control.stats().faultsLeft, 0);
    });
  });
}
