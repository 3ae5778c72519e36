// ACH tokens: the interface cannot search them, so the group lists the ids the extension
// created or retrieved in this environment (KnownResourceStore), plus "Get ACH token by id…".
import * as vscode from 'vscode';
import { type GroupInfo } from '../../../catalog/types';
import { operationCommandId } from '../../contracts';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupTreeItem } from './groupItem';
import { KnownResourceNode } from './knownResourceNode';
import { ActionNode } from './messageNodes';

export class AchTokensNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly group: GroupInfo, private readonly ctx: TreeContext) {
    super(parent, `${parent.id}/${group.id}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }

  override children(): GatewayNode[] {
    const known = this.ctx.knownResources.list(this.environmentName, 'ach-token').map((r) => new KnownResourceNode(this, 'ach-token', r));
    const getById = new ActionNode(this, 'get', 'Get ACH token by id…', 'search', {
      command: operationCommandId('achTokens.get'),
      title: 'Get ACH token by id',
      arguments: [{ environmentName: this.environmentName }],
    });
    return [...known, getById];
  }
}
