import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { main } from '../../src/cli/main';
import type { CliCommand } from '../../src/cli/cliCommand';
import { catalogCommand } from '../../src/cli/commands/catalog';
import { generateCommand } from '../../src/cli/commands/generate';
import { lspCommand } from '../../src/cli/commands/lsp';
import { proxyCommand } from '../../src/cli/commands/proxy';
import { coverageCommand } from '../../src/cli/commands/coverage';
import { runCommand } from '../../src/cli/commands/run';
import { sandboxCommand } from '../../src/cli/commands/sandbox';

const COMMANDS: readonly CliCommand[] = [sandboxCommand, catalogCommand, runCommand, coverageCommand, generateCommand, proxyCommand, lspCommand];

/** main() with its output collected, as the CLI's entry point writes it to stdout and stderr. */
async function cli(argv: string[], columns?: number): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line), ...(columns ? { columns } : {}) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const widest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

describe('cli version', () => {
  it('--version and -v print the package\'s version alone, for scripts and bug reports', async () => {
    const { version } = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const r = await cli([flag]);
      assert.deepEqual(r, { code: 0, out: version, err: '' }, flag);
    }
    assert.match((await cli(['--help'])).out, /--version/, 'the help says so');
  });
});

describe('cli help', () => {
  it('--help lists every command with its usage and summary, within 80 columns when stdout is not a terminal', async () => {
    const r = await cli(['--help']);
    assert.equal(r.code, 0);
    assert.equal(r.err, '');
    for (const command of COMMANDS) {
      assert.match(r.out, new RegExp(`^  gateway-workbench ${command.name}\\b`, 'm'), command.name);
      assert.ok(r.out.replace(/\s+/g, ' ').includes(command.summary), `${command.name}'s summary`);
    }
    // Before, every summary sat after the longest usage line: 243 columns wide.
    assert.ok(widest(r.out) <= 80, `a line of ${widest(r.out)} columns`);
    // Wrapped to a wider terminal, still no wider than it.
    const wide = await cli(['--help'], 100);
    assert.ok(widest(wide.out) <= 100 && widest(wide.out) > 80, `${widest(wide.out)} columns at 100`);
    assert.equal((await cli(['help'])).out, r.out);
  });

  for (const command of COMMANDS) {
    it(`${command.name} --help explains each of its options; "help ${command.name}" is the same`, async () => {
      const r = await cli([command.name, '--help']);
      assert.equal(r.code, 0, r.err);
      assert.equal(r.err, '');
      assert.match(r.out, new RegExp(`^Usage: gateway-workbench ${command.name}\\b`));
      assert.ok(command.options.length > 0);
      for (const option of command.options) {
        assert.match(r.out, new RegExp(`^  --${option.name}\\b`, 'm'), `--${option.name}`);
        assert.ok(r.out.replace(/\s+/g, ' ').includes(option.text.replace(/\s+/g, ' ')), `--${option.name}'s text`);
      }
      assert.ok(widest(r.out) <= 80, `a line of ${widest(r.out)} columns: ${r.out.split('\n').find((l) => l.length > 80)}`);
      assert.equal((await cli(['help', command.name])).out, r.out);
      assert.equal((await cli([command.name, '-h'])).out, r.out);
    });
  }

  it('a narrow terminal gets 60 columns, words kept whole (generate\'s list of languages moves left to fit)', async () => {
    for (const command of COMMANDS) {
      const r = await cli([command.name, '--help'], 30);
      assert.ok(widest(r.out) <= 60, `${command.name}: ${r.out.split('\n').find((l) => l.length > 60)}`);
    }
    assert.match((await cli(['generate', '--help'], 30)).out, /^ {4}curl\|js\|python\|php\|java\|go\|csharp FILE\.gwreq$/m);
  });

  it('help for an unknown command is a usage error naming the commands', async () => {
    const r = await cli(['help', 'deploy']);
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    assert.match(r.err, /unknown command "deploy"; use one of sandbox, catalog, run, coverage, generate, proxy, lsp/);
  });

  it('a usage error points at the command\'s own help', async () => {
    const r = await cli(['catalog', '--tsv']);
    assert.equal(r.code, 2);
    assert.match(r.err, /^gateway-workbench catalog: .*'--tsv'.*\(usage: gateway-workbench catalog \[--json\]; see gateway-workbench catalog --help\)$/);
  });
});
