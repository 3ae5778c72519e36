// gateway-workbench: the command-line entry point (bundled to dist/cli.js).
// Bad arguments print one line on stderr and exit 2; other failures exit 1.

import { catalogCommand } from './commands/catalog';
import { generateCommand } from './commands/generate';
import { proxyCommand } from './commands/proxy';
import { runCommand } from './commands/run';
import { sandboxCommand } from './commands/sandbox';
import { lspCommand } from './commands/lsp';
import { exactlyOnceCommand } from './commands/exactlyOnce';
import { coverageCommand } from './commands/coverage';
import { settingsCommand } from './commands/settings';
import { preflightCommand } from './commands/preflight';
import { importCommand } from './commands/import';
import { mcpCommand } from './commands/mcp';
import { UsageError, type CliCommand, type CliIo } from './cliCommand';
import { commandHelp, generalHelp } from './helpText';
import { visibleText } from '../core/protection/visibleText';
import { version } from '../../package.json';

const COMMANDS: readonly CliCommand[] = [sandboxCommand, catalogCommand, runCommand, coverageCommand, generateCommand, proxyCommand, lspCommand, exactlyOnceCommand, settingsCommand, preflightCommand, importCommand, mcpCommand];

function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e).split('\n')[0];
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(`gateway-workbench: missing command; use one of ${COMMANDS.map(c => c.name).join(', ')} (see --help)`);
    return 2;
  }
  if (name === '--version' || name === '-v') {
    io.out(version);
    return 0;
  }
  // `help run` as well as `run --help`.
  const asked = name === 'help' ? rest[0] : name;
  if (asked === undefined || asked === '--help' || asked === '-h' || asked === 'help') {
    io.out(generalHelp(COMMANDS, io.columns));
    return 0;
  }
  const command = COMMANDS.find(c => c.name === asked);
  if (!command) {
    io.err(`gateway-workbench: unknown command "${visibleText(asked)}"; use one of ${COMMANDS.map(c => c.name).join(', ')} (see --help)`);
    return 2;
  }
  // What follows `--` is another program's arguments (exactly-once), never ours.
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  if (name === 'help' || own.includes('--help') || own.includes('-h')) {
    io.out(commandHelp(command, io.columns));
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    if (e instanceof UsageError || code.startsWith('ERR_PARSE_ARGS')) {
      io.err(`gateway-workbench ${name}: ${visibleText(firstLine(e))} (usage: ${command.usage}; see gateway-workbench ${name} --help)`);
      return 2;
    }
    io.err(`gateway-workbench ${name}: ${visibleText(firstLine(e))}`);
    return 1;
  }
}

if (require.main === module) {
  // A closed pipe (`... | head`) is a normal way for a reader to stop, not a failure.
  process.stdout.on('error', e => {
    if ((e as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
    throw e;
  });
  const io: CliIo = {
    out: line => process.stdout.write(`${line}\n`),
    err: line => process.stderr.write(`${line}\n`),
    ...(process.stdout.isTTY ? { columns: process.stdout.columns } : {}),
  };
  void main(process.argv.slice(2), io).then(code => {
    process.exitCode = code;
  });
}
