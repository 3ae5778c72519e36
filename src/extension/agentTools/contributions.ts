// The gateway's tools for coding agents inside VS Code, as manifest data (no vscode import):
// each tool of src/core/agentTools/tools.ts contributed as a Language Model Tool (Copilot's agent
// mode and any chat participant can call it; the editor's environments and SecretStorage keys
// are used), and the command that writes the MCP server's entry for agents outside the editor.
import type { ContributesFragment } from '../contributes';
import { AGENT_TOOLS } from '../../core/agentTools/tools';
import type { AgentToolName } from '../../core/agentTools/toolNames';
import { agentCommands } from './agentCommands';

/** What the user reads in the tools picker and a `#` reference's name, per tool. */
const FOR_USERS: Readonly<Record<AgentToolName, { reference: string; user: string }>> = {
  gateway_catalog_search: { reference: 'gatewaySearch', user: 'Find payment gateway operations by words.' },
  gateway_describe_operation: { reference: 'gatewayDescribe', user: 'One gateway operation: fields, sample body, safety, the Local sandbox\'s special values.' },
  gateway_lint_request: { reference: 'gatewayLint', user: 'Check a request file; nothing is sent.' },
  gateway_send_request: { reference: 'gatewaySend', user: 'Send a request file to an environment (the Local sandbox by default). Writes are confirmed first; production asks for its name.' },
  gateway_sandbox: { reference: 'gatewaySandbox', user: 'The Local sandbox\'s clock, reset, seed and outcome coverage.' },
  gateway_generate_code: { reference: 'gatewayCode', user: 'Generate a program that sends one request, keys read from the environment.' },
};

const languageModelTools = AGENT_TOOLS.map((tool) => ({
  name: tool.name,
  displayName: tool.title,
  toolReferenceName: FOR_USERS[tool.name].reference,
  canBeReferencedInPrompt: true,
  userDescription: FOR_USERS[tool.name].user,
  modelDescription: tool.description,
  icon: '$(credit-card)',
  tags: ['payments', 'gateway', 'gateway-workbench'],
  inputSchema: tool.inputSchema,
}));

export const contributes: ContributesFragment = { commands: agentCommands, languageModelTools };
