// The name a request goes by in every report — the CLI's text and JUnit reports and the editor's
// Testing view — known before it is sent: `# @name`, else the `###` title, else the catalog
// operation its method and path name, else `METHOD path`. The run engine's label for a sent
// request (prepare.ts) follows the same order, so a CI failure can be found in the editor.

import { matchOperation } from '../../catalog';
import type { Operation } from '../../catalog/types';
import type { ParsedRequest } from '../requestFile';

/** The target without its base (`{{gatewayUrl}}`, `http://host`): `/rest/v2/tokens/{{id}}`. */
function withoutBase(target: string): string {
  const path = target.trim().replace(/^\{\{\s*(gatewayUrl|boardingUrl)\s*\}\}/, '').replace(/^https?:\/\/[^/]+/i, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/** The catalog path: other variables stand as one segment, any base path prefix is dropped. */
function catalogPathOf(target: string): string {
  const path = withoutBase(target).replace(/\{\{[^}]*\}\}/g, 'x').split('?')[0];
  const at = path.search(/\/(rest|api)\//);
  return at > 0 ? path.slice(at) : path;
}

/** The catalog operation a request names before it is sent, a `{{variable}}` standing for one path segment (a chained id). */
export function operationBeforeSending(request: Pick<ParsedRequest, 'method' | 'target'>): Operation | undefined {
  return matchOperation(request.method.toUpperCase(), catalogPathOf(request.target))?.op;
}

export function requestLabel(request: ParsedRequest): string {
  if (request.name) return request.name;
  if (request.title) return request.title;
  return operationBeforeSending(request)?.title ?? `${request.method.toUpperCase()} ${withoutBase(request.target)}`;
}
