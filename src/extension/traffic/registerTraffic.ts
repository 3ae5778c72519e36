// The Traffic part: what every client sends to the Local sandbox, and what a recording proxy
// saw, in a "Traffic" view of the Gateway container — each request checked with the request-file
// rules — with open, open as request file, replay and generate code on each exchange.
import * as vscode from 'vscode';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import { COMMANDS, LOCAL_SANDBOX_NAME, REQUEST_LANGUAGE_ID, type EnvironmentService } from '../contracts';
import type { TrafficExchange } from '../../core/traffic/exchange';
import { loadRuntime } from '../lazy/runtime';
import { TRAFFIC_COMMANDS, TRAFFIC_VIEW_ID } from './ids';
import { TrafficStore, type TrafficEntry } from './trafficStore';
import { trafficTime, TrafficView, type TrafficNode } from './trafficView';

export interface TrafficApi {
  /** The exchanges shown, newest first (redacted, with their findings). */
  /** Every exchange kept, the Gateway view's own listings too (the view may hide those). */
  entries(): readonly { id: number; source: string; sender: { label: string; workbench?: string }; exchange: TrafficExchange }[];
  openRecording(uri: vscode.Uri): Promise<number>;
  /** The view's item for a kept exchange, as the user sees it (undefined once it fell off). */
  treeItem(id: number): vscode.TreeItem | undefined;
}

function entryOf(store: TrafficStore, arg: unknown): TrafficEntry | undefined {
  if (typeof arg === 'number') return store.get(arg);
  const node = arg as TrafficNode | undefined;
  return node && typeof node === 'object' && 'entry' in node ? node.entry : undefined;
}

async function asRequestFile(entry: TrafficEntry): Promise<vscode.TextDocument> {
  const { exchange } = entry;
  const text = loadRuntime().exchangeRequestText({
    method: exchange.method,
    path: exchange.path,
    headers: exchange.requestHeaders,
    ...(exchange.requestBody ? { body: exchange.requestBody } : {}),
    title: `${exchange.method} ${exchange.path} as ${entry.source} saw it at ${trafficTime(entry)} (card numbers and CSC masked: fill them in to send)`,
  });
  return vscode.workspace.openTextDocument({ language: REQUEST_LANGUAGE_ID, content: text });
}

export function registerTraffic(environments: EnvironmentService, memento: vscode.Memento, log: CommandLog): vscode.Disposable & { api: TrafficApi } {
  const store = new TrafficStore();
  const view = new TrafficView(store, memento);
  const treeView = vscode.window.createTreeView(TRAFFIC_VIEW_ID, { treeDataProvider: view });
  const need = (arg: unknown): TrafficEntry | undefined => {
    const entry = entryOf(store, arg);
    if (!entry) void vscode.window.showErrorMessage('Pick an exchange in the Traffic view first.');
    return entry;
  };
  const disposable = vscode.Disposable.from(
    store,
    environments.onLocalSandboxExchange((exchange) => store.addSandboxExchange(exchange, LOCAL_SANDBOX_NAME, environments.typedSecrets())),
    treeView,
    // Beside the view's title: that exchanges are left out, so an empty or short list is not misread.
    view.onDidChangeTreeData(() => {
      const hidden = view.hiddenCount();
      treeView.description = hidden === 0 ? undefined : `${hidden} of the Gateway view's own hidden`;
    }),
    registerCommand(TRAFFIC_COMMANDS.open, async (arg?: unknown) => {
      const entry = need(arg);
      if (!entry) return undefined;
      const doc = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(entry.exchange, null, 2) });
      await vscode.window.showTextDocument(doc, { preview: true });
      return doc;
    }, log),
    registerCommand(TRAFFIC_COMMANDS.openAsRequestFile, async (arg?: unknown) => {
      const entry = need(arg);
      if (!entry) return undefined;
      const doc = await asRequestFile(entry);
      await vscode.window.showTextDocument(doc, { preview: false });
      return doc;
    }, log),
    registerCommand(TRAFFIC_COMMANDS.replay, async (arg?: unknown) => {
      const entry = need(arg);
      if (!entry) return undefined;
      // Sent from a request file so the guard, the log and history apply as to any send.
      const doc = await asRequestFile(entry);
      await vscode.window.showTextDocument(doc, { preview: false });
      return vscode.commands.executeCommand(COMMANDS.sendRequestAt, doc.uri, 0);
    }, log),
    registerCommand(TRAFFIC_COMMANDS.generateCode, async (arg?: unknown, language?: string) => {
      const entry = need(arg);
      if (!entry) return undefined;
      const doc = await asRequestFile(entry);
      return vscode.commands.executeCommand(COMMANDS.generateCode, doc.uri, 0, language);
    }, log),
    registerCommand(TRAFFIC_COMMANDS.clear, () => store.clear(), log),
    registerCommand(TRAFFIC_COMMANDS.showViewListings, () => view.showViewListings(true), log),
    registerCommand(TRAFFIC_COMMANDS.hideViewListings, () => view.showViewListings(false), log),
    registerCommand(TRAFFIC_COMMANDS.openRecording, async (uri?: vscode.Uri) => {
      const target = uri ?? (await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'Proxy recordings': ['jsonl'] }, title: 'Open a gateway-workbench proxy recording' }))?.[0];
      if (!target) return undefined;
      const count = await store.openRecording(target);
      void vscode.window.showInformationMessage(`${count} exchange${count === 1 ? '' : 's'} from ${target.path.split('/').pop()}; new ones show as the proxy records them.`);
      return count;
    }, log),
  );
  return Object.assign(disposable, {
    api: {
      entries: () => store.list(),
      openRecording: (uri: vscode.Uri) => store.openRecording(uri),
      treeItem: (id: number) => {
        const entry = store.get(id);
        return entry ? view.getTreeItem({ kind: 'exchange', entry }) : undefined;
      },
    },
  });
}
