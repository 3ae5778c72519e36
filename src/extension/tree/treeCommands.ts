// The tree's own commands. Each takes the node it was invoked on; they run through the one
// command wrapper (commands/), so every failure ends as a log line and an error message.
import * as vscode from 'vscode';
import { requireOperation } from '../../catalog';
import { checks } from '../../core/checks/inputChecks';
import { registerCommand, type CommandHandler } from '../commands/commandRunner';
import { COMMANDS } from '../contracts';
import type { GatewayTreeProvider } from './gatewayTreeProvider';
import { merchantLabel } from './itemLabels';
import type { ErrorNode, LoadMoreNode } from './nodes/messageNodes';
import type { RecordNode } from './nodes/recordNode';
import type { SettingsGroup } from './settingsGroups';
import type { GatewayNode } from './treeNode';

/** Asks for a merchant number, retrieves the merchant, and remembers it when found. */
async function retrieveMerchant(provider: GatewayTreeProvider, node?: GatewayNode): Promise<void> {
  const { environments, runner, knownResources } = provider.ctx;
  const environmentName = node?.environmentName ?? environments.active().name;
  const merchantNumber = await vscode.window.showInputBox({
    title: `Retrieve merchant (${environmentName})`,
    prompt: 'Merchant number, as returned when the merchant was created',
    placeHolder: '8582940000000001',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? checks.digits(value.trim()) : 'Enter the merchant number'),
  });
  if (!merchantNumber) return;
  const number = merchantNumber.trim();
  const result = await runner.send(requireOperation('merchants.get'), { environmentName, vars: { merchantNumber: number }, show: true });
  if (result?.status === 200) {
    await knownResources.add(environmentName, 'merchant', { id: number, label: merchantLabel(result.parsed, number) });
  }
}

export function registerTreeCommands(provider: GatewayTreeProvider): vscode.Disposable[] {
  const { runner } = provider.ctx;
  const handlers: Readonly<Record<string, CommandHandler>> = {
    [COMMANDS.refreshTree]: () => provider.retryAndRefresh(),
    [COMMANDS.refreshNode]: (node?: GatewayNode) => provider.refresh(node),
    [COMMANDS.loadMore]: (node: LoadMoreNode) => node.list.loadMore(node.nextPage),
    [COMMANDS.retryNode]: (node: ErrorNode) => node.retry(),
    [COMMANDS.openSettingsGroup]: (node: RecordNode<SettingsGroup>) => runner.send(node.data.read, { environmentName: node.environmentName, show: true }),
    [COMMANDS.openDocument]: (node: GatewayNode) => runner.send(requireOperation('documents.get'), { ...node.operationArgs(), show: true }),
    [COMMANDS.retrieveMerchant]: (node?: GatewayNode) => retrieveMerchant(provider, node),
  };
  return Object.entries(handlers).map(([id, handler]) => registerCommand(id, handler, provider.ctx.log));
}
