// `gateway-workbench preflight` as a team runs it before going live: the CLI as a child process,
// "Staging" (a Local sandbox) and "Live" (production, another Local sandbox) over real sockets,
// a project folder with a key and a card number written in it, and a recording made by the real
// recording proxy of a small application that does what goes wrong in production.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { XMLParser } from 'fast-xml-parser';
import { runToEnd } from './processRun';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

const ROOT = path.resolve(__dirname, '../..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];

let staging: RunningSandbox;
let live: RunningSandbox;
let dir: string;
let config: string;
let recording: string;
const env = () => ({ ...process.env, NO_COLOR: '1', GATEWAY_API_KEY_STAGING: staging.apiKey, GATEWAY_API_KEY_LIVE: live.apiKey });
const cli = (args: string[]) => runToEnd(process.execPath, [...CLI, ...args, '--config', config], { cwd: ROOT, env: env() });

/** The small application: charges through whatever gateway URL it is given, with its own key. */
async function application(gatewayUrl: string, apiKey: string): Promise<void> {
  const post = (p: string, body: object) => fetch(`${gatewayUrl}${p}`, {
    method: 'POST', headers: { 'api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body),
  }).then(async (r) => { await r.arrayBuffer(); return r.status; }, () => undefined);
  const sale = { type: 'SALE', amount: '12.00', card: '4111111111111111', 'exp-date': '1230', invoice: 'INV-9' };
  assert.equal(await post('/rest/v2/transactions/sale', sale), 502, 'the chaos rule loses the first answer: the proxy answers 502');
  await post('/rest/v2/transactions/sale', sale);   // a blind retry: the bug
  await post('/rest/v2/transactions/sale', { ...sale, amount: '0.23', invoice: 'INV-10' });   // a sandbox decline amount
  await fetch(`${gatewayUrl}/rest/v2/transactions/settle-all`, { method: 'POST', headers: { 'api-key': apiKey } }).then((r) => r.arrayBuffer(), () => undefined);
}

async function record(): Promise<void> {
  const lose = await fetch(`${staging.gatewayUrl}/__sandbox/chaos`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: [{ operation: 'transactions.sale', fault: 'lost-answer', count: 1 }] }),
  });
  assert.equal(lose.status, 200, await lose.text());
  const proxy = spawn(process.execPath, [...CLI, 'proxy', '--env', 'Staging', '--recording', recording, '--config', config], { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const [first] = await once(createInterface({ input: proxy.stdout }), 'line') as [string];
    await application((JSON.parse(first) as { proxyUrl: string }).proxyUrl, staging.apiKey);
  } finally {
    proxy.kill('SIGTERM');
    await once(proxy, 'exit');
    await fetch(`${staging.gatewayUrl}/__sandbox/chaos`, { method: 'DELETE' });
  }
}

before(async () => {
  staging = await startSandbox({ port: 0 });
  live = await startSandbox({ port: 0 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-preflight-'));
  config = path.join(dir, 'gateway-workbench.json');
  recording = path.join(dir, 'app.jsonl');
  fs.writeFileSync(config, JSON.stringify({
    environments: [
      { name: 'Staging', kind: 'sandbox', gatewayUrl: staging.gatewayUrl, boardingUrl: staging.boardingUrl },
      { name: 'Live', kind: 'production', gatewayUrl: live.gatewayUrl, boardingUrl: live.boardingUrl },
    ],
  }));
  fs.mkdirSync(path.join(dir, 'app/src'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'app/node_modules/dep'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'app/src/clean.js'), 'export const gatewayUrl = process.env.GATEWAY_URL;\n');
  fs.writeFileSync(path.join(dir, 'app/src/config.js'), `// TODO move out\nexport const apiKey = '${live.apiKey}';\n`);
  fs.writeFileSync(path.join(dir, 'app/src/fixture.json'), '{"order": "A-1", "card": "4111 1111 1111 1111"}\n');
  fs.writeFileSync(path.join(dir, 'app/node_modules/dep/index.js'), `const k = '${live.apiKey}';\n`);   // not the user's file
  await record();
});

after(async () => {
  await staging.close();
  await live.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('gateway-workbench preflight', () => {
  it('passes when the settings match and the given files are clean (exit 0)', async () => {
    const run = await cli(['preflight', '--env', 'Staging', '--against', 'Live', path.join(dir, 'app/src/clean.js')]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^Go-live check: Staging → Live$/m);
    assert.match(run.stdout, /✓ settings: duplicate transaction checks are the same/);
    assert.match(run.stdout, /✓ files: no key is written in the 1 file under /);
    assert.match(run.stdout, /✓ coverage: your tests reached \d+ % of the gateway's outcomes on "Staging"/);
    assert.match(run.stdout, /Ready: all 8 checks passed\./);
  });

  it('fails each line that bites in production, with the evidence, and never prints a key or a card number', async () => {
    const put = await fetch(`${live.gatewayUrl}/rest/v2/settings/transaction/duplicates`, {
      method: 'PUT', headers: { 'api-key': live.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ enabled: true }),
    });
    assert.equal(put.status, 200);
    const run = await cli(['preflight', '--env', 'Staging', '--against', 'Live', path.join(dir, 'app'), '--recording', recording]);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const out = run.stdout;
    assert.match(out, /✗ settings: duplicate transaction checks are the same\n {4}duplicates\.enabled: false in Staging, true in Live/);
    assert.match(out, /✓ settings: AVS filters are the same/);
    assert.match(out, new RegExp(`✗ files: no key is written in the 3 files under .*\\n {4}.*app/src/config\\.js:2: an environment's key \\(…${live.apiKey.slice(-4)}\\)`));
    assert.match(out, /✗ files: no card number is written in the 3 files .*\n {4}.*app\/src\/fixture\.json:1: a card number \(…1111\)/);
    assert.match(out, /✗ recording: no money-moving request is sent again after an unknown outcome without a read first .*\n {4}#2 sends transactions\.sale again after #1, whose outcome was unknown \(its answer was lost\), with no read between: the first may have gone through; read first \(transactions\.search\)/);
    assert.match(out, /✗ recording: no test card or sandbox amount is sent .*\n {4}#1 transactions\.sale: a card ending 1111, like the sandbox's VISA test card/);
    assert.match(out, /#3 transactions\.sale: amount 0\.23, a sandbox decline trigger/);
    assert.match(out, /✗ recording: every request is an operation of the gateway .*\n {4}#4 POST \/rest\/v2\/transactions\/settle-all/);
    assert.match(out, /Not ready: 6 of 11 checks failed\./);
    for (const secret of [live.apiKey, staging.apiKey, '4111111111111111', '4111 1111 1111 1111']) assert.ok(!out.includes(secret), `the report shows ${secret}`);
  });

  it('writes JSON and JUnit for CI, and refuses what it cannot use', async () => {
    const json = await cli(['preflight', '--env', 'Staging', '--against', 'Live', '--recording', recording, '--report', 'json']);
    assert.equal(json.code, 1);
    const report = JSON.parse(json.stdout) as { passed: boolean; checks: Array<{ section: string; passed: boolean }> };
    assert.equal(report.passed, false);
    assert.deepEqual([...new Set(report.checks.map((c) => c.section))], ['settings', 'recording', 'coverage']);

    const junitFile = path.join(dir, 'preflight.xml');
    const junit = await cli(['preflight', '--env', 'Staging', '--against', 'Live', '--recording', recording, '--report', 'junit', '--output', junitFile]);
    assert.equal(junit.code, 1);
    assert.match(junit.stdout, /^Not ready: 4 of 9 checks failed \(.*preflight\.xml\)\.$/m);
    const suite = (new XMLParser({ ignoreAttributes: false }).parse(fs.readFileSync(junitFile, 'utf8')) as { testsuites: { testsuite: { '@_tests': string; '@_failures': string } } }).testsuites.testsuite;
    assert.deepEqual([suite['@_tests'], suite['@_failures']], ['9', '4']);

    const noAgainst = await cli(['preflight', '--env', 'Staging']);
    assert.equal(noAgainst.code, 2);
    assert.match(noAgainst.stderr, /--against PRODUCTION is required/);
    fs.writeFileSync(path.join(dir, 'bad.jsonl'), '{"method": "POST", "path": "/x"}\nnot json\n');
    const bad = await cli(['preflight', '--env', 'Staging', '--against', 'Live', '--recording', path.join(dir, 'bad.jsonl')]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /bad\.jsonl:2 is not a line of JSON/);
  });
});
