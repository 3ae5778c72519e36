// One root per environment, with the catalog's nine groups under it (each group's row in
// groupRows.ts says what it lists).
import * as vscode from 'vscode';
import { groups } from '../../../catalog';
import { COMMANDS, type EnvironmentEntry } from '../../contracts';
import type { TimeFrame } from '../../../core/time/displayTime';
import { environmentTimeFrame } from '../../environments/environmentTimeZone';
import { formatSandboxClock, formatSandboxTime, LOCAL_SANDBOX_TIME_ZONE } from '../../environments/sandboxClock';
import { environmentContext } from '../itemLabels';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { groupNode } from './groupRows';

export class EnvironmentNode extends GatewayNode {
  private groupNodes?: GatewayNode[];

  constructor(
    readonly entry: EnvironmentEntry,
    private readonly active: boolean,
    private readonly ctx: TreeContext,
  ) {
    super(undefined, `env/${entry.name}`, entry.name);
  }

  treeItem(): vscode.TreeItem {
    const { entry } = this;
    const item = new vscode.TreeItem(entry.name, this.active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    const kind = this.ctx.environments.kindLabel(entry.kind);
    // The Local sandbox's clock in its own zone: ACH moves on at its 3 PM and 6 PM, not the host's.
    const sandboxTime = entry.kind === 'local' ? this.ctx.environments.localSandboxTime() : undefined;
    item.description = [
      this.active ? 'active' : '', entry.kind === 'production' ? kind : '', entry.readOnly ? 'read-only' : '',
      sandboxTime ? formatSandboxClock(sandboxTime) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath =
      entry.kind === 'production'
        ? new vscode.ThemeIcon(this.active ? 'check' : 'warning', new vscode.ThemeColor('list.warningForeground'))
        : new vscode.ThemeIcon(this.active ? 'check' : 'server-environment');
    item.tooltip = new vscode.MarkdownString(`**${entry.name}** (${kind})${this.active ? ' — active' : ''}\n\n`)
      .appendMarkdown('- gateway: ')
      .appendText(entry.gatewayUrl)
      .appendMarkdown('\n- boarding: ')
      .appendText(entry.boardingUrl);
    if (sandboxTime) {
      item.tooltip.appendMarkdown(`\n- sandbox time: ${formatSandboxTime(sandboxTime)} (${LOCAL_SANDBOX_TIME_ZONE}); ACH moves on at 3 PM and 6 PM there`);
    }
    if (entry.kind === 'local') {
      // How to reach it from outside (its keys are in no file or setting), never the key itself.
      const link = (command: string, title: string) => `[${title}](command:${command}?${encodeURIComponent(JSON.stringify([entry.name]))})`;
      item.tooltip.appendMarkdown(`\n\nIts keys are generated for it and kept in the secret storage. For your app or a terminal: ${link(COMMANDS.copyConnectionSettings, 'Copy Connection Settings')} · ${link(COMMANDS.openTerminalWithVariables, 'Open Terminal with Gateway Variables')}`);
      item.tooltip.isTrusted = { enabledCommands: [COMMANDS.copyConnectionSettings, COMMANDS.openTerminalWithVariables] };
    }
    item.contextValue = environmentContext(entry);
    return item;
  }

  override timeFrame(): TimeFrame {
    return environmentTimeFrame(this.entry.kind);
  }

  override children(): GatewayNode[] {
    this.groupNodes ??= groups.map((group) => groupNode(this, group, this.ctx));
    return this.groupNodes;
  }

  /** The group nodes built so far (none until the environment was first expanded). */
  shownGroups(): readonly GatewayNode[] {
    return this.groupNodes ?? [];
  }

  override invalidate(): void {
    for (const group of this.groupNodes ?? []) group.invalidate();
  }
}
