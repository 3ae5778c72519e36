// The Traffic view's tree: one item per exchange, newest first — method and path; status,
// operation, time and where it was seen beside it — with what the request-file checks found in
// the request as children, each naming the line of the request file it opens as.
import * as vscode from 'vscode';
import type { TrafficFinding } from '../../core/traffic/exchange';
import { displayTimeIn } from '../environments/environmentTimeZone';
import { SHOWS_VIEW_LISTINGS_CONTEXT, TRAFFIC_COMMANDS } from './ids';
import { LOCAL_SANDBOX_NAME } from '../contracts';
import type { TrafficEntry, TrafficStore } from './trafficStore';
import { commandFor } from '../commands/commandRunner';

export type TrafficNode = { kind: 'exchange'; entry: TrafficEntry } | { kind: 'finding'; entry: TrafficEntry; finding: TrafficFinding };

/** Where the choice to show the Gateway view's own listings is kept (the extension's global state). */
const SHOWS_VIEW_LISTINGS_KEY = 'traffic.showsViewListings';

const SEVERITY_ICON: Readonly<Record<TrafficFinding['severity'], string>> = { error: 'error', warning: 'warning', information: 'info' };

function iconOf(entry: TrafficEntry): vscode.ThemeIcon {
  const { exchange } = entry;
  const worst = exchange.findings.find((f) => f.severity === 'error') ?? exchange.findings.find((f) => f.severity === 'warning');
  if (worst) return new vscode.ThemeIcon(SEVERITY_ICON[worst.severity]);
  if (exchange.status === undefined || exchange.status >= 500) return new vscode.ThemeIcon('debug-disconnect');
  return new vscode.ThemeIcon(exchange.status >= 400 ? 'circle-slash' : 'pass');
}

/**
 * When an exchange was seen, by the one display rule (core/time): the Local sandbox's in its zone,
 * a recording's (whose environment the file does not say) in UTC; to the second, as exchanges
 * come many a minute.
 */
export function trafficTime(entry: TrafficEntry): string {
  return displayTimeIn(entry.source, new Date(entry.exchange.at), { seconds: true });
}

export class TrafficView implements vscode.TreeDataProvider<TrafficNode> {
  private readonly changed = new vscode.EventEmitter<TrafficNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  /**
   * Whether the Gateway view's own listings (expanding a group, refreshing, paging) show: they are
   * the extension browsing, not the user's traffic, and a few of them follow every send.
   */
  private showsViewListings: boolean;

  constructor(private readonly store: TrafficStore, private readonly memento: vscode.Memento) {
    this.showsViewListings = memento.get<boolean>(SHOWS_VIEW_LISTINGS_KEY, false);
    void vscode.commands.executeCommand('setContext', SHOWS_VIEW_LISTINGS_CONTEXT, this.showsViewListings);
    store.onDidChange(() => this.changed.fire(undefined));
  }

  async showViewListings(shown: boolean): Promise<void> {
    this.showsViewListings = shown;
    await this.memento.update(SHOWS_VIEW_LISTINGS_KEY, shown);
    await vscode.commands.executeCommand('setContext', SHOWS_VIEW_LISTINGS_CONTEXT, shown);
    this.changed.fire(undefined);
  }

  /** How many kept exchanges the view leaves out (the Gateway view's own listings, unless shown). */
  hiddenCount(): number {
    if (this.showsViewListings) return 0;
    let hidden = 0;
    for (const entry of this.store.list()) if (entry.sender.workbench === 'view') hidden++;
    return hidden;
  }

  getChildren(node?: TrafficNode): TrafficNode[] {
    if (!node) {
      const entries = this.store.list();
      const shown = this.showsViewListings ? entries : entries.filter((entry) => entry.sender.workbench !== 'view');
      return shown.map((entry) => ({ kind: 'exchange', entry }));
    }
    if (node.kind === 'exchange') return node.entry.exchange.findings.map((finding) => ({ kind: 'finding', entry: node.entry, finding }));
    return [];
  }

  getTreeItem(node: TrafficNode): vscode.TreeItem {
    const { exchange } = node.entry;
    if (node.kind === 'finding') {
      const item = new vscode.TreeItem(node.finding.message, vscode.TreeItemCollapsibleState.None);
      item.iconPath = new vscode.ThemeIcon(SEVERITY_ICON[node.finding.severity]);
      item.description = `line ${node.finding.line} · ${node.finding.code}`;
      item.contextValue = 'gw.traffic.finding';
      item.command = commandFor(TRAFFIC_COMMANDS.openAsRequestFile, node.entry.id);
      return item;
    }
    const item = new vscode.TreeItem(`${exchange.method} ${exchange.path}`, exchange.findings.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    item.id = `traffic-${node.entry.id}`;
    item.iconPath = iconOf(node.entry);
    // Who sent it right after the status, where a narrow side bar still shows it; where it was
    // seen last: the Local sandbox sees every client, a recording one.
    const seenIn = node.entry.source === LOCAL_SANDBOX_NAME ? [] : [node.entry.source];
    item.description = [exchange.status ?? 'no answer', node.entry.sender.label, exchange.operationId ?? 'no operation', `${exchange.timeMs} ms`, trafficTime(node.entry), ...seenIn].join(' · ');
    item.tooltip = `${exchange.method} ${exchange.path} → ${exchange.status ?? exchange.error ?? 'no answer'}, sent by ${node.entry.sender.label}${exchange.findings.length ? `\n${exchange.findings.map((f) => `${f.severity}: ${f.message}`).join('\n')}` : ''}`;
    item.contextValue = 'gw.traffic.exchange';
    item.command = commandFor(TRAFFIC_COMMANDS.open, node.entry.id);
    return item;
  }
}
