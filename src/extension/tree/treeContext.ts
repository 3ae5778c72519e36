// What every tree node may use: the extension's services (through contracts only) and a way to
// tell the view that a node changed.
import type * as vscode from 'vscode';
import type { GatewayResult } from '../../core/answers/result';
import type { EnvironmentService, KnownResourceStore, OperationRunner } from '../contracts';
import type { GatewayNode } from './treeNode';

type TreeLog = Pick<vscode.LogOutputChannel, 'info' | 'warn' | 'error'>;

export interface TreeDeps {
  environments: EnvironmentService;
  knownResources: KnownResourceStore;
  runner: OperationRunner;
  log: TreeLog;
  /**
   * Actionable text for an error status. Defaults to core's `explainStatus` from the lazily
   * loaded runtime; tests that bundle the tree themselves pass core's function directly.
   */
  explainStatus?: (result: GatewayResult) => string | undefined;
}

export interface TreeContext extends Required<TreeDeps> {
  /** Asks the view to re-read `node`'s item and children (the roots when undefined). */
  changed(node: GatewayNode | undefined): void;
}
