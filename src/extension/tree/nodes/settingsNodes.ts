// Gateway settings: one item per settings group derived from the catalog. A click opens the
// group's current settings (its GET through the runner, shown as a result editor); the menu
// offers its writes. Expanding the group sends nothing.
import * as vscode from 'vscode';
import type { GroupInfo } from '../../../catalog/types';
import { COMMANDS } from '../../contracts';
import { settingsGroups, type SettingsGroup } from '../settingsGroups';
import { GatewayNode } from '../treeNode';
import { groupTreeItem } from './groupItem';
import { commandFor } from '../../commands';

export class SettingsGroupNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly settings: SettingsGroup) {
    super(parent, `${parent.id}/${settings.key}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.settings.title, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.settings.path.replace(/^\/rest\/v2\/settings\//, '');
    item.iconPath = new vscode.ThemeIcon('settings');
    item.contextValue = `gw.item.settings.${this.settings.key}`;
    item.tooltip = `${this.settings.read.method} ${this.settings.path}: click to open the current settings`;
    item.command = commandFor(COMMANDS.openSettingsGroup, this);
    return item;
  }
}

export class SettingsNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly group: GroupInfo) {
    super(parent, `${parent.id}/${group.id}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }

  override children(): GatewayNode[] {
    return settingsGroups.map((settings) => new SettingsGroupNode(this, settings));
  }
}
