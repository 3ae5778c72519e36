// The agent tools' names, on their own: the editor registers its Language Model Tools by these at
// activation, where the tools' full descriptions (./tools.ts, which reads the catalog and the code
// generator's languages) would cost the activation bundle. Contracts: outside checks call them.
export const AGENT_TOOL_NAMES = [
  'gateway_catalog_search',
  'gateway_describe_operation',
  'gateway_lint_request',
  'gateway_send_request',
  'gateway_sandbox',
  'gateway_generate_code',
] as const;

export type AgentToolName = typeof AGENT_TOOL_NAMES[number];
