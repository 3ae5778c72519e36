// "Run Go-Live Check…": `gateway-workbench preflight` in the editor, the same checks. Asks for
// the environment the application was tested on and the one it goes live on (reads only, in
// production too: a read is never guarded), scans the workspace folders (never anything outside
// them) for keys — both environments' stored ones and anything that looks like one — and card
// numbers, checks a proxy recording when one is picked, and adds the outcome coverage when the
// sandbox is the Local sandbox. The report is a read-only Markdown document of its own scheme
// (never dirty, never saved into the workspace); what it shows is masked by the checks themselves.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { credentialSecrets } from '../../core/protection/redaction';
import type { PreflightCheck } from '../../core/preflight/preflightCheck';
import { registerCommand } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { COMMANDS, type EnvironmentEntry } from '../contracts';
import { loadRuntime } from '../lazy/runtime';
import { resolveTarget, type Target } from './environmentCommands';
import type { EnvironmentManager } from './environmentStore';

const REPORT_SCHEME = 'gateway-preflight';
const SHOW_REPORT = 'Show Report';

const isInside = (folder: string, file: string) => {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** The paths to scan, each checked to be in a workspace folder (after links are followed). */
async function scanPaths(given: unknown): Promise<string[]> {
  const folders = await Promise.all((vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => fs.realpath(f.uri.fsPath)));
  if (given === undefined) return folders;
  if (!Array.isArray(given) || !given.every((p): p is string => typeof p === 'string')) throw new Error('The paths to scan must be a list of file or folder paths.');
  return Promise.all(given.map(async (p) => {
    const real = await fs.realpath(p).catch(() => {
      throw new Error(`Cannot scan ${p}: it does not exist.`);
    });
    if (!folders.some((folder) => isInside(folder, real))) throw new Error(`Cannot scan ${p}: the go-live check reads only files in the workspace folders.`);
    return real;
  }));
}

/** A recording the user picks among the workspace's *.jsonl files; undefined for none (or none there). */
async function pickRecording(): Promise<string | undefined> {
  const files = await vscode.workspace.findFiles('**/*.jsonl', '**/{node_modules,.git}/**', 50);
  if (files.length === 0) return undefined;
  const none: vscode.QuickPickItem & { uri?: vscode.Uri } = { label: 'No recording', description: 'check settings, files and coverage only' };
  const picked = await vscode.window.showQuickPick(
    [none, ...files.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), description: 'gateway-workbench proxy --recording', uri }))],
    { placeHolder: 'A recording of your application\'s requests to check (what it would send to production)?' },
  );
  if (!picked) throw new vscode.CancellationError();
  return picked.uri?.fsPath;
}

async function runChecks(environments: EnvironmentManager, sandbox: EnvironmentEntry, production: EnvironmentEntry, paths: string[], recording: string | undefined): Promise<PreflightCheck[]> {
  const runtime = loadRuntime();
  const settingsOf = async (env: EnvironmentEntry) => runtime.readSettings(await environments.client(env.name), runtime.DRIFT_GROUPS);
  const ready = await environments.ready(sandbox.name);
  const checks: PreflightCheck[] = runtime.settingsDrift(await settingsOf(sandbox), await settingsOf(production), { sandbox: sandbox.name, production: production.name });
  if (paths.length > 0) {
    const keys = [...credentialSecrets(await environments.credentials(sandbox.name)), ...credentialSecrets(await environments.credentials(production.name))];
    const base = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    checks.push(...await runtime.scanFiles(paths, keys, base ? await fs.realpath(base) : undefined));
  }
  if (recording !== undefined) {
    const text = await fs.readFile(recording, 'utf8').catch((e: NodeJS.ErrnoException) => {
      throw new Error(`Cannot read the recording ${recording}: ${e.code === 'ENOENT' ? 'it does not exist' : e.message}`);
    });
    const shown = vscode.workspace.asRelativePath(recording);
    checks.push(...runtime.recordingChecks(runtime.parseRecording(text, shown), shown));
  }
  if (ready.kind === 'local') {
    const coverage = await runtime.fetchCoverage(ready.gatewayUrl).catch(() => undefined);
    if (coverage) checks.push(runtime.coverageCheck(coverage, sandbox.name, 0));
  }
  return checks;
}

export function registerPreflightCommand(environments: EnvironmentManager, log: vscode.LogOutputChannel, register: RegisterCommand = registerCommand): vscode.Disposable {
  // The reports of this window, by URI: read-only, gone when the window closes.
  const reports = new Map<string, string>();
  const changed = new vscode.EventEmitter<vscode.Uri>();
  const provider: vscode.TextDocumentContentProvider = { onDidChange: changed.event, provideTextDocumentContent: (uri) => reports.get(uri.toString()) ?? '' };
  let runs = 0;

  return vscode.Disposable.from(
    changed,
    vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, provider),
    register(COMMANDS.preflight, async (sandboxName?: Target, productionName?: Target, given?: unknown, recordingPath?: unknown) => {
      const scripted = sandboxName !== undefined;
      const sandbox = await resolveTarget(environments, sandboxName, 'Go-live check: the environment your application was tested on (1 of 2)', (e) => e.kind !== 'production');
      if (!sandbox) return undefined;
      const production = await resolveTarget(environments, productionName, `Go-live check: the environment "${sandbox.name}" goes live on (2 of 2; read only)`, (e) => e.name !== sandbox.name);
      if (!production) return undefined;
      if (production.name === sandbox.name) throw new Error('Pick two different environments: the one you tested on and the one you go live on.');
      const paths = await scanPaths(given);
      if (recordingPath !== undefined && typeof recordingPath !== 'string') throw new Error('The recording must be a file path.');
      const recording = recordingPath ?? (scripted ? undefined : await pickRecording());

      const checks = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Go-live check: ${sandbox.name} → ${production.name}…` },
        () => runChecks(environments, sandbox, production, paths, recording),
      );
      const runtime = loadRuntime();
      const title = `Go-live check: ${sandbox.name} → ${production.name}`;
      // A URI of its own per run: an open earlier report keeps what it said.
      const uri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/Go-live check ${sandbox.name} to ${production.name}.md`.replace(/[\\:*?"<>|]/g, '-'), query: `run=${++runs}` });
      reports.set(uri.toString(), runtime.preflightMarkdown(checks, title));
      changed.fire(uri);
      const document = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(document, { preview: false });

      const failed = checks.filter((c) => !c.passed).length;
      const verdict = `${runtime.preflightVerdict(checks)}.`;
      log.info(`${title}: ${verdict}`);
      const notify = failed === 0 ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
      void Promise.resolve(notify(verdict, SHOW_REPORT)).then(async (choice) => {
        if (choice !== SHOW_REPORT) return;
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
        await vscode.commands.executeCommand('markdown.showPreview', uri).then(undefined, () => undefined);
      });
      return { passed: checks.length - failed, failed };
    }, log),
  );
}
