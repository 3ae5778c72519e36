// Request files in VS Code's Testing view: one test controller whose items are the workspace's
// .gwreq files with `# @expect` lines (file → request → expectation), found when the Testing view
// first asks and kept current as files change; one run profile per environment, the Local
// sandbox the default (others go through the production guard like any send).
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_NAME, REQUEST_LANGUAGE_ID, type EnvironmentService } from '../contracts';
import type { DocumentRunDeps } from '../requestDocuments/documentRun';
import { RequestTestItems } from './requestTestItems';
import { RequestTestRunner, type ItemResult } from './requestTestRun';
import { watchWholeFolders } from './wholeFolderEvents';
import type { CoverageReport } from '../../core/localSandbox/sandboxCoverage';

export type { ItemResult } from './requestTestRun';

const TEST_CONTROLLER_ID = 'gatewayWorkbench.requests';
const EXTENSION = '.gwreq';
const PATTERN = `**/*${EXTENSION}`;
const EXCLUDE = '**/node_modules/**';
/** The run profile that runs example files on the user's own Local sandbox (not a throwaway one). */
const OWN_LOCAL_SANDBOX_PROFILE = 'Run against my Local sandbox';

/** The Testing view's items as plain data, and a run, for the extension's API (and its tests). */
export interface RequestTestsApi {
  /** Scans the workspace (as opening the Testing view does) and lists the items. */
  discover(): Promise<TestItemView[]>;
  /**
   * Runs the items with these ids (all when none), as the run profile of `environmentName` would;
   * with `examplesOnLocalSandbox`, as "Run against my Local sandbox" does.
   */
  run(ids?: readonly string[], environmentName?: string, examplesOnLocalSandbox?: boolean): Promise<Record<string, ItemResult>>;
  /** The run profiles' labels, the default first. */
  profiles(): string[];
  /** The outcome coverage of the last run on the Local sandbox, as its output showed it. */
  lastCoverage(): CoverageReport | undefined;
  /** What the last run wrote to the Test Results output. */
  lastOutput(): string;
}

interface TestItemView {
  id: string;
  label: string;
  line?: number;
  children: TestItemView[];
}

function view(item: vscode.TestItem): TestItemView {
  const children: vscode.TestItem[] = [];
  item.children.forEach((c) => children.push(c));
  children.sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
  return { id: item.id, label: item.label, ...(item.range ? { line: item.range.start.line } : {}), children: children.map(view) };
}

export function registerRequestTests(deps: DocumentRunDeps, environments: EnvironmentService): vscode.Disposable & { api: RequestTestsApi } {
  const controller = vscode.tests.createTestController(TEST_CONTROLLER_ID, 'Gateway requests');
  const items = new RequestTestItems(controller);
  const runner = new RequestTestRunner(controller, items, deps);
  const disposables: vscode.Disposable[] = [controller];

  const readFile = async (uri: vscode.Uri): Promise<void> => {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    try {
      const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      items.update(uri, text);
    } catch {
      items.remove(uri);
    }
  };
  const readMatching = async (pattern: vscode.GlobPattern): Promise<void> => {
    const uris = await vscode.workspace.findFiles(pattern, EXCLUDE);
    await Promise.all(uris.map(readFile));
  };
  // A folder gone again before the search (a build's temporary one) simply has no files.
  const readFolder = (folder: vscode.Uri): Promise<void> => readMatching(new vscode.RelativePattern(folder, PATTERN)).catch(() => undefined);
  // One watcher for the controller's life (and one for folders that arrive or leave whole), made
  // before the first scan so that a file written while the scan runs is not missed; a refresh
  // scans again and keeps them.
  let watcher: vscode.FileSystemWatcher | undefined;
  const watch = (): void => {
    if (watcher) return;
    watcher = vscode.workspace.createFileSystemWatcher(PATTERN);
    disposables.push(
      watcher, watcher.onDidCreate(readFile), watcher.onDidChange(readFile), watcher.onDidDelete((uri) => items.remove(uri)),
      watchWholeFolders((uri) => uri.path.endsWith(EXTENSION), (folder) => void readFolder(folder), (uri) => items.removeUnder(uri)),
    );
  };
  let scanned: Promise<void> | undefined;
  const scan = (): Promise<void> => {
    scanned ??= (async () => {
      watch();
      await readMatching(PATTERN);
    })();
    return scanned;
  };
  controller.resolveHandler = async (item) => {
    if (!item) await scan();
  };
  controller.refreshHandler = async () => {
    scanned = undefined;
    controller.items.replace([]);
    await scan();
  };
  disposables.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.languageId === REQUEST_LANGUAGE_ID && e.document.uri.scheme === 'file') items.update(e.document.uri, e.document.getText());
    }),
    vscode.workspace.onDidOpenTextDocument((doc) => {
      if (doc.languageId === REQUEST_LANGUAGE_ID && doc.uri.scheme === 'file') items.update(doc.uri, doc.getText());
    }),
  );

  let profiles: vscode.TestRunProfile[] = [];
  const makeProfiles = (): void => {
    profiles.forEach((p) => p.dispose());
    profiles = environments.list().map((env) => controller.createRunProfile(
      env.builtIn ? `Run on ${env.name}` : `Run on ${env.name} (${environments.kindLabel(env.kind)})`,
      vscode.TestRunProfileKind.Run,
      async (request, token) => {
        await runner.run(request.include, request.exclude ?? [], env.name, token);
      },
      env.name === LOCAL_SANDBOX_NAME,
    ));
    // The examples run in a throwaway sandbox on the Local sandbox's profile; this one sends them to the user's own.
    profiles.splice(1, 0, controller.createRunProfile(OWN_LOCAL_SANDBOX_PROFILE, vscode.TestRunProfileKind.Run, async (request, token) => {
      await runner.run(request.include, request.exclude ?? [], LOCAL_SANDBOX_NAME, token, true);
    }, false));
  };
  makeProfiles();
  disposables.push(environments.onDidChange(makeProfiles), { dispose: () => profiles.forEach((p) => p.dispose()) });

  const find = (id: string): vscode.TestItem | undefined => {
    const [fileId] = id.split('#');
    let item = controller.items.get(fileId);
    const parts = id.split('#');
    for (let depth = 2; item && depth <= parts.length; depth++) item = item.children.get(parts.slice(0, depth).join('#'));
    return item;
  };

  const api: RequestTestsApi = {
    async discover() {
      await scan();
      const roots: vscode.TestItem[] = [];
      controller.items.forEach((item) => roots.push(item));
      return roots.sort((a, b) => a.label.localeCompare(b.label)).map(view);
    },
    async run(ids, environmentName = LOCAL_SANDBOX_NAME, examplesOnLocalSandbox = false) {
      await scan();
      const include = ids?.map((id) => {
        const item = find(id);
        if (!item) throw new Error(`no test item "${id}"`);
        return item;
      });
      return runner.run(include, [], environmentName, undefined, examplesOnLocalSandbox);
    },
    profiles: () => profiles.map((p) => p.label),
    lastCoverage: () => runner.lastCoverage,
    lastOutput: () => runner.lastOutput,
  };
  // The watcher joins `disposables` only once the first scan ran, so they are disposed from the array.
  return { dispose: () => { for (const d of disposables) d.dispose(); }, api };
}
