// Merchant onboarding: the interface cannot list merchants, so the group shows those created
// or retrieved here (KnownResourceStore) and offers to create one or retrieve one by number.
import * as vscode from 'vscode';
import type { GroupInfo } from '../../../catalog/types';
import { COMMANDS, operationCommandId, type KnownResource, type OperationVars } from '../../contracts';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupTreeItem } from './groupItem';
import { ActionNode } from './messageNodes';

export class MerchantNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly resource: KnownResource) {
    super(parent, `${parent.id}/${resource.id}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.resource.label || this.resource.id, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.resource.label && this.resource.label !== this.resource.id ? this.resource.id : undefined;
    item.iconPath = new vscode.ThemeIcon('person');
    item.contextValue = 'gw.item.merchant';
    return item;
  }

  protected override vars(): OperationVars {
    return { merchantNumber: this.resource.id };
  }
}

export class MerchantsNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly group: GroupInfo, private readonly ctx: TreeContext) {
    super(parent, `${parent.id}/${group.id}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }

  override children(): GatewayNode[] {
    const environmentName = this.environmentName;
    return [
      ...this.ctx.knownResources.list(environmentName, 'merchant').map((r) => new MerchantNode(this, r)),
      new ActionNode(this, 'create', 'Create merchant…', 'add', {
        command: operationCommandId('merchants.create'),
        title: 'Create merchant',
        arguments: [{ environmentName }],
      }),
      new ActionNode(this, 'retrieve', 'Retrieve merchant by number…', 'search', {
        command: COMMANDS.retrieveMerchant,
        title: 'Retrieve merchant by number',
        arguments: [this],
      }),
    ];
  }
}
