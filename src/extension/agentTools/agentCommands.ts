// The agent part's command: its id and declaration, apart from ./contributions.ts so that the
// activation bundle's command list does not pull in the tools' descriptions (the catalog's and
// the code generator's data). No vscode import.
import type { CommandContribution } from '../contributes';

export const AGENT_COMMANDS = {
  addMcpServer: 'gateway.addMcpServer',
} as const;

export const agentCommands: readonly CommandContribution[] = [
  { command: AGENT_COMMANDS.addMcpServer, title: 'Add MCP Server to Workspace (.vscode/mcp.json)…', category: 'Gateway', icon: '$(hubot)' },
];
