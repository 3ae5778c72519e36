// The tree's element type: each node renders its own TreeItem and, when it has any, loads its
// own children. Nodes carry their environment and ids so that operation commands run from a
// node's menu get them (HasOperationArgs).
import type * as vscode from 'vscode';
import { UNKNOWN_ENVIRONMENT_TIME_ZONE, type TimeFrame } from '../../core/time/displayTime';
import type { HasOperationArgs, OperationArgs, OperationVars } from '../contracts';

export abstract class GatewayNode implements HasOperationArgs {
  constructor(
    readonly parent: GatewayNode | undefined,
    /** Unique and stable across refreshes, so VS Code keeps expansion state. */
    readonly id: string,
    readonly environmentName: string,
  ) {}

  abstract treeItem(): vscode.TreeItem;

  children(): GatewayNode[] | Promise<GatewayNode[]> {
    return [];
  }

  /** Forgets loaded children so that the next expand (or refresh) loads them again. */
  invalidate(): void {}

  /** Where and when this node's times are read: its environment's (EnvironmentNode says). */
  timeFrame(): TimeFrame {
    return this.parent?.timeFrame() ?? { timeZone: UNKNOWN_ENVIRONMENT_TIME_ZONE, now: new Date() };
  }

  operationArgs(): OperationArgs {
    return { environmentName: this.environmentName, vars: this.vars() };
  }

  protected vars(): OperationVars {
    return {};
  }
}
