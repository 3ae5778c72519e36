// From a parsed request to one ready for the wire: variables filled in (environment URLs, file
// variables, earlier named responses), the target resolved against the environment, the
// catalog operation recognised, auth headers written in the file set aside.

import { matchOperation } from '../../catalog';
import { resolveTarget, substituteVariables, type ParsedRequest, type RequestFile, type VariableDef } from '../requestFile';
import type { PreparedRequest, Preparation, RunEnvironment } from './types';
import { isAuthHeader } from '../authHeaders';
import { createVariableResolver } from './variableResolver';
import { requestLabel } from './requestLabel';

/** The catalog path of a URL whose environment base URL may carry a path prefix. */
export function catalogPath(url: URL): string {
  const at = url.pathname.search(/\/(rest|api)\//);
  return at > 0 ? url.pathname.slice(at) : url.pathname;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Values of `{{…}}` for a file: environment URLs and merchant, file variables, named responses.
 * It reads `namedResponses` when asked, so one resolver serves a whole run.
 */
export function resolverFor(variables: ReadonlyArray<Pick<VariableDef, 'name' | 'value'>>, environment: RunEnvironment, namedResponses: ReadonlyMap<string, unknown>): (name: string) => string | undefined {
  return createVariableResolver({
    builtins: {
      gatewayUrl: trimSlash(environment.gatewayUrl),
      boardingUrl: trimSlash(environment.boardingUrl),
      ...(environment.merchantId ? { merchantId: environment.merchantId } : {}),
    },
    fileVariables: variables,
    namedResponses,
  });
}

export function prepareRequest(file: RequestFile, index: number, environment: RunEnvironment, namedResponses: ReadonlyMap<string, unknown>): Preparation {
  return prepareParsed(file.requests[index], index, environment, resolverFor(file.variables, environment, namedResponses));
}

/** Request `index` (parsed) ready for the wire, its `{{…}}` filled in by `resolve`. */
export function prepareParsed(request: ParsedRequest | undefined, index: number, environment: RunEnvironment, resolve: (name: string) => string | undefined): Preparation {
  if (!request) return { ok: false, message: `there is no request #${index + 1} in the file`, unresolved: [] };
  const unresolved = new Set<string>();
  const fill = (text: string): string => {
    const filled = substituteVariables(text, resolve);
    filled.unresolved.forEach((name) => unresolved.add(name));
    return filled.text;
  };
  const target = fill(request.target);
  const headers: Record<string, string> = {};
  const ignoredAuthHeaders: string[] = [];
  for (const header of request.headers) {
    if (isAuthHeader(header.name)) ignoredAuthHeaders.push(header.name);
    else headers[header.name] = fill(header.value);
  }
  const body = request.body ? fill(request.body.text) : undefined;
  if (unresolved.size > 0) {
    const names = [...unresolved].map((n) => `{{${n}}}`).join(', ');
    return {
      ok: false,
      unresolved: [...unresolved],
      message: `${names} ${unresolved.size === 1 ? 'has' : 'have'} no value: define it with "@name = value", or name the request it comes from with "# @name" and send that first`,
    };
  }
  let url: URL;
  try {
    url = new URL(resolveTarget(target, { name: environment.name, kind: 'custom', gatewayUrl: environment.gatewayUrl, boardingUrl: environment.boardingUrl }));
  } catch {
    return { ok: false, unresolved: [], message: `"${target}" is not a URL or path: start it with {{gatewayUrl}}/rest/ or {{boardingUrl}}/api/` };
  }
  const method = request.method.toUpperCase();
  const match = matchOperation(method, catalogPath(url));
  const prepared: PreparedRequest = {
    index,
    request,
    method,
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(match ? { operation: match.op, params: match.params } : {}),
    ignoredAuthHeaders,
    label: requestLabel(request),
  };
  return { ok: true, prepared };
}
