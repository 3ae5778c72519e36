// The tree's own commands. Each takes the node it was invoked on; every failure ends as a log
// line and an error message, never as an unhandled rejection.
import * as vscode from 'vscode';
import { requireOperation } from '../../catalog';
import { checks } from '../../core/inputChecks';
import { COMMANDS } from '../contracts';
import type { GatewayTreeProvider } from './gatewayTreeProvider';
import { merchantLabel } from './itemLabels';
import type { DocumentNode } from './nodes/documentNodes';
import type { ErrorNode, LoadMoreNode } from './nodes/messageNodes';
import type { SettingsGroupNode } from './nodes/settingsNodes';
import type { GatewayNode } from './treeNode';

type Handler = (...args: never[]) => unknown;

function guarded(provider: GatewayTreeProvider, title: string, handler: Handler): (...args: unknown[]) => Promise<void> {
  return async (...args) => {
    try {
      await (handler as (...a: unknown[]) => unknown)(...args);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      provider.ctx.log.error(`${title} failed: ${reason}`);
      void vscode.window.showErrorMessage(`Gateway: ${title} failed: ${reason}`);
    }
  };
}

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
  const commands: ReadonlyArray<[id: string, title: string, handler: Handler]> = [
    [COMMANDS.refreshTree, 'Refresh', () => provider.retryAndRefresh()],
    [COMMANDS.refreshNode, 'Refresh', (node?: GatewayNode) => provider.refresh(node)],
    [COMMANDS.loadMore, 'Load more', (node: LoadMoreNode) => node.list.loadMore()],
    [COMMANDS.retryNode, 'Retry', (node: ErrorNode) => node.retry()],
    [
      COMMANDS.openSettingsGroup,
      'Open settings',
      (node: SettingsGroupNode) => runner.send(node.settings.read, { environmentName: node.environmentName, show: true }),
    ],
    [COMMANDS.openDocument, 'Open document', (node: DocumentNode) => runner.send(requireOperation('documents.get'), { ...node.operationArgs(), show: true })],
    [COMMANDS.retrieveMerchant, 'Retrieve merchant', (node?: GatewayNode) => retrieveMerchant(provider, node)],
  ];
  return commands.map(([id, title, handler]) => vscode.commands.registerCommand(id, guarded(provider, title, handler)));
}
