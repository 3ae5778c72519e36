// "Copy Connection Settings" text (src/core/environments/connectionSettings.ts), attacked with
// hostile environment names and values: quotes, line breaks, `$()`, backticks, backslashes,
// unicode. The output is run through a real bash (exports evaluated, .env lines sourced with
// `set -a`) and the values bash ends with must be exactly the values given, with nothing else run.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import {
  ConnectionSettingsError, connectionSettingsText, connectionVariables, type ConnectionFormat, type ConnectionVariable,
} from '../../src/core/environments/connectionSettings';

const NAMES = ['GATEWAY_URL', 'BOARDING_URL', 'GATEWAY_BOARDING_URL', 'GATEWAY_API_KEY', 'GATEWAY_ACCESS_KEY', 'GATEWAY_MERCHANT_ID'];

/** Runs `text` in bash (evaluated, or sourced as a .env with set -a) in a scratch folder; the variables' values as bash has them. */
function throughBash(text: string, format: ConnectionFormat, dir: string): { values: Record<string, string>; stderr: string } {
  const file = path.join(dir, 'settings');
  fs.writeFileSync(file, text);
  const print = NAMES.map(n => `printf '%s\\0' "\${${n}-<unset>}"`).join('; ');
  const script = format === 'shell' ? `. ./settings; ${print}` : `set -a; . ./settings; set +a; ${print}`;
  const run = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  assert.equal(run.status, 0, `bash failed: ${run.stderr}`);
  const parts = run.stdout.split('\0').slice(0, NAMES.length);
  return { values: Object.fromEntries(NAMES.map((n, i) => [n, parts[i]])), stderr: run.stderr };
}

const expected = (variables: readonly ConnectionVariable[]): Record<string, string> =>
  Object.fromEntries(NAMES.map(n => [n, variables.find(v => v.name === n)?.value ?? '<unset>']));

const HOSTILE = [
  `Live'; touch pwned; echo '`, 'Live\nexport GATEWAY_URL=https://evil.example\n', '$(touch pwned)', '`touch pwned`', 'a"b\\c$HOME',
  "it's", '\r\ntouch pwned\r\n', '\u2028export GATEWAY_API_KEY=stolen', '#', '=', ' ', '!!', '${GATEWAY_API_KEY}',
];

describe('connection settings', () => {
  it('holds the URLs and the keys the user holds, under the names our CLI and generated programs read', () => {
    const vars = connectionVariables(
      { name: 'Staging', kind: 'sandbox', gatewayUrl: 'https://gw.example', boardingUrl: 'https://board.example' },
      { apiKey: 'k-1234', merchantId: '9999' },
    );
    assert.deepEqual(vars.map(v => [v.name, v.value, v.secret]), [
      ['GATEWAY_URL', 'https://gw.example', false],
      ['BOARDING_URL', 'https://board.example', false],
      ['GATEWAY_BOARDING_URL', 'https://board.example', false],
      ['GATEWAY_API_KEY', 'k-1234', true],
      ['GATEWAY_MERCHANT_ID', '9999', false],
    ]);
    const none = connectionVariables({ name: 'X', kind: 'custom', gatewayUrl: 'https://gw.example', boardingUrl: '' }, {});
    assert.deepEqual(none.map(v => v.name), ['GATEWAY_URL'], 'no boarding URL, no keys: left out');
  });

  it('hostile names and values: bash ends with exactly the values, runs nothing, and the name stays in its comment', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-connection-'));
    try {
      for (const name of HOSTILE) {
        for (const value of HOSTILE) {
          const vars = connectionVariables(
            { name, kind: 'production', gatewayUrl: `https://gw.example/${value}`, boardingUrl: value },
            { apiKey: value, accessKey: `x${value}x`, merchantId: value },
          );
          for (const format of ['shell', 'dotenv'] as const) {
            let text: string;
            try {
              text = connectionSettingsText(name, vars, format);
            } catch (err) {
              // Only a .env line may refuse, and only for a value it cannot carry; it names the variable, not the value.
              assert.ok(err instanceof ConnectionSettingsError && format === 'dotenv', `${format} refused ${JSON.stringify(value)}`);
              assert.ok(!err.message.includes(value.trim() || '\u0000'), 'the refusal does not carry the value');
              continue;
            }
            const lines = text.split('\n');
            assert.equal(lines.filter(l => l.startsWith('#')).length, 1, 'one comment line');
            const got = throughBash(text, format, dir);
            assert.deepEqual(got.values, expected(vars), `${format} with name ${JSON.stringify(name)} and value ${JSON.stringify(value)}:\n${text}`);
            assert.equal(got.stderr, '');
            assert.equal(fs.existsSync(path.join(dir, 'pwned')), false, 'nothing in a name or value was run');
          }
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('any name and any values (fast-check): shell exports give bash exactly those values', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-connection-'));
    const text = fc.string({ unit: 'binary', maxLength: 40 }).map(s => s.replace(/\0/g, ''));
    try {
      fc.assert(fc.property(text, text, text, text, (name, url, key, merchant) => {
        const vars = connectionVariables({ name, kind: 'sandbox', gatewayUrl: url, boardingUrl: url }, { apiKey: key, accessKey: key, merchantId: merchant });
        const got = throughBash(connectionSettingsText(name, vars, 'shell'), 'shell', dir);
        assert.deepEqual(got.values, expected(vars));
        assert.equal(fs.existsSync(path.join(dir, 'pwned')), false);
      }), { numRuns: 150 });
      fc.assert(fc.property(text, text, (name, key) => {
        const vars = connectionVariables({ name, kind: 'sandbox', gatewayUrl: 'http://127.0.0.1:4000', boardingUrl: '' }, { apiKey: key });
        let settings: string;
        try {
          settings = connectionSettingsText(name, vars, 'dotenv');
        } catch (err) {
          assert.ok(err instanceof ConnectionSettingsError);
          return;
        }
        assert.deepEqual(throughBash(settings, 'dotenv', dir).values, expected(vars));
      }), { numRuns: 150 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a NUL in a value is refused in both forms (neither a shell nor a .env file can carry it)', () => {
    const vars = connectionVariables({ name: 'X', kind: 'sandbox', gatewayUrl: 'https://gw.example', boardingUrl: '' }, { apiKey: 'a\0b' });
    for (const format of ['shell', 'dotenv'] as const) assert.throws(() => connectionSettingsText('X', vars, format), ConnectionSettingsError);
  });
});
