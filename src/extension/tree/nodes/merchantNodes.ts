// Merchant onboarding: the interface cannot list merchants, so the group shows those created
// or retrieved here (KnownResourceStore) and offers to create one or retrieve one by number.
import * as vscode from 'vscode';
import type { GroupInfo } from '../../../catalog/types';
import { COMMANDS, operationCommandId } from '../../contracts';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupTreeItem } from './groupItem';
import { KnownResourceNode } from './knownResourceNode';
import { ActionNode } from './messageNodes';

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
      ...this.ctx.knownResources.list(environmentName, 'merchant').map((r) => new KnownResourceNode(this, 'merchant', r)),
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
