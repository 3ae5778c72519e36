// A resource the gateway cannot list (ACH token, merchant), remembered by the extension per
// environment: how each kind looks and which ids its operations receive is data.
import * as vscode from 'vscode';
import type { KnownResource, KnownResourceKind, OperationVars } from '../../contracts';
import { GatewayNode } from '../treeNode';

const KNOWN_RESOURCE_ITEMS: Record<KnownResourceKind, { icon: string; contextValue: string; vars(id: string): OperationVars }> = {
  'ach-token': { icon: 'lock', contextValue: 'gw.item.achToken', vars: (id) => ({ tokenId: id, 'token-id': id }) },
  merchant: { icon: 'person', contextValue: 'gw.item.merchant', vars: (id) => ({ merchantNumber: id }) },
};

export class KnownResourceNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly kind: KnownResourceKind, readonly resource: KnownResource) {
    super(parent, `${parent.id}/${resource.id}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const look = KNOWN_RESOURCE_ITEMS[this.kind];
    const item = new vscode.TreeItem(this.resource.label || this.resource.id, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.resource.label && this.resource.label !== this.resource.id ? this.resource.id : undefined;
    item.iconPath = new vscode.ThemeIcon(look.icon);
    item.contextValue = look.contextValue;
    return item;
  }

  protected override vars(): OperationVars {
    return KNOWN_RESOURCE_ITEMS[this.kind].vars(this.resource.id);
  }
}
