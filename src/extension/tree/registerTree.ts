// The Gateway tree's entry point: the data provider, its view and its commands.
import * as vscode from 'vscode';
import { TREE_VIEW_ID } from '../contracts';
import { GatewayTreeProvider } from './gatewayTreeProvider';
import type { TreeDeps } from './treeContext';
import { registerTreeCommands } from './treeCommands';
import type { GatewayNode } from './treeNode';

export { GatewayTreeProvider } from './gatewayTreeProvider';
export type { TreeDeps } from './treeContext';

export function registerTree(context: vscode.ExtensionContext, deps: TreeDeps): { provider: GatewayTreeProvider; view: vscode.TreeView<GatewayNode>; dispose(): void } {
  const provider = new GatewayTreeProvider(deps);
  const view = vscode.window.createTreeView(TREE_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  const disposables = [provider, view, ...registerTreeCommands(provider)];
  const registration = { provider, view, dispose: () => { for (const d of disposables) d.dispose(); } };
  context.subscriptions.push(registration);
  return registration;
}
