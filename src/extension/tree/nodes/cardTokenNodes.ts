// Card tokens from the vault, most recently updated first: brand, last four, expiry and the
// token's description. "Sale" on a token fills the sale's card with the token id.
import * as vscode from 'vscode';
import type { GroupInfo } from '../../../catalog/types';
import { operationCommandId, type OperationVars } from '../../contracts';
import { cardTokenLabel } from '../itemLabels';
import { ITEM_VARS } from '../itemVars';
import { PagedListNode } from '../pagedListNode';
import { text, type GatewayRecord } from '../responseReading';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupTreeItem, recordTooltip } from './groupItem';

export class CardTokenNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly record: GatewayRecord) {
    super(parent, `${parent.id}/${text(record, 'token-id')}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const token = this.record;
    const item = new vscode.TreeItem(cardTokenLabel(token), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = text(token, 'status') === 'Active' ? undefined : text(token, 'status');
    item.iconPath = new vscode.ThemeIcon('key');
    item.contextValue = 'gw.item.cardToken';
    item.command = {
      command: operationCommandId('tokens.get'),
      title: 'Open card token',
      arguments: [{ environmentName: this.environmentName, vars: { tokenId: text(token, 'token-id') } }],
    };
    item.tooltip = recordTooltip(`Card token ${text(token, 'token-id')}`, [
      ['status', `${text(token, 'status')} ${text(token, 'token-status')}`.trim()],
      ['updated', text(token, 'updated')],
      ['times used', text(token, 'times-used')],
      ['default', text(token, 'default')],
    ]);
    return item;
  }

  protected override vars(): OperationVars {
    return ITEM_VARS.cardToken(this.record);
  }
}

export class CardTokensNode extends PagedListNode {
  constructor(parent: GatewayNode, group: GroupInfo, ctx: TreeContext) {
    super(parent, group, ctx, {
      recordsPath: ['payload', 'tokens', 'token'],
      emptyText: 'No card tokens yet: create one from this group’s menu',
      itemFor: (list, record) => new CardTokenNode(list, record),
    });
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }
}
