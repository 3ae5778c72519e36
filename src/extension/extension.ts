// Extension entry point: creates the "Gateway" log and wires the parts together through the
// seams in contracts.ts. Activation stays cheap — no network and no sandbox here: the Local
// sandbox starts on first use, undici/codecs load lazily from dist/runtime.js, and the language
// client (dist/languageClient.js) only when a request file opens.
import * as vscode from 'vscode';
import { registerCommand } from './commands/commandRunner';
import { COMMANDS, type GatewayWorkbenchApi } from './contracts';
import { environmentScripts, registerEnvironments } from './environments/registerEnvironments';
import { registerLanguageClient, type LanguageClientHost } from './language/registerLanguageClient';
import { registerOperations } from './operations/registerOperations';
import { createKnownResourceStore } from './operations/knownResources';
import { registerTree } from './tree/registerTree';
import { registerTraffic } from './traffic/registerTraffic';
import { registerImportAndHarExport } from './import/registerImportLazily';
import { registerOverview } from './overview/overviewPanels';
import { keepCodeCacheIn } from './lazy/runtime';
import { registerAgentTools } from './agentTools/registerAgentTools';
import { AGENT_COMMANDS } from './agentTools/agentCommands';
import { registerLazily } from './commands/lazyCommands';
import { registerWalkthroughProgress } from './walkthrough/walkthroughProgress';

/** For bench/activation.ts and the bundle rules tests: the lazily loaded bundles, loaded exactly as the extension loads them. */
export { keepCodeCacheIn, loadCodegen, loadCommands, loadRuntime } from './lazy/runtime';

/** The environment variable under which `activate` adds the test hooks (GatewayWorkbenchApi's `testing`). */
const TEST_FLAG = 'GATEWAY_WORKBENCH_TEST';

// Kept so that deactivate can wait for the Local sandbox's final save and the language server's exit.
let environmentsInUse: { dispose(): Promise<void> | void } | undefined;
let languageClient: LanguageClientHost | undefined;

export function activate(context: vscode.ExtensionContext): GatewayWorkbenchApi {
  keepCodeCacheIn(vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath);
  const log = vscode.window.createOutputChannel('Gateway', { log: true });
  context.subscriptions.push(log);
  context.subscriptions.push(registerCommand(COMMANDS.showLog, () => log.show(true), log));

  const environments = registerEnvironments(context, log);
  environmentsInUse = environments;
  context.subscriptions.push(environments);
  const knownResources = createKnownResourceStore(context);
  context.subscriptions.push(knownResources);
  const operations = registerOperations(context, { environments, knownResources, log });
  context.subscriptions.push(operations);
  const tree = registerTree(context, { environments, knownResources, runner: operations.runner, log });
  context.subscriptions.push(tree);
  const overview = registerOverview({ environments, onTreeChange: tree.provider.onDidChangeTreeData, extensionUri: context.extensionUri, log });
  context.subscriptions.push(overview);
  const traffic = registerTraffic(environments, context.globalState, log);
  context.subscriptions.push(traffic);
  context.subscriptions.push(...registerImportAndHarExport({ environments, history: () => operations.history(), traffic: () => traffic.api.entries(), log }));
  const agentTools = registerAgentTools(environments, log);
  context.subscriptions.push(agentTools, registerLazily([AGENT_COMMANDS.addMcpServer], log, (c, register) => c.registerAddMcpServer(environments, log, register)));
  languageClient = registerLanguageClient(environments, log);
  context.subscriptions.push(languageClient);
  const client = languageClient;
  context.subscriptions.push(registerWalkthroughProgress());

  return {
    environments,
    scripted: environmentScripts(environments),
    runner: operations.runner,
    results: operations.results,
    knownResources,
    tree: tree.provider,
    history: () => operations.history(),
    // Set by the extension-host test runners only; the hooks are no API a user's extension may rely on.
    ...(process.env[TEST_FLAG] === '1' ? {
      testing: {
        lastRun: (uri: string) => operations.lastRun(uri),
        requestDecorations: (uri: string) => operations.requestDecorations(uri),
        languageClientRunning: () => client.isRunning(),
        overviewPage: (name: string) => overview.page(name),
        agentTools: () => agentTools.tools,
      },
    } : {}),
    requestTests: operations.requestTests,
    traffic: traffic.api,
  };
}

export async function deactivate(): Promise<void> {
  // dispose() and stop() are idempotent: VS Code disposing the subscriptions again is harmless.
  await languageClient?.stop();
  languageClient = undefined;
  await environmentsInUse?.dispose();
  environmentsInUse = undefined;
}
