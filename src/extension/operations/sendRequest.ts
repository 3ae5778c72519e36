// "Gateway: Send Request" (the request under the cursor) and `sendRequestAt` (a request by
// index, from a code lens): resolves the document's variables, matches the path to a catalog
// operation for the guard, title and history, and sends it as written (core adds the auth).
import * as vscode from 'vscode';
import { matchOperation } from '../../catalog';
import type { GatewayResult } from '../../core/result';
import { parseRequestFile, resolveTarget, substituteVariables, type ParsedRequest } from '../../core/requestFile';
import { COMMANDS, REQUEST_LANGUAGE_ID, type EnvironmentService } from '../contracts';
import { runExchange, type ExchangeDeps } from './exchangeFlow';
import { targetEnvironment } from './operationRunner';
import { createVariableResolver, isAuthHeader } from '../../core/runner/variableResolver';
import { requestIndexAt } from '../../core/requestFile/requestAt';
import type { RequestSessions } from './requestSessions';

/** Third argument of sendRequestAt: an environment name, or ask for one. */
export type SendTarget = string | { pickEnvironment: true };

async function pickEnvironment(environments: EnvironmentService): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(
    environments.list().map((e) => ({ label: e.name, description: environments.kindLabel(e.kind) + (e.readOnly ? ' · read-only' : '') })),
    { title: 'Send the request to which environment?' },
  );
  return picked?.label;
}

async function documentOf(uri: vscode.Uri | string): Promise<vscode.TextDocument> {
  const text = typeof uri === 'string' ? uri : uri.toString();
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === text) ?? vscode.workspace.openTextDocument(typeof uri === 'string' ? vscode.Uri.parse(uri) : uri);
}

/** The catalog path part of a URL whose environment base URL may carry a path prefix. */
function catalogPath(url: URL): string {
  const at = url.pathname.search(/\/(rest|api)\//);
  return at > 0 ? url.pathname.slice(at) : url.pathname;
}

interface Resolved {
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function resolveRequest(request: ParsedRequest, resolve: (name: string) => string | undefined): Resolved | { unresolved: string[] } {
  const unresolved = new Set<string>();
  const sub = (text: string) => {
    const s = substituteVariables(text, resolve);
    s.unresolved.forEach((n) => unresolved.add(n));
    return s.text;
  };
  const url = sub(request.target);
  const headers: Record<string, string> = {};
  for (const h of request.headers) headers[h.name] = sub(h.value);
  const body = request.body ? sub(request.body.text) : undefined;
  if (unresolved.size > 0) return { unresolved: [...unresolved] };
  return { url, headers, ...(body !== undefined ? { body } : {}) };
}

export function registerSendRequest(deps: ExchangeDeps, sessions: RequestSessions): vscode.Disposable {
  const sendAt = async (uri: vscode.Uri | string, index: number, target?: SendTarget): Promise<GatewayResult | undefined> => {
    const doc = await documentOf(uri);
    const key = doc.uri.toString();
    const file = parseRequestFile(doc.getText());
    const request = file.requests[index];
    if (!request) {
      void vscode.window.showErrorMessage(`There is no request #${index + 1} in ${doc.fileName}: write one like "GET /rest/v2/transactions" after a "###" line.`);
      return undefined;
    }
    const name = typeof target === 'string' ? target : target ? await pickEnvironment(deps.environments) : sessions.targetOf(key);
    if (target && !name) return undefined;
    const named = targetEnvironment(deps.environments, name);
    if (!named) return undefined;
    const env = await deps.environments.ready(named.name);
    const resolve = createVariableResolver({
      builtins: { gatewayUrl: env.gatewayUrl.replace(/\/+$/, ''), boardingUrl: env.boardingUrl.replace(/\/+$/, '') },
      fileVariables: file.variables,
      namedResponses: sessions.namedResponses(key),
    });
    const resolved = resolveRequest(request, resolve);
    if ('unresolved' in resolved) {
      void vscode.window.showErrorMessage(
        `The request was not sent: ${resolved.unresolved.map((n) => `{{${n}}}`).join(', ')} ${resolved.unresolved.length === 1 ? 'has' : 'have'} no value. ` +
          'Define it with "@name = value", fill it in, or send the named request it comes from first.',
      );
      return undefined;
    }
    let url: URL;
    try {
      url = new URL(resolveTarget(resolved.url, env));
    } catch {
      void vscode.window.showErrorMessage(`"${resolved.url}" is not a URL or path: start it with /rest/ or /api/.`);
      return undefined;
    }
    const method = request.method.toUpperCase();
    const match = matchOperation(method, catalogPath(url));
    const authHeaders = request.headers.filter((h) => isAuthHeader(h.name)).map((h) => h.name);
    if (authHeaders.length > 0) {
      void vscode.window.showWarningMessage(
        `The request's ${authHeaders.join(', ')} header${authHeaders.length > 1 ? 's are' : ' is'} ignored: the ${env.name} keys from secret storage are sent instead. Remove keys from request files.`,
      );
    }
    const result = await runExchange(deps, {
      env,
      operation: match?.op,
      title: match?.op.title ?? request.title ?? `${method} ${url.pathname}`,
      method,
      path: url.pathname + url.search,
      vars: match?.params,
      body: resolved.body,
      perform: (client, signal) => client.sendRaw({ method, url: url.toString(), headers: resolved.headers, body: resolved.body, signal }),
      retry: () => void sendAt(uri, index, env.name),
    });
    if (result && request.name && result.parsed !== undefined) sessions.rememberResponse(key, request.name, result.parsed);
    return result;
  };

  return vscode.Disposable.from(
    vscode.commands.registerCommand(COMMANDS.sendRequest, async (uri?: vscode.Uri) => {
      const editor = vscode.window.activeTextEditor;
      const doc = uri ? await documentOf(uri) : editor?.document;
      if (!doc || (doc.languageId !== REQUEST_LANGUAGE_ID && !uri)) {
        void vscode.window.showErrorMessage('Open a gateway request document (.gwreq) and put the cursor in a request, or run an operation to get one.');
        return undefined;
      }
      const line = editor?.document === doc ? editor.selection.active.line : 0;
      const index = requestIndexAt(doc.getText(), parseRequestFile(doc.getText()).requests, line);
      if (index < 0) {
        void vscode.window.showErrorMessage('This document has no request to send: write one like "GET /rest/v2/transactions".');
        return undefined;
      }
      return sendAt(doc.uri, index);
    }),
    vscode.commands.registerCommand(COMMANDS.sendRequestAt, (uri: vscode.Uri | string, index: number, target?: SendTarget) => sendAt(uri, index, target)),
    vscode.workspace.onDidCloseTextDocument((doc) => sessions.forget(doc.uri.toString())),
  );
}
