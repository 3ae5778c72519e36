// A coding agent's stand-in for the browser e2e test (plain JavaScript, loaded as an installed
// extension): one command that asks Gateway Workbench's `gateway_send_request` tool for a sale on
// the Local sandbox (or on "Staging") through vscode.lm.invokeTool, outside any chat, and tells in a notification
// what came back and how many sales the Local sandbox served before and after (from the
// extension's API). VS Code shows the tool's confirmation as a dialog first; the test answers it.
const vscode = require('vscode');

const SALE = [
  '# @name agent-sale',
  'POST {{gatewayUrl}}/rest/v2/transactions/sale',
  'Content-Type: application/json',
  '',
  '{ "type": "SALE", "amount": "41.00", "card": "4111111111111111", "exp-date": "1230", "csc": "999" }',
  '',
].join('\n');

async function sales() {
  const api = await vscode.extensions.getExtension('gateway-workbench.gateway-workbench').activate();
  const stats = await (await api.environments.localSandboxControl()).stats();
  return stats.byOperation['transactions.sale'] || 0;
}

/** Asks for the sale on `environment` (undefined: the tool's default, the Local sandbox) and tells what came back. */
async function sell(environment) {
  const before = await sales();
  let said;
  try {
    const input = environment ? { text: SALE, environment } : { text: SALE };
    const result = await vscode.lm.invokeTool('gateway_send_request', { input, toolInvocationToken: undefined });
    const text = result.content.map((part) => part.value || '').join('');
    if (text.startsWith('Error: ')) {
      said = `the tool refused: ${text.slice('Error: '.length, 300)}`;
    } else {
      const first = JSON.parse(text).requests[0];
      said = `status ${first.status} ${first.answer && first.answer.payload && first.answer.payload.transaction ? first.answer.payload.transaction.result : '?'}, card in the answer ${text.includes('4111111111111111') ? 'IN FULL' : 'masked'}`;
    }
  } catch (e) {
    said = `the call did not run (${e && e.name === 'Canceled' ? 'cancelled' : (e && e.message) || e})`;
  }
  const after = await sales();
  void vscode.window.showInformationMessage(`Agent stand-in: ${said}; Local sandbox sales ${before} → ${after}`);
}

module.exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('gatewayAgentStandIn.sell', () => sell(undefined)),
    vscode.commands.registerCommand('gatewayAgentStandIn.sellOnStaging', () => sell('Staging')),
    // The browser e2e's production environment on its test sandbox (e2eTrust.ts adds it).
    vscode.commands.registerCommand('gatewayAgentStandIn.sellOnLiveMirror', () => sell('Live mirror')),
  );
};
