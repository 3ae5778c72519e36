// `gateway-workbench lsp --stdio`: the request-file language server for editors other than VS Code
// (Neovim, Helix, Emacs…). It is the same dist/server.js the extension starts, shipped beside
// cli.js in both packages and loaded only for this command, so the other commands stay small.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, type CliCommand, type CliOption } from '../cliCommand';

// The transports, checked here and read by the server itself (vscode-languageserver), not by parseArgs.
const OPTIONS: readonly CliOption[] = [
  { name: 'stdio', type: 'boolean', text: 'Speak the Language Server Protocol over stdin and stdout: what editors use.' },
  { name: 'node-ipc', type: 'boolean', text: 'Over a Node IPC channel, for a client that starts the server with one.' },
  { name: 'socket=PORT', type: 'string', text: 'Over a TCP socket on 127.0.0.1:PORT that the client listens on.' },
];
const TRANSPORTS = OPTIONS.filter((o) => o.type === 'boolean').map((o) => `--${o.name}`);

export const lspCommand: CliCommand = {
  name: 'lsp',
  summary: 'Run the request-file language server (completion, hover, diagnostics) for any LSP editor.',
  usage: 'gateway-workbench lsp --stdio',
  options: OPTIONS,
  notes: ['Completion, hover, diagnostics, quick fixes, outline, code lenses and formatting for request files (.gwreq): the language server the VS Code extension runs. Set-ups for Neovim, Helix and Emacs: the package\'s README.'],
  async run(args) {
    const transport = args.find(a => TRANSPORTS.includes(a) || /^--socket=\d+$/.test(a));
    if (!transport || args.length !== 1) throw new UsageError('pass exactly one transport: --stdio (what editors use), --node-ipc or --socket=PORT');
    const server = path.join(__dirname, 'server.js');
    if (!fs.existsSync(server)) throw new Error(`the language server is missing beside the CLI (${server}); reinstall the package`);
    // The server reads its transport from process.argv and runs until the editor closes it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(server);
    return new Promise<number>(() => undefined);
  },
};
