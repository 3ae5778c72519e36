// Batches: the open batch, its counts and totals in the description; close it from its menu.
import * as vscode from 'vscode';
import type { GroupInfo } from '../../../catalog/types';
import { batchDescription } from '../itemLabels';
import { fetchList } from '../listLoading';
import { LoadingNode } from '../loadingNode';
import { recordAt, text, type GatewayRecord } from '../responseReading';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupTreeItem, recordTooltip } from './groupItem';

export class OpenBatchNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly record: GatewayRecord) {
    super(parent, `${parent.id}/open`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const batch = this.record;
    const item = new vscode.TreeItem(`Open batch ${text(batch, 'id')}`.trim(), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = batchDescription(batch);
    item.iconPath = new vscode.ThemeIcon('package');
    item.contextValue = 'gw.item.batch.open';
    item.tooltip = recordTooltip(`Open batch ${text(batch, 'id')}`, [
      ['opened', text(batch, 'date-opened')],
      ['terminal', `${text(batch, 'terminal-name')} ${text(batch, 'terminal-id')}`.trim()],
      ['transactions', text(batch, 'total-count')],
    ]);
    return item;
  }
}

export class BatchesNode extends LoadingNode {
  constructor(parent: GatewayNode, readonly group: GroupInfo, ctx: TreeContext) {
    super(parent, `${parent.id}/${group.id}`, parent.environmentName, ctx);
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }

  protected emptyText(): string {
    return 'No open batch';
  }

  protected async load(): Promise<GatewayNode[]> {
    const result = await fetchList(this.ctx, this.environmentName, 'batches.getOpen');
    // Batches answer XML (`<object><batch>`); a JSON answer would carry it under `payload`.
    const batch = recordAt(result.parsed, ['object', 'batch']) ?? recordAt(result.parsed, ['payload', 'batch']);
    return batch ? [new OpenBatchNode(this, batch)] : [];
  }
}
