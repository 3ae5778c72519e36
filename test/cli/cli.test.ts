import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { runToEnd } from './processRun';
import { operations } from '../../src/catalog';

const ROOT = path.resolve(__dirname, '../..');
const CLI = ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')];

function runCli(args: string[]) {
  return spawnSync(process.execPath, [...CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
}

describe('cli sandbox', () => {
  it('prints one JSON line, serves requests, and exits 0 on SIGTERM after saving --data', async () => {
    const data = path.join(await mkdtemp(path.join(tmpdir(), 'gw-cli-')), 'state.json');
    const child = spawn(process.execPath, [...CLI, 'sandbox', '--port', '0', '--data', data], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const lines = createInterface({ input: child.stdout });
      const [first] = await once(lines, 'line') as [string];
      const info = JSON.parse(first);
      assert.deepEqual(Object.keys(info), ['gatewayUrl', 'boardingUrl', 'apiKey', 'accessKey', 'merchantId']);
      assert.match(info.gatewayUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${info.gatewayUrl}/rest/v2/transactions/sale`, {
        method: 'POST', headers: { 'api-key': info.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '5.00', card: '4111111111111111', 'exp-date': '1230' }),
      });
      assert.equal(res.status, 200);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited as [number | null];
      assert.equal(code, 0);
      const saved = JSON.parse(await readFile(data, 'utf8'));
      assert.equal(saved.keys.apiKey, info.apiKey);
      assert.equal(Object.keys(saved.slices.cards.transactions).length, 1);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('says the port is taken, and what to do, when --port is in use', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((holder.address() as AddressInfo).port);
      const r = await runToEnd(process.execPath, [...CLI, 'sandbox', '--port', port], { cwd: ROOT });
      assert.equal(r.code, 1);
      assert.equal(r.stdout, '', 'no JSON line: nothing is served');
      assert.match(r.stderr, new RegExp(`^gateway-workbench sandbox: port ${port} on 127\\.0\\.0\\.1 is already in use: .*port 0 picks a free one`));
      assert.doesNotMatch(r.stderr, /EADDRINUSE/);
    } finally {
      holder.close();
    }
  });

  for (const args of [['sandbox', '--port', 'abc'], ['sandbox', '--rate', '0'], ['sandbox', '--bogus'], ['frobnicate'], []]) {
    it(`exits 2 with one stderr line for: ${args.join(' ') || '(no arguments)'}`, () => {
      const r = runCli(args);
      assert.equal(r.status, 2);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.equal(r.stdout, '');
    });
  }
});

describe('cli catalog', () => {
  it('--json lists every operation (the interface\'s 67 and those past it) with id, method, path, group, bodyFormat, safety', () => {
    const r = runCli(['catalog', '--json']);
    assert.equal(r.status, 0, r.stderr);
    const list = JSON.parse(r.stdout);
    assert.equal(list.length, operations.length);
    for (const key of ['id', 'method', 'path', 'group', 'bodyFormat', 'safety', 'title']) assert.ok(key in list[0], key);
    assert.ok(list.some((o: any) => o.id === 'transactions.sale' && o.method === 'POST' && o.path === '/rest/v2/transactions/sale'));
  });

  it('--json says where each operation comes from: the interface\'s 67, and any past it with its public evidence', () => {
    const list = JSON.parse(runCli(['catalog', '--json']).stdout) as Array<{ id: string; source: string; evidence?: string[] }>;
    assert.equal(list.filter((o) => o.source === 'interface').length, 67);
    for (const op of list) {
      assert.ok(op.source === 'interface' || op.source === 'public-clients', `${op.id}: source ${op.source}`);
      if (op.source === 'interface') assert.equal(op.evidence, undefined, op.id);
      else {
        assert.ok(op.evidence && op.evidence.length > 0, `${op.id} has no evidence`);
        for (const e of op.evidence) assert.match(e, /^[\w.-]+\/[\w.-]+@[0-9a-f]{7,40}:\S+$/, `${op.id}: ${e}`);
      }
    }
  });

  it('prints a table, and --help describes both commands', () => {
    const table = runCli(['catalog']);
    assert.equal(table.status, 0);
    assert.match(table.stdout, /transactions\.sale\s+POST\s+\/rest\/v2\/transactions\/sale/);
    const help = runCli(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /sandbox \[--port N\]/);
    assert.match(help.stdout, /catalog \[--json\]/);
  });
});
