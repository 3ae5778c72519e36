// "Export as HAR…" on the Traffic view (its exchanges as kept: already redacted) and "Export
// History as HAR…" (the requests History keeps: no answers' bodies, as History has none): a HAR
// 1.2 file the user saves where they choose, redacted once more on the way out (core/traffic/harExport.ts,
// loaded with the importers from dist/importer.js: no activation carries it).
import * as vscode from 'vscode';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import { matchOperation } from '../../catalog';
import type { HarExchange } from '../../core/traffic/harExport';
import { loadImporter } from '../lazy/runtime';
import type { TrafficExchange } from '../../core/traffic/exchange';
import { LOCAL_SANDBOX_NAME, type EnvironmentService, type HistoryEntry } from '../contracts';
import { IMPORT_COMMANDS } from './ids';

export interface HarExportDeps {
  environments: EnvironmentService;
  history(): readonly HistoryEntry[];
  traffic(): readonly { source: string; exchange: TrafficExchange }[];
  log: CommandLog;
}

/** HAR's creator: this extension and its version, read when an export is made. */
const creator = () => ({ name: 'Gateway Workbench', version: String((vscode.extensions.all.find((e) => e.id.endsWith('.gateway-workbench'))?.packageJSON as { version?: string } | undefined)?.version ?? '0') });

/** An environment's base URL for a path: its boarding URL for `/api/`, its gateway URL otherwise; a placeholder host when it is gone. */
async function baseFor(environments: EnvironmentService, name: string, path: string): Promise<string> {
  const boarding = matchOperation('GET', path.split('?')[0])?.op.host === 'boarding' || path.startsWith('/api/');
  try {
    const env = environments.get(name) ? await environments.ready(name) : undefined;
    if (env) return (boarding ? env.boardingUrl : env.gatewayUrl).replace(/\/+$/, '');
  } catch {
    // the environment cannot be reached now: the placeholder says which it was
  }
  return `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'environment'}.invalid`;
}

async function allSecrets(environments: EnvironmentService): Promise<string[]> {
  const lists = await Promise.all(environments.list().map((e) => environments.secrets(e.name).catch(() => [])));
  return lists.flat();
}

async function save(text: string, suggested: string, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = target ?? await vscode.window.showSaveDialog({
    title: 'Save as HAR (keys left out, card numbers masked)',
    filters: { 'HTTP Archive': ['har'] },
    ...(root ? { defaultUri: vscode.Uri.joinPath(root, suggested) } : {}),
  });
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
  void vscode.window.showInformationMessage(`Saved ${uri.fsPath.split(/[\\/]/).pop()}: keys left out, card numbers masked to their last four, CSC hidden.`);
  return uri;
}

export function registerHarExport(deps: HarExportDeps, register: RegisterCommand = registerCommand): vscode.Disposable {
  return vscode.Disposable.from(
    register(IMPORT_COMMANDS.exportTrafficHar, async (target?: unknown) => {
      const entries = deps.traffic();
      if (entries.length === 0) {
        void vscode.window.showInformationMessage('The Traffic view has no exchanges to export yet.');
        return undefined;
      }
      // Recordings keep paths only: their host is not known here, and a placeholder says so.
      const localUrl = entries.some((e) => e.source === LOCAL_SANDBOX_NAME) ? await baseFor(deps.environments, LOCAL_SANDBOX_NAME, '/rest/') : '';
      const exchanges: HarExchange[] = entries.map(({ source, exchange }) => ({
        at: exchange.at,
        method: exchange.method,
        url: `${source === LOCAL_SANDBOX_NAME ? localUrl : 'https://recorded.invalid'}${exchange.path}`,
        requestHeaders: exchange.requestHeaders,
        ...(exchange.requestBody !== undefined ? { requestBody: exchange.requestBody } : {}),
        ...(exchange.status !== undefined ? { status: exchange.status } : {}),
        responseHeaders: exchange.responseHeaders,
        ...(exchange.responseBody !== undefined ? { responseBody: exchange.responseBody } : {}),
        timeMs: exchange.timeMs,
        comment: source,
      }));
      return save(loadImporter().harText(exchanges, creator(), await allSecrets(deps.environments)), 'traffic.har', target instanceof vscode.Uri ? target : undefined);
    }, deps.log),
    register(IMPORT_COMMANDS.exportHistoryHar, async (target?: unknown) => {
      const history = deps.history();
      if (history.length === 0) {
        void vscode.window.showInformationMessage('History is empty: send a request first.');
        return undefined;
      }
      const exchanges: HarExchange[] = await Promise.all(history.map(async (entry) => ({
        at: entry.at,
        method: entry.method,
        url: `${await baseFor(deps.environments, entry.environmentName, entry.path)}${entry.path}`,
        ...(entry.body !== undefined ? { requestBody: entry.body } : {}),
        ...(entry.status !== undefined ? { status: entry.status } : {}),
        ...(entry.timingMs !== undefined ? { timeMs: entry.timingMs } : {}),
        comment: `History · ${entry.environmentName}`,
      })));
      return save(loadImporter().harText(exchanges, creator(), await allSecrets(deps.environments)), 'history.har', target instanceof vscode.Uri ? target : undefined);
    }, deps.log),
  );
}
