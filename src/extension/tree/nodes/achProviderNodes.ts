// ACH providers and the SEC codes each one takes; a SEC code item looks its provider up.
import * as vscode from 'vscode';
import type { GroupInfo } from '../../../catalog/types';
import type { OperationVars } from '../../contracts';
import { fetchList } from '../listLoading';
import { LoadingNode } from '../loadingNode';
import { recordsAt, text, textsAt, type GatewayRecord } from '../responseReading';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupTreeItem } from './groupItem';

export class AchSecCodeNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly secCode: string) {
    super(parent, `${parent.id}/${secCode}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.secCode, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('symbol-constant');
    item.contextValue = 'gw.item.achProvider.secCode';
    return item;
  }

  protected override vars(): OperationVars {
    return { secCode: this.secCode, 'sec-code': this.secCode };
  }
}

export class AchProviderNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly record: GatewayRecord) {
    super(parent, `${parent.id}/${text(record, 'account-id') || text(record, 'name')}`, parent.environmentName);
  }

  private secCodes(): string[] {
    return textsAt(this.record, ['sec-codes', 'sec-code']);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(text(this.record, 'name'), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    const alpha = text(this.record, 'is-alpha') === 'true' ? 'alpha' : '';
    item.description = [this.secCodes().join(', '), alpha, text(this.record, 'status')].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('organization');
    item.contextValue = 'gw.item.achProvider';
    return item;
  }

  override children(): GatewayNode[] {
    return this.secCodes().map((code) => new AchSecCodeNode(this, code));
  }
}

export class AchProvidersNode extends LoadingNode {
  constructor(parent: GatewayNode, readonly group: GroupInfo, ctx: TreeContext) {
    super(parent, `${parent.id}/${group.id}`, parent.environmentName, ctx);
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }

  protected emptyText(): string {
    return 'No ACH providers are configured for this merchant';
  }

  protected async load(): Promise<GatewayNode[]> {
    const result = await fetchList(this.ctx, this.environmentName, 'achProviders.list');
    return recordsAt(result.parsed, ['payload', 'ach-providers', 'ach-provider']).map((r) => new AchProviderNode(this, r));
  }
}
