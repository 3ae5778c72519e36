// The bodies of the commands that are run rarely (settings as code, the go-live check,
// connection settings, history, result headers and compare, Send All, import and HAR export,
// the Local sandbox's seeds, code generation, the Add Environment wizard…), built on their own into dist/commands.js: each
// is small, but together they were a tenth of the activation bundle, which only needs their ids.
// Their ids register at activation as stubs (../commands/lazyCommands.ts) that load this bundle
// on first use; extension code reaches it only through `loadCommands()` (./runtime.ts). Its
// `vscode` is one namespace for the whole bundle (scripts/bundlePlugins/vscodeNamespaceOnce.mjs)
// and the modules it shares with the activation bundle are the activation bundle's own
// (scripts/bundlePlugins/sharedModules.mjs).
export { registerSettingsCodeCommands } from '../environments/settingsCodeCommands';
export { registerPreflightCommand } from '../environments/preflightCommand';
export { registerConnectionCommands } from '../environments/connectionCommands';
export { registerSandboxSeedCommands } from '../environments/sandboxSeedCommands';
export { registerResultCommands } from '../results/registerResultCommands';
export { registerHistoryCommands } from '../history/historyCommands';
export { registerSendAll } from '../requestDocuments/sendAll';
export { registerImportCommand } from '../import/importCommand';
export { registerHarExport } from '../import/harExportCommands';
export { registerGenerateCode } from '../codegen/generateCode';
export { runEnvironmentWizard } from '../environments/addEnvironmentWizard';
export { registerAddMcpServer } from '../agentTools/mcpServerCommand';
export { editorAgentHost } from '../agentTools/editorAgentHost';
