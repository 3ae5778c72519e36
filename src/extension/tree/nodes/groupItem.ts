// How a group node looks: the catalog's title, an icon per group, and `gw.group.<id>` so that
// its create operations appear in its menu.
import * as vscode from 'vscode';
import type { GroupId, GroupInfo } from '../../../catalog/types';
import type { GatewayNode } from '../treeNode';

const GROUP_ICONS: Readonly<Record<GroupId, string>> = {
  'card-transactions': 'credit-card',
  'card-tokens': 'key',
  customers: 'account',
  'ach-providers': 'organization',
  'ach-transactions': 'arrow-swap',
  'ach-tokens': 'lock',
  settings: 'settings-gear',
  batches: 'package',
  documents: 'files',
  onboarding: 'person-add',
  mobile: 'device-mobile',
};

export function groupTreeItem(node: GatewayNode, group: GroupInfo): vscode.TreeItem {
  const item = new vscode.TreeItem(group.title, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = node.id;
  item.iconPath = new vscode.ThemeIcon(GROUP_ICONS[group.id]);
  item.contextValue = `gw.group.${group.id}`;
  return item;
}

/** A markdown tooltip listing a record's fields (already masked by the gateway). */
export function recordTooltip(title: string, fields: ReadonlyArray<[string, string]>): vscode.MarkdownString {
  const tip = new vscode.MarkdownString(`**${title}**\n\n`);
  for (const [name, value] of fields) if (value) tip.appendMarkdown(`- ${name}: `).appendText(value).appendMarkdown('\n');
  return tip;
}
