// `gateway-workbench mcp [--config FILE]`: the gateway's tools for coding agents as an MCP server
// on stdio (src/core/agentTools holds the tools; this wires them to the official SDK). Stdout is
// the protocol: nothing else is written there. It ends when the client closes stdin.
import { parseArgs } from 'node:util';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ElicitResultSchema, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_TOOLS } from '../../core/agentTools/tools';
import { callAgentTool } from '../../core/agentTools/callTool';
import { GUIDANCE_URI, guidanceText } from '../../core/agentTools/guidance';
import type { ConfirmationAnswer } from '../../core/agentTools/host';
import { version } from '../../../package.json';
import { parseOptionsOf, type CliCommand, type CliOption } from '../cliCommand';
import { CONFIG_OPTION } from '../run/environmentConfig';
import { mcpHost } from '../mcp/mcpHost';

const OPTIONS = [CONFIG_OPTION] as const satisfies readonly CliOption[];

const INSTRUCTIONS = `Tools for a payment gateway that has no idempotency key. Read ${GUIDANCE_URI} first. Send to the Local sandbox (the default); never resend a request whose outcome is unknown — run the read it names.`;

/** A person reads the question and types a name: the SDK's default of a minute is too short. */
const HUMAN_TIMEOUT_MS = 10 * 60_000;

/** The typed confirmation, asked through the client's form elicitation; undefined when the client declared none. */
function elicitor(server: Server) {
  return async (message: string): Promise<ConfirmationAnswer | undefined> => {
    const elicitation = server.getClientCapabilities()?.elicitation as { form?: object; url?: object } | undefined;
    // An empty capability is form mode (older clients); a URL-only client cannot type a name.
    if (!elicitation || (elicitation.url && !elicitation.form)) return undefined;
    const result = await server.request({
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message,
        requestedSchema: { type: 'object', properties: { environment: { type: 'string', title: 'Environment name', description: 'Type the environment\'s name to send; anything else cancels.' } }, required: ['environment'] },
      },
    }, ElicitResultSchema, { timeout: HUMAN_TIMEOUT_MS });
    const typed = result.content?.environment;
    if (result.action !== 'accept' || typeof typed !== 'string') return { declined: result.action === 'accept' ? 'no name typed' : `the human chose ${result.action}` };
    return { typed };
  };
}

export const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'Serve the gateway\'s tools to coding agents over MCP (stdio): catalog, lint, send, sandbox, code.',
  usage: 'gateway-workbench mcp [--config FILE]',
  options: OPTIONS,
  notes: [
    `Tools: ${AGENT_TOOLS.map((t) => t.name).join(', ')}; the resource ${GUIDANCE_URI} says how to integrate safely.`,
    'Requests go to an in-process Local sandbox unless a tool names an environment of --config. A production write is sent only after the human types the environment\'s name through the client\'s MCP elicitation; a client without it is refused. Keys come from the variables `run` reads (GATEWAY_API_KEY…) and never appear in an answer.',
  ],
  async run(args) {
    const { values } = parseArgs({ args, options: parseOptionsOf(OPTIONS), strict: true, allowPositionals: false });
    const server = new Server({ name: 'gateway-workbench', version }, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
    const host = mcpHost(values.config, elicitor(server));
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: AGENT_TOOLS.map((t) => ({ ...t })) }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const answer = await callAgentTool(request.params.name, request.params.arguments ?? {}, host, await host.secrets());
      return { content: [{ type: 'text', text: answer.text }], isError: answer.isError };
    });
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [{ uri: GUIDANCE_URI, name: 'guidance', title: 'Integrating with the gateway safely', mimeType: 'text/markdown' }] }));
    server.setRequestHandler(ReadResourceRequestSchema, (request) => {
      if (request.params.uri !== GUIDANCE_URI) throw new Error(`no resource ${request.params.uri}; the server offers ${GUIDANCE_URI}`);
      return { contents: [{ uri: GUIDANCE_URI, mimeType: 'text/markdown', text: guidanceText() }] };
    });
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
      process.stdin.once('end', () => resolve());
    });
    await server.connect(transport);
    await closed;
    await server.close();
    await host.close();
    return 0;
  },
};
