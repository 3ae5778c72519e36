// One root per environment, with the catalog's nine groups under it. Each group kind has its
// node class; the table below is the only place that pairs them.
import * as vscode from 'vscode';
import { groups } from '../../../catalog';
import type { GroupId, GroupInfo } from '../../../catalog/types';
import type { EnvironmentEntry } from '../../contracts';
import { formatSandboxClock, formatSandboxTime, LOCAL_SANDBOX_TIME_ZONE } from '../../environments/sandboxClock';
import { environmentContext } from '../itemLabels';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { AchProvidersNode } from './achProviderNodes';
import { AchTokensNode } from './achTokenNodes';
import { AchTransactionsNode } from './achTransactionNodes';
import { BatchesNode } from './batchNodes';
import { CardTokensNode } from './cardTokenNodes';
import { CardTransactionsNode } from './cardTransactionNodes';
import { DocumentsNode } from './documentNodes';
import { MerchantsNode } from './merchantNodes';
import { SettingsNode } from './settingsNodes';

type GroupNodeFactory = (env: EnvironmentNode, group: GroupInfo, ctx: TreeContext) => GatewayNode;

const GROUP_NODES: Readonly<Record<GroupId, GroupNodeFactory>> = {
  'card-transactions': (env, group, ctx) => new CardTransactionsNode(env, group, ctx),
  'card-tokens': (env, group, ctx) => new CardTokensNode(env, group, ctx),
  'ach-providers': (env, group, ctx) => new AchProvidersNode(env, group, ctx),
  'ach-transactions': (env, group, ctx) => new AchTransactionsNode(env, group, ctx),
  'ach-tokens': (env, group, ctx) => new AchTokensNode(env, group, ctx),
  settings: (env, group) => new SettingsNode(env, group),
  batches: (env, group, ctx) => new BatchesNode(env, group, ctx),
  documents: (env, group, ctx) => new DocumentsNode(env, group, ctx),
  onboarding: (env, group, ctx) => new MerchantsNode(env, group, ctx),
};

export class EnvironmentNode extends GatewayNode {
  private groupNodes?: GatewayNode[];

  constructor(
    readonly entry: EnvironmentEntry,
    private readonly active: boolean,
    private readonly ctx: TreeContext,
  ) {
    super(undefined, `env/${entry.name}`, entry.name);
  }

  treeItem(): vscode.TreeItem {
    const { entry } = this;
    const item = new vscode.TreeItem(entry.name, this.active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    const kind = this.ctx.environments.kindLabel(entry.kind);
    // The Local sandbox's clock in its own zone: ACH moves on at its 3 PM and 6 PM, not the host's.
    const sandboxTime = entry.kind === 'local' ? this.ctx.environments.localSandboxTime() : undefined;
    item.description = [
      this.active ? 'active' : '', entry.kind === 'production' ? kind : '', entry.readOnly ? 'read-only' : '',
      sandboxTime ? formatSandboxClock(sandboxTime) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath =
      entry.kind === 'production'
        ? new vscode.ThemeIcon(this.active ? 'check' : 'warning', new vscode.ThemeColor('list.warningForeground'))
        : new vscode.ThemeIcon(this.active ? 'check' : 'server-environment');
    item.tooltip = new vscode.MarkdownString(`**${entry.name}** (${kind})${this.active ? ' — active' : ''}\n\n`)
      .appendMarkdown('- gateway: ')
      .appendText(entry.gatewayUrl)
      .appendMarkdown('\n- boarding: ')
      .appendText(entry.boardingUrl);
    if (sandboxTime) {
      item.tooltip.appendMarkdown(`\n- sandbox time: ${formatSandboxTime(sandboxTime)} (${LOCAL_SANDBOX_TIME_ZONE}); ACH moves on at 3 PM and 6 PM there`);
    }
    item.contextValue = environmentContext(entry);
    return item;
  }

  override children(): GatewayNode[] {
    this.groupNodes ??= groups.map((group) => GROUP_NODES[group.id](this, group, this.ctx));
    return this.groupNodes;
  }

  /** The group nodes built so far (none until the environment was first expanded). */
  shownGroups(): readonly GatewayNode[] {
    return this.groupNodes ?? [];
  }

  override invalidate(): void {
    for (const group of this.groupNodes ?? []) group.invalidate();
  }
}
