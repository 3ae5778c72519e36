// ACH tokens: the interface cannot search them, so the group lists the ids the extension
// created or retrieved in this environment (KnownResourceStore), plus "Get ACH token by id…".
import * as vscode from 'vscode';
import { type GroupInfo } from '../../../catalog/types';
import { operationCommandId, type KnownResource, type OperationVars } from '../../contracts';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupTreeItem } from './groupItem';
import { ActionNode } from './messageNodes';

export class AchTokenNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly resource: KnownResource) {
    super(parent, `${parent.id}/${resource.id}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.resource.label || this.resource.id, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.resource.label && this.resource.label !== this.resource.id ? this.resource.id : undefined;
    item.iconPath = new vscode.ThemeIcon('lock');
    item.contextValue = 'gw.item.achToken';
    return item;
  }

  protected override vars(): OperationVars {
    return { tokenId: this.resource.id, 'token-id': this.resource.id };
  }
}

export class AchTokensNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly group: GroupInfo, private readonly ctx: TreeContext) {
    super(parent, `${parent.id}/${group.id}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }

  override children(): GatewayNode[] {
    const known = this.ctx.knownResources.list(this.environmentName, 'ach-token').map((r) => new AchTokenNode(this, r));
    const getById = new ActionNode(this, 'get', 'Get ACH token by id…', 'search', {
      command: operationCommandId('achTokens.get'),
      title: 'Get ACH token by id',
      arguments: [{ environmentName: this.environmentName }],
    });
    return [...known, getById];
  }
}
