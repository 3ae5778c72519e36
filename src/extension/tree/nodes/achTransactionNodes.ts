// ACH transactions, newest first, with an icon per status: Pending waits for the next window,
// Settling is in flight, Settled and Returned are final (a return shows its R-code and reason).
import * as vscode from 'vscode';
import type { GroupInfo } from '../../../catalog/types';
import { operationCommandId, type OperationVars } from '../../contracts';
import { achTransactionContext, achTransactionDescription, achTransactionLabel } from '../itemLabels';
import { ITEM_VARS } from '../itemVars';
import { PagedListNode } from '../pagedListNode';
import { text, type GatewayRecord } from '../responseReading';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupTreeItem, recordTooltip } from './groupItem';

export const ACH_STATUS_ICONS: Readonly<Record<string, [icon: string, color?: string]>> = {
  Pending: ['clock'],
  Settling: ['sync', 'charts.blue'],
  Settled: ['pass', 'charts.green'],
  Returned: ['error', 'list.errorForeground'],
  Void: ['circle-slash'],
};

export class AchTransactionNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly record: GatewayRecord) {
    super(parent, `${parent.id}/${text(record, 'id')}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const tx = this.record;
    const item = new vscode.TreeItem(achTransactionLabel(tx), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = achTransactionDescription(tx);
    const [icon, color] = ACH_STATUS_ICONS[text(tx, 'status')] ?? ['question'];
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    item.contextValue = achTransactionContext(tx);
    // A click opens the transaction as the gateway has it now.
    item.command = {
      command: operationCommandId('achTransactions.get'),
      title: 'Open ACH transaction',
      arguments: [{ environmentName: this.environmentName, vars: { id: text(tx, 'id') } }],
    };
    item.tooltip = recordTooltip(`ACH transaction ${text(tx, 'id')}`, [
      ['status', text(tx, 'status')],
      ['created', text(tx, 'created')],
      ['SEC code', text(tx, 'standard-entry-class-code')],
      ['provider', text(tx, 'provider')],
      ['account', `${text(tx, 'account-type')} ···${text(tx, 'account-number').slice(-4)}`],
      ['trace number', text(tx, 'trace-number')],
      ['returned', `${text(tx, 'returned-code')} ${text(tx, 'returned-message')}`.trim()],
      ['invoice', text(tx, 'invoice')],
    ]);
    return item;
  }

  protected override vars(): OperationVars {
    return ITEM_VARS.achTransaction(this.record);
  }
}

export class AchTransactionsNode extends PagedListNode {
  constructor(parent: GatewayNode, group: GroupInfo, ctx: TreeContext) {
    super(parent, group, ctx, {
      recordsPath: ['payload', 'ach-transactions', 'ach-transaction'],
      emptyText: 'No ACH transactions yet: create one from this group’s menu',
      itemFor: (list, record) => new AchTransactionNode(list, record),
    });
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }
}
