// The entry that lets other coding agents reach our MCP server (`npx --no gateway-workbench mcp`): VS
// Code's workspace file `.vscode/mcp.json` ({"servers": {…}, "inputs": […]}), and, when the user
// picks environments beyond the Local sandbox, their URLs in the CLI's `gateway-workbench.json`.
// No key is ever written: each environment's key is an `${input:…}` that VS Code asks for once
// (password: true) and keeps itself, handed to the server in the variables the CLI reads.
// Both files may already hold the user's own entries and comments: jsonc-parser edits only ours.
import { applyEdits, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { Credentials } from '../environments/environment';
import { keyVariableNames } from '../environments/environmentKeys';

/** The server's name in mcp.json (and what `claude mcp add`-style tools would call it). */
const MCP_SERVER_NAME = 'gateway-workbench';

/** An environment offered to the agent, with which of its keys are set (never their values). */
export interface McpEnvironment {
  name: string;
  kind: string;
  gatewayUrl: string;
  boardingUrl: string;
  readOnly: boolean;
  keys: ReadonlyArray<keyof Credentials>;
}

const KEY_WORDS: Readonly<Record<keyof Credentials, string>> = { apiKey: 'API key', accessKey: 'access key', merchantId: 'merchant id' };

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** `Staging EU` + apiKey → `gateway-staging-eu-apikey`: an input id VS Code accepts. */
function inputId(env: string, field: keyof Credentials): string {
  return `gateway-${env.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${field.toLowerCase()}`;
}

/** The text as JSON with comments, or an error naming the file and the first problem. */
function parsed(text: string, file: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) {
    const first = errors[0];
    throw new Error(`${file} is not valid JSON (${printParseErrorCode(first.error)} at offset ${first.offset}): fix it, or move it away, and run this again; nothing was changed`);
  }
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) throw new Error(`${file} does not hold a JSON object; nothing was changed`);
  return value ?? {};
}

const edit = (text: string, path: (string | number)[], value: unknown) => applyEdits(text, modify(text, path, value, FORMAT));

/**
 * `.vscode/mcp.json` with our server entry (replacing an earlier one of ours) and the key inputs
 * it reads; every other server, input and comment kept. `configFile`: where the server reads the
 * environments (undefined: the Local sandbox only).
 */
export function mcpJsonWithServer(current: string | undefined, environments: readonly McpEnvironment[], configFile: string | undefined): string {
  let text = current?.trim() ? current : '{}\n';
  const existing = parsed(text, '.vscode/mcp.json') as { inputs?: unknown };
  const env: Record<string, string> = {};
  const inputs: Array<{ type: 'promptString'; id: string; description: string; password: true }> = [];
  for (const e of environments) {
    for (const field of e.keys) {
      const id = inputId(e.name, field);
      env[keyVariableNames(field, e.name)[0]] = `\${input:${id}}`;
      inputs.push({ type: 'promptString', id, description: `The ${KEY_WORDS[field]} of the gateway environment "${e.name}" (VS Code keeps it; it is never written in a file)`, password: true });
    }
  }
  // `npx --no`: the CLI installed in the project (node_modules/.bin) or globally, and never a
  // package of that name downloaded from the registry, which anyone could have published.
  const server = {
    type: 'stdio',
    command: 'npx',
    args: ['--no', 'gateway-workbench', 'mcp', ...(configFile ? ['--config', configFile] : [])],
    ...(Object.keys(env).length > 0 ? { env } : {}),
  };
  text = edit(text, ['servers', MCP_SERVER_NAME], server);
  const earlier: unknown[] = Array.isArray(existing.inputs) ? existing.inputs : [];
  const kept = earlier.filter((i) => !inputs.some((n) => n.id === (i as { id?: unknown } | null)?.id));
  if (inputs.length > 0 || Array.isArray(existing.inputs)) text = edit(text, ['inputs'], [...kept, ...inputs]);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * `gateway-workbench.json` with the picked environments as the user has them in the editor (a
 * same-named entry is replaced: the file must not send this user's key to another host).
 */
export function environmentFileWith(current: string | undefined, environments: readonly McpEnvironment[]): string {
  let text = current?.trim() ? current : '{"environments": []}\n';
  const value = parsed(text, 'gateway-workbench.json') as { environments?: unknown };
  if (!Array.isArray(value.environments)) text = edit(text, ['environments'], []);
  for (const e of environments) {
    const list = ((parsed(text, 'gateway-workbench.json') as { environments: Array<{ name?: unknown }> }).environments);
    const at = list.findIndex((entry) => entry?.name === e.name);
    const entry = { name: e.name, kind: e.kind, gatewayUrl: e.gatewayUrl, boardingUrl: e.boardingUrl, readOnly: e.readOnly };
    text = at >= 0 ? edit(text, ['environments', at], entry) : edit(text, ['environments', list.length], entry);
  }
  return text.endsWith('\n') ? text : `${text}\n`;
}
