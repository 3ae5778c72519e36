// Leaf items that are not gateway records: a load failure with its retry, an empty-list note,
// "Load more…", and action items that run a command (e.g. "Create merchant…").
import * as vscode from 'vscode';
import { COMMANDS } from '../../contracts';
import { GatewayNode } from '../treeNode';
import { commandFor } from '../../commands/commandRunner';

export class ErrorNode extends GatewayNode {
  constructor(
    parent: GatewayNode,
    readonly reason: string,
    /** What "Retry" does: reload the parent, or repeat the failed "load more". */
    readonly retry: () => void | Promise<void>,
    key = 'error',
  ) {
    super(parent, `${parent.id}/${key}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.reason, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'));
    item.tooltip = new vscode.MarkdownString().appendText(this.reason).appendMarkdown('\n\n*Click to retry.*');
    item.contextValue = 'gw.error';
    item.command = commandFor(COMMANDS.retryNode, this);
    return item;
  }
}

export class MessageNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly message: string, private readonly icon = 'info') {
    super(parent, `${parent.id}/message`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    // "No card transactions yet: run a sale from …" — the short fact as the label, the hint as
    // the description and the tooltip, so a narrow side bar still reads what matters.
    const colon = this.message.indexOf(': ');
    const label = colon > 0 ? this.message.slice(0, colon) : this.message;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    if (colon > 0) item.description = this.message.slice(colon + 2);
    item.tooltip = this.message;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = 'gw.info';
    return item;
  }
}

export interface Pageable {
  readonly id: string;
  /** Appends `page`; joins a load already in flight (a double click loads once). */
  loadMore(page: number): Promise<void>;
}

export class LoadMoreNode extends GatewayNode {
  constructor(readonly list: GatewayNode & Pageable, readonly nextPage: number) {
    super(list, `${list.id}/more`, list.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Load more…', vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('more');
    item.description = `page ${this.nextPage}`;
    item.contextValue = 'gw.loadMore';
    item.command = commandFor(COMMANDS.loadMore, this);
    return item;
  }
}

/** An item whose click runs a command, e.g. "Get ACH token by id…". */
export class ActionNode extends GatewayNode {
  constructor(
    parent: GatewayNode,
    key: string,
    readonly label: string,
    private readonly icon: string,
    private readonly command: vscode.Command,
  ) {
    super(parent, `${parent.id}/action/${key}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = 'gw.action';
    item.command = this.command;
    return item;
  }
}
