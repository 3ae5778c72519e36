// Every item the tree draws from data (a listed record, a remembered id, a settings group, a
// statement month) is one RecordNode: its row in itemRows.ts says how it looks, what a click
// does, which ids its menu's operations receive and, for the few that have any, its children.
import * as vscode from 'vscode';
import type { OperationVars } from '../../contracts';
import { GatewayNode } from '../treeNode';

export interface ItemRow<T> {
  /** Unique among its siblings and stable across refreshes (the item's id ends with it). */
  key(data: T): string;
  label(data: T): string;
  /** `node` is the item itself (its environment's time frame shows its times). */
  description?(data: T, node: RecordNode<T>): string | undefined;
  icon(data: T): vscode.ThemeIcon;
  /** Matched by ITEM_ACTIONS (the item's menu). */
  contextValue(data: T): string;
  tooltip?(data: T, node: RecordNode<T>): string | vscode.MarkdownString | undefined;
  /** What a click runs; `node` is the item itself. */
  click?(data: T, node: RecordNode<T>): vscode.Command;
  /** The values the menu's operations receive. */
  vars?(data: T): OperationVars;
  /** Children, for the rows that have any (shown collapsed). */
  children?(data: T, node: RecordNode<T>): GatewayNode[];
}

export class RecordNode<T> extends GatewayNode {
  constructor(parent: GatewayNode, readonly row: ItemRow<T>, readonly data: T) {
    super(parent, `${parent.id}/${row.key(data)}`, parent.environmentName);
  }

  treeItem(): vscode.TreeItem {
    const { row, data } = this;
    const item = new vscode.TreeItem(row.label(data), row.children ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = row.description?.(data, this);
    item.iconPath = row.icon(data);
    item.contextValue = row.contextValue(data);
    const tooltip = row.tooltip?.(data, this);
    if (tooltip !== undefined) item.tooltip = tooltip;
    const click = row.click?.(data, this);
    if (click) item.command = click;
    return item;
  }

  override children(): GatewayNode[] {
    return this.row.children?.(this.data, this) ?? [];
  }

  protected override vars(): OperationVars {
    return this.row.vars?.(this.data) ?? {};
  }
}

/** A node for `data` drawn by `row`. */
export const recordNode = <T>(parent: GatewayNode, row: ItemRow<T>, data: T): RecordNode<T> => new RecordNode(parent, row, data);
