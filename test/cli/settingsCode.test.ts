// `gateway-workbench settings export|plan|apply` as a CI job runs it: the CLI as a child process
// against two Local sandboxes over real sockets, "Staging" (a sandbox) and "Live" (production),
// configured in an environments file with their keys in environment variables. Each sandbox
// counts the writes it receives, so "apply writes only the difference" is measured, not assumed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runToEnd } from './processRun';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';
import { parseSettingsFile } from '../../src/core/settingsCode/settingsFile';

const ROOT = path.resolve(__dirname, '../..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];

interface Counted { sandbox: RunningSandbox; writes: string[] }
let staging: Counted;
let live: Counted;
let dir: string;
let config: string;

async function countedSandbox(): Promise<Counted> {
  const writes: string[] = [];
  const sandbox = await startSandbox({ port: 0, onExchange: (e) => { if (e.method !== 'GET') writes.push(`${e.method} ${e.path}`); } });
  return { sandbox, writes };
}

const wantedFile = () => path.join(dir, 'wanted.gwsettings.json');
const cli = (args: string[]) => runToEnd(process.execPath, [...CLI, 'settings', ...args, '--config', config], {
  cwd: ROOT,
  env: { ...process.env, NO_COLOR: '1', GATEWAY_API_KEY_STAGING: staging.sandbox.apiKey, GATEWAY_API_KEY_LIVE: live.sandbox.apiKey },
});

async function putSetting(target: Counted, pathName: string, body: object): Promise<void> {
  const answer = await fetch(`${target.sandbox.gatewayUrl}${pathName}`, {
    method: 'PUT', headers: { 'api-key': target.sandbox.apiKey, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body),
  });
  assert.equal(answer.status, 200, await answer.text());
}

async function terminalOf(target: Counted): Promise<Record<string, unknown>> {
  const answer = await fetch(`${target.sandbox.gatewayUrl}/rest/v2/settings/terminal`, { headers: { 'api-key': target.sandbox.apiKey, accept: 'application/json' } });
  return ((await answer.json()) as { payload: { 'terminal-settings': Record<string, unknown> } }).payload['terminal-settings'];
}

before(async () => {
  staging = await countedSandbox();
  live = await countedSandbox();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-settings-code-'));
  config = path.join(dir, 'gateway-workbench.json');
  fs.writeFileSync(config, JSON.stringify({
    environments: [
      { name: 'Staging', kind: 'sandbox', gatewayUrl: staging.sandbox.gatewayUrl, boardingUrl: staging.sandbox.boardingUrl },
      { name: 'Live', kind: 'production', gatewayUrl: live.sandbox.gatewayUrl, boardingUrl: live.sandbox.boardingUrl },
    ],
  }));
});

after(async () => {
  await staging.sandbox.close();
  await live.sandbox.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('gateway-workbench settings', () => {
  it('export writes every group in a stable order, with no key and no merchant or terminal id', async () => {
    const out = path.join(dir, 'staging.gwsettings.json');
    const run = await cli(['export', '--env', 'Staging', '--out', out]);
    assert.equal(run.code, 0, run.stderr);
    const text = fs.readFileSync(out, 'utf8');
    const file = parseSettingsFile(text, out);
    assert.equal(file.environment, 'Staging');
    assert.deepEqual(Object.keys(file.settings), ['duplicates', 'avs', 'csc', 'terminal', 'rps', 'paylink', 'hpp', 'transactionAlert', 'report']);
    assert.equal(file.settings.terminal['batch-time-utc'], '03:00');
    for (const secret of [staging.sandbox.apiKey, staging.sandbox.merchantId, 'hpp-public-key', 'merchant-id', 'terminalId', 'merchantId']) {
      assert.ok(!text.includes(secret), `the export holds ${secret}`);
    }
    const again = await cli(['export', '--env', 'Staging']);
    assert.equal(`${again.stdout}`, text, 'the same settings export as the same bytes (stdout without --out)');
    assert.deepEqual(staging.writes, [], 'export writes nothing');
  });

  it('plan: exit 0 with nothing to change, 2 naming the field that would change, 1 on a bad file', async () => {
    const file = path.join(dir, 'staging.gwsettings.json');
    const same = await cli(['plan', '--env', 'Staging', file]);
    assert.equal(same.code, 0, same.stdout + same.stderr);
    assert.match(same.stdout, /No changes/);

    const edited = fs.readFileSync(file, 'utf8')
      .replace('"batch-time-utc": "03:00"', '"batch-time-utc": "05:17"')
      .replace('{\n  "environment"', '// reviewed in PR #12\n{\n  "environment"');
    fs.writeFileSync(wantedFile(), edited);
    const plan = await cli(['plan', '--env', 'Staging', wantedFile()]);
    assert.equal(plan.code, 2, plan.stdout + plan.stderr);
    assert.match(plan.stdout, /^terminal:\n {2}batch-time-utc: 03:00 → 05:17\n1 change in 1 group \(terminal\) of "Staging"; 8 groups unchanged\.$/m);

    fs.writeFileSync(path.join(dir, 'bad.gwsettings.json'), '{"settings": {"terminal": {"merchant-id": "123"}}}');
    const bad = await cli(['plan', '--env', 'Staging', path.join(dir, 'bad.gwsettings.json')]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /settings\.terminal\.merchant-id is never carried in a settings file/);
    const usage = await cli(['plan', '--env', 'Staging']);
    assert.equal(usage.code, 1, 'a usage error of plan is 1, not 2 (2 means "changes")');
    assert.deepEqual(staging.writes, [], 'plan writes nothing');
  });

  it('apply writes only the difference, keeps a change made meanwhile, reads back, and plan is 0 after', async () => {
    // Someone changes another field of the same group after the file was written.
    await putSetting(staging, '/rest/v2/settings/terminal', { 'enable-tip': false });
    staging.writes.length = 0;
    const wanted = JSON.parse(fs.readFileSync(wantedFile(), 'utf8').replace(/^\/\/.*\n/, '')) as { settings: Record<string, Record<string, unknown>> };
    delete wanted.settings.terminal['enable-tip'];   // the file leaves it out: left alone
    fs.writeFileSync(wantedFile(), JSON.stringify(wanted, null, 2));

    const refused = await cli(['apply', '--env', 'Staging', wantedFile()]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /pass --yes to apply to "Staging"/);
    assert.deepEqual(staging.writes, [], 'nothing applied without --yes where nobody can answer');

    const apply = await cli(['apply', '--env', 'Staging', wantedFile(), '--yes']);
    assert.equal(apply.code, 0, apply.stdout + apply.stderr);
    assert.match(apply.stdout, /✓ terminal: applied and read back \(batch-time-utc\)/);
    assert.deepEqual(staging.writes, ['PUT /rest/v2/settings/terminal'], 'one write: the one group that differs');
    const terminal = await terminalOf(staging);
    assert.equal(terminal['batch-time-utc'], '05:17');
    assert.equal(terminal['enable-tip'], false, 'the change made meanwhile to another field is kept');

    const after = await cli(['plan', '--env', 'Staging', wantedFile()]);
    assert.equal(after.code, 0, after.stdout);
  });

  it('production: refused without the typed name or --confirm NAME, applied with it', async () => {
    const file = wantedFile();
    const plan = await cli(['plan', '--env', 'Live', file]);
    assert.equal(plan.code, 2);
    const refused = await cli(['apply', '--env', 'Live', file, '--yes']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /"Live" is a production environment: pass --confirm "Live"/);
    const wrong = await cli(['apply', '--env', 'Live', file, '--confirm', 'live']);
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /not the production environment's name/);
    assert.deepEqual(live.writes, [], 'nothing reached production');

    const confirmed = await cli(['apply', '--env', 'Live', file, '--confirm', 'Live']);
    assert.equal(confirmed.code, 0, confirmed.stdout + confirmed.stderr);
    assert.deepEqual(live.writes, ['PUT /rest/v2/settings/terminal']);
    assert.equal((await terminalOf(live))['batch-time-utc'], '05:17');
  });

  it('a refused group is named and the others still go', async () => {
    const file = path.join(dir, 'mixed.gwsettings.json');
    fs.writeFileSync(file, JSON.stringify({ settings: {
      duplicates: { 'time-range-in-minutes': 30 },
      terminal: { 'batch-time-utc': '25:00' },
      rps: { enabled: true },
    } }));
    staging.writes.length = 0;
    const apply = await cli(['apply', '--env', 'Staging', file, '--yes']);
    assert.equal(apply.code, 1, apply.stdout + apply.stderr);
    assert.match(apply.stdout, /✓ duplicates: applied/);
    assert.match(apply.stdout, /✗ terminal: refused: 400 Field Validation: terminal-settings\/batch-time-utc is not a valid time/);
    assert.match(apply.stdout, /✓ rps: applied/);
    assert.match(apply.stderr, /terminal failed; duplicates, rps were applied/);
    assert.deepEqual(staging.writes, ['PUT /rest/v2/settings/transaction/duplicates', 'PUT /rest/v2/settings/terminal', 'PUT /rest/v2/settings/terminal/rps']);
  });
});
