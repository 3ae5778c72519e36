// "Gateway: Add MCP Server to Workspace (.vscode/mcp.json)…": the entry that starts
// `gateway-workbench mcp` for agents outside this editor's Language Model Tools. The Local sandbox
// is always there; environments the user picks go into the CLI's gateway-workbench.json with
// their URLs, and their keys into VS Code's password inputs, never into a file
// (src/core/agentTools/mcpWorkspaceConfig.ts, with jsonc-parser's editing: in dist/commands.js,
// where this command's body is, not in the runtime every first request loads). A file of a stranger's repository that is a
// symbolic link is not written through: it could point anywhere on the user's disk.
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import * as vscode from 'vscode';
import { environmentFileWith, mcpJsonWithServer, type McpEnvironment } from '../../core/agentTools/mcpWorkspaceConfig';
import type { Credentials } from '../../core/environments/environment';
import { registerCommand, type CommandLog } from '../commands/commandRunner';
import type { RegisterCommand } from '../commands/lazyCommands';
import type { EnvironmentManager } from '../environments/registerEnvironments';
import { AGENT_COMMANDS } from './agentCommands';

/** What a caller (a test, a script) may give instead of the pickers. */
interface AddMcpServerArgs {
  folder?: vscode.Uri | string;
  environments?: readonly string[];
}

const CONFIG_REFERENCE = '${workspaceFolder}/gateway-workbench.json';

async function pickFolder(given: AddMcpServerArgs['folder']): Promise<vscode.Uri | undefined> {
  if (given !== undefined) return typeof given === 'string' ? vscode.Uri.file(given) : given;
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) throw new Error('open a folder first: the entry goes into its .vscode/mcp.json');
  if (folders.length === 1) return folders[0].uri;
  return (await vscode.window.showWorkspaceFolderPick({ placeHolder: 'Which folder\'s .vscode/mcp.json?' }))?.uri;
}

async function pickEnvironments(environments: EnvironmentManager, given: AddMcpServerArgs['environments']): Promise<string[] | undefined> {
  const mine = environments.list().filter((e) => !e.builtIn);
  if (given !== undefined) {
    const unknown = given.filter((name) => !mine.some((e) => e.name === name));
    if (unknown.length > 0) throw new Error(`no environment ${unknown.map((n) => `"${n}"`).join(', ')}`);
    return [...given];
  }
  if (mine.length === 0) return [];
  const picked = await vscode.window.showQuickPick(
    mine.map((e) => ({ label: e.name, description: `${environments.kindLabel(e.kind)}${e.readOnly ? ', read-only' : ''}`, detail: e.kind === 'production' ? 'Agents\' writes here need the environment\'s name typed (MCP elicitation); clients without it are refused.' : e.gatewayUrl })),
    { canPickMany: true, title: 'Environments the agent may use besides the Local sandbox (keys are asked by VS Code, never written)', placeHolder: 'None: the Local sandbox only' },
  );
  return picked?.map((p) => p.label);
}

/** The file's text, undefined when it is missing; an error for a symbolic link. */
async function readOwnFile(uri: vscode.Uri, shown: string): Promise<string | undefined> {
  let stat: vscode.FileStat;
  try {
    stat = await vscode.workspace.fs.stat(uri);
  } catch {
    return undefined;
  }
  if (stat.type & vscode.FileType.SymbolicLink) throw new Error(`${shown} is a symbolic link, so it is not written through (it could point at any file of yours); replace it with a plain file and run this again`);
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

async function refuseLinkedFolder(uri: vscode.Uri, shown: string): Promise<void> {
  const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
  if (stat && stat.type & vscode.FileType.SymbolicLink) throw new Error(`${shown} is a symbolic link, so nothing is written into it; replace it with a plain folder and run this again`);
}

const KEY_FIELDS: ReadonlyArray<keyof Credentials> = ['apiKey', 'accessKey', 'merchantId'];

/** True when the project (node_modules/.bin) or some folder on PATH holds `gateway-workbench`: what `npx --no` finds. */
async function cliInstalled(folder: vscode.Uri): Promise<boolean> {
  const names = process.platform === 'win32' ? ['gateway-workbench.cmd', 'gateway-workbench.exe'] : ['gateway-workbench'];
  const dirs = [join(folder.fsPath, 'node_modules', '.bin'), ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
  for (const dir of dirs) {
    for (const name of names) if (await access(join(dir, name)).then(() => true, () => false)) return true;
  }
  return false;
}

/** `register`: the stub's keeper when the body loads lazily (../commands/lazyCommands.ts). */
export function registerAddMcpServer(environments: EnvironmentManager, log: CommandLog, register: RegisterCommand = registerCommand): vscode.Disposable {
  return register(AGENT_COMMANDS.addMcpServer, async (given?: AddMcpServerArgs) => {
    const args = given && typeof given === 'object' && !(given instanceof vscode.Uri) ? given : {};
    const folder = await pickFolder(args.folder);
    if (!folder) return undefined;
    const names = await pickEnvironments(environments, args.environments);
    if (!names) return undefined;
    const picked: McpEnvironment[] = [];
    for (const name of names) {
      const e = environments.get(name)!;
      const credentials = (await environments.credentials(name)) ?? {};
      picked.push({ name: e.name, kind: e.kind, gatewayUrl: e.gatewayUrl, boardingUrl: e.boardingUrl, readOnly: e.readOnly, keys: KEY_FIELDS.filter((f) => !!credentials[f]) });
    }
    const vscodeDir = vscode.Uri.joinPath(folder, '.vscode');
    const mcpUri = vscode.Uri.joinPath(vscodeDir, 'mcp.json');
    const configUri = vscode.Uri.joinPath(folder, 'gateway-workbench.json');
    await refuseLinkedFolder(vscodeDir, '.vscode');
    // Both texts are made before either is written: a refusal leaves both files as they were.
    const mcpText = mcpJsonWithServer(await readOwnFile(mcpUri, '.vscode/mcp.json'), picked, picked.length > 0 ? CONFIG_REFERENCE : undefined);
    const configText = picked.length > 0 ? environmentFileWith(await readOwnFile(configUri, 'gateway-workbench.json'), picked) : undefined;
    await vscode.workspace.fs.createDirectory(vscodeDir);
    await vscode.workspace.fs.writeFile(mcpUri, new TextEncoder().encode(mcpText));
    if (configText !== undefined) await vscode.workspace.fs.writeFile(configUri, new TextEncoder().encode(configText));
    await vscode.window.showTextDocument(mcpUri, { preview: false });
    const installed = folder.scheme === 'file' && await cliInstalled(folder);
    const where = picked.length > 0 ? `the Local sandbox and ${picked.map((p) => `"${p.name}"`).join(', ')} (their URLs in gateway-workbench.json; VS Code asks for their keys when the server starts)` : 'the Local sandbox';
    log.info(`Add MCP Server: wrote .vscode/mcp.json for ${picked.length === 0 ? 'the Local sandbox only' : `the Local sandbox and ${picked.length} environment(s)`}`);
    const message = `Added the "gateway-workbench" MCP server to .vscode/mcp.json: agents reach ${where}.${installed ? '' : ' It runs `npx --no gateway-workbench mcp`, and the CLI is not installed in this project or on your PATH yet: install its package (npm install -D gateway-workbench-<version>.tgz).'}`;
    if (installed) void vscode.window.showInformationMessage(message);
    else void vscode.window.showWarningMessage(message);
    return { mcpJson: mcpUri.fsPath, config: configText !== undefined ? configUri.fsPath : undefined, cliInstalled: installed };
  }, log);
}
