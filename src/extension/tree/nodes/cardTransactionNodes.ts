// Card transactions: the newest first, one item per transaction with its type, amount, brand
// and last four; refund, void, capture and tip come from its menu (itemActions.ts).
import * as vscode from 'vscode';
import type { GroupInfo } from '../../../catalog/types';
import { operationCommandId, type OperationVars } from '../../contracts';
import { capturedAuthId, cardTransactionContext, cardTransactionDescription, cardTransactionLabel } from '../itemLabels';
import { ITEM_VARS } from '../itemVars';
import { PagedListNode } from '../pagedListNode';
import { text, type GatewayRecord } from '../responseReading';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupTreeItem, recordTooltip } from './groupItem';

const ICON_BY_TYPE: Readonly<Record<string, [icon: string, color?: string]>> = {
  SALE: ['pass', 'charts.green'],
  'FORCED SALE': ['pass', 'charts.green'],
  CAPTURE: ['pass', 'charts.green'],
  AUTH: ['lock', 'charts.blue'],
  REFUND: ['reply', 'charts.orange'],
  VOID: ['circle-slash'],
};

function iconFor(tx: GatewayRecord): vscode.ThemeIcon {
  if (text(tx, 'result') === 'DECLINED') return new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
  if (text(tx, 'voided') === 'true') return new vscode.ThemeIcon('circle-slash');
  const [icon, color] = ICON_BY_TYPE[text(tx, 'type')] ?? ['credit-card'];
  return new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
}

export class CardTransactionNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly record: GatewayRecord, private readonly captured = false) {
    super(parent, `${parent.id}/${text(record, 'id')}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const tx = this.record;
    const item = new vscode.TreeItem(cardTransactionLabel(tx), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = cardTransactionDescription(tx, this.captured);
    item.iconPath = iconFor(tx);
    item.contextValue = cardTransactionContext(tx, this.captured);
    // A click opens the transaction as the gateway has it now (a search by its id).
    item.command = {
      command: operationCommandId('transactions.search'),
      title: 'Open transaction',
      arguments: [{ environmentName: this.environmentName, vars: { id: text(tx, 'id') } }],
    };
    item.tooltip = recordTooltip(`Transaction ${text(tx, 'id')}`, [
      ['result', `${text(tx, 'result')} ${text(tx, 'result-code')} ${text(tx, 'display-message')}`.trim()],
      ['created', text(tx, 'created')],
      ['card', `${text(tx, 'card-type')} ${text(tx, 'card')}`.trim()],
      ['invoice', text(tx, 'invoice')],
      ['authorization code', text(tx, 'authorization-code')],
      ['batch', text(tx, 'batch-string-id')],
    ]);
    return item;
  }

  protected override vars(): OperationVars {
    return ITEM_VARS.cardTransaction(this.record);
  }
}

export class CardTransactionsNode extends PagedListNode {
  /** AUTHs whose capture the loaded pages show (newest first: a capture comes before its AUTH). */
  private readonly capturedAuths = new Set<string>();

  constructor(parent: GatewayNode, group: GroupInfo, ctx: TreeContext) {
    super(parent, group, ctx, {
      recordsPath: ['payload', 'transactions', 'transaction'],
      emptyText: 'No card transactions yet: run a sale from this group’s menu',
      itemFor: (list, record) => {
        const captures = capturedAuthId(record);
        if (captures) this.capturedAuths.add(captures);
        return new CardTransactionNode(list, record, text(record, 'type') === 'AUTH' && this.capturedAuths.has(text(record, 'id')));
      },
    });
  }

  protected override load(): Promise<GatewayNode[]> {
    this.capturedAuths.clear();
    return super.load();
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }
}
