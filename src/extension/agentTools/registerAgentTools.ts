// The gateway's agent tools as VS Code Language Model Tools (Copilot's agent mode, any chat
// participant, `vscode.lm.invokeTool`), on the user's environments and SecretStorage keys. Before
// a call that is not a read, VS Code asks, with the plan naming each request's operation and the
// environment (`prepareInvocation`); a production write then also needs the environment's name
// typed (the guard in src/core/agentTools/sendRequest.ts). The tools' code loads with the runtime
// on the first call: only these registrations run at activation.
import * as vscode from 'vscode';
import type { AgentToolName } from '../../core/agentTools/toolNames';
import { AGENT_TOOL_NAMES } from '../../core/agentTools/toolNames';
import type { CommandLog } from '../commands/commandRunner';
import type { EnvironmentManager } from '../environments/registerEnvironments';
import { loadCommands, loadRuntime } from '../lazy/runtime';
import type { EditorAgentHost } from './editorAgentHost';

type Input = Record<string, unknown>;

interface AgentToolRegistration extends vscode.Disposable {
  /** The tools as registered, by name: the extension-host tests call their prepareInvocation directly. */
  readonly tools: ReadonlyMap<AgentToolName, vscode.LanguageModelTool<Input>>;
}

/** The environment a call goes to, as its plan names it; an unknown name is named as given (the call then says what is wrong). */
function plannedEnvironment(host: EditorAgentHost, tool: AgentToolName, input: Input) {
  if (tool !== 'gateway_send_request') return { name: 'Local sandbox', kind: 'local', readOnly: false };
  try {
    const e = host.entry(typeof input.environment === 'string' ? input.environment : undefined);
    return { name: e.name, kind: e.kind, readOnly: e.readOnly };
  } catch {
    // Named, but not one the agent may use here: Restricted Mode, or no such environment.
    const exists = host.exists(String(input.environment));
    return { name: String(input.environment), kind: exists ? 'restricted' : 'unknown', readOnly: false };
  }
}

function toolFor(name: AgentToolName, hostOf: () => EditorAgentHost, log: CommandLog): vscode.LanguageModelTool<Input> {
  return {
    async prepareInvocation(options) {
      const host = hostOf();
      const plan = loadRuntime().planInvocation(name, options.input ?? {}, plannedEnvironment(host, name, options.input ?? {}), await host.secrets());
      return {
        invocationMessage: plan.invocationMessage,
        ...(plan.confirmation ? { confirmationMessages: { title: plan.confirmation.title, message: plan.confirmation.message } } : {}),
      };
    },
    async invoke(options, token) {
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      const host = hostOf();
      const answer = await loadRuntime().callAgentTool(name, options.input ?? {}, host, await host.secrets());
      // The answer is redacted already; the log says only what ran and how it ended.
      log.info(`Agent tool ${name}: ${answer.isError ? 'refused or failed (the agent was told why)' : 'done'}`);
      // A refusal or failure is an answer the agent reads, not a thrown error: VS Code logs a
      // throwing tool's input (a card number, a CSC the agent wrote) in the window's log.
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.isError ? `Error: ${answer.text}` : answer.text)]);
    },
  };
}

export function registerAgentTools(environments: EnvironmentManager, log: CommandLog): AgentToolRegistration {
  const tools = new Map<AgentToolName, vscode.LanguageModelTool<Input>>();
  // A VS Code without the API (before 1.95, or a fork without chat) simply has no agent tools.
  if (typeof vscode.lm?.registerTool !== 'function') return { tools, dispose: () => undefined };
  // The host's code loads with the commands bundle at the first call, not at activation.
  let host: EditorAgentHost | undefined;
  const hostOf = () => (host ??= loadCommands().editorAgentHost(environments));
  const registrations = AGENT_TOOL_NAMES.map((name) => {
    const tool = toolFor(name, hostOf, log);
    tools.set(name, tool);
    return vscode.lm.registerTool(name, tool);
  });
  return { tools, dispose: () => { for (const r of registrations) r.dispose(); } };
}
