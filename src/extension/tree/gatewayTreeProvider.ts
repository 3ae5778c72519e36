// The Gateway tree's data provider: environments at the root, their groups below, each group
// loaded when first expanded. Refreshes when environments or remembered resources change, and
// an environment's loaded groups after an operation that may change them was sent there.
import * as vscode from 'vscode';
import { operationById } from '../../catalog';
import { loadRuntime } from '../lazy/runtime';
import type { TreeContext, TreeDeps } from './treeContext';
import { EnvironmentNode } from './nodes/environmentNode';
import { FixedGroupNode } from './nodes/groupRows';
import type { GatewayNode } from './treeNode';
import { LOCAL_SANDBOX_NAME, SANDBOX_FAILED_CONTEXT } from '../contracts';

export class GatewayTreeProvider implements vscode.TreeDataProvider<GatewayNode>, vscode.Disposable {
  private readonly changeEmitter = new vscode.EventEmitter<GatewayNode | undefined>();
  readonly onDidChangeTreeData = this.changeEmitter.event;
  private roots?: EnvironmentNode[];
  private readonly subscriptions: vscode.Disposable[];
  readonly ctx: TreeContext;

  constructor(deps: TreeDeps) {
    const ctx: TreeContext = {
      ...deps,
      explainStatus: deps.explainStatus ?? ((result) => loadRuntime().explainStatus(result)),
      changed: (node) => this.changed(node),
    };
    this.ctx = ctx;
    this.subscriptions = [
      this.changeEmitter,
      ctx.environments.onDidChange(() => this.refreshAll()),
      ctx.knownResources.onDidChange(() => this.refreshKnownResources()),
      ctx.runner.onDidSend((e) => this.refreshAfterSend(e.environmentName, e.operationId)),
    ];
  }

  getTreeItem(node: GatewayNode): vscode.TreeItem {
    return node.treeItem();
  }

  getChildren(node?: GatewayNode): vscode.ProviderResult<GatewayNode[]> {
    if (node) return node.children();
    this.roots ??= this.buildRoots();
    return this.roots;
  }

  getParent(node: GatewayNode): GatewayNode | undefined {
    return node.parent;
  }

  /** Re-reads one node (its item and, on next expand, its children), or everything. */
  refresh(node?: GatewayNode): void {
    if (!node) return this.refreshAll();
    node.invalidate();
    this.changeEmitter.fire(node);
  }

  /** Drops every loaded list and rebuilds the roots from the environment list. */
  refreshAll(): void {
    this.roots = undefined;
    this.changeEmitter.fire(undefined);
  }

  /** Tells the view a node changed without dropping what it loaded (e.g. "Load more"). */
  changed(node: GatewayNode | undefined): void {
    this.changeEmitter.fire(node);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  /**
   * Tries the Local sandbox again after a failed start (the welcome content's "Try Again" and
   * the Refresh button), then rebuilds the tree.
   */
  async retryAndRefresh(): Promise<void> {
    if (this.ctx.environments.localSandboxFailure?.()) {
      // Asked for, so answered: a start that fails again says why (the reason may have changed).
      await this.ctx.environments.ready(LOCAL_SANDBOX_NAME).catch((err: unknown) => {
        void vscode.window.showErrorMessage(`The Local sandbox could not start: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
    this.refreshAll();
  }

  // The view's welcome content shows only when the tree is empty, and the Local sandbox is
  // always listed: so a Local sandbox that could not start (an unreadable data file, say) and
  // no environment of the user's own leave the tree empty on purpose. A row whose every group
  // fails would say less than the welcome, which offers Try Again, Show Log and Add Environment
  // (the failure's notification says why; a view message would hide the welcome). With
  // environments of their own, those rows stay.
  private buildRoots(): EnvironmentNode[] {
    const { environments } = this.ctx;
    const activeName = environments.active().name;
    const failure = environments.localSandboxFailure?.();
    const entries = environments.list();
    const nothingWorks = failure !== undefined && entries.every((e) => e.kind === 'local');
    void vscode.commands.executeCommand('setContext', SANDBOX_FAILED_CONTEXT, nothingWorks);
    if (nothingWorks) return [];
    return entries.map((entry) => new EnvironmentNode(entry, entry.name === activeName, this.ctx));
  }

  // A sale, a void, a token update…: the lists and the open batch shown for that environment
  // are stale. Reads change nothing (and reloading would drop "Load more" pages), so they don't
  // refresh; neither does a request that matches no operation and so cannot be judged.
  private refreshAfterSend(environmentName: string, operationId: string | undefined): void {
    const operation = operationId ? operationById(operationId) : undefined;
    if (!operation || operation.safety === 'read') return;
    const root = this.roots?.find((r) => r.environmentName === environmentName);
    for (const group of root?.shownGroups() ?? []) this.refresh(group);
  }

  // ACH tokens and merchants list what the extension remembers; nothing else needs reloading.
  private refreshKnownResources(): void {
    for (const root of this.roots ?? []) {
      for (const group of root.shownGroups()) {
        if (group instanceof FixedGroupNode && group.remembers) this.changeEmitter.fire(group);
      }
    }
  }
}
