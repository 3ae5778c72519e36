// Routing by catalog operation id: the catalog decides which operation a method and path
// are, this table decides which module answers it.

import { matchAlias, operations, requireOperation, type OperationAlias } from '../../catalog';
import { matchOperation, pathsMatching } from '../../catalog/match';
import type { Operation } from '../../catalog/types';
import type { Handler } from '../domain/domain';
import type { AnyModule } from '../domain/state';

export type Route =
  | { kind: 'operation'; op: Operation; params: Record<string, string>; alias?: OperationAlias }
  /** A legacy form whose operation a body field selects (the generic transaction endpoint). */
  | { kind: 'by-field'; alias: OperationAlias; template: Operation }
  | { kind: 'not-found'; message: string }
  | { kind: 'wrong-method'; allow: string[]; message: string };

// Clients repeat the same few method + path pairs, and matching one walks every catalog
// template; so answers are remembered, up to a bound that unknown paths cannot grow past.
// PERF(bench/sandboxThroughput.ts), guarded by test/core/performanceGuards.test.ts.
// Keyed by method, then path: no key string to build per request.
const ROUTE_CACHE_SIZE = 512;
const routeCache = new Map<string, Map<string, Route>>();
let cachedRoutes = 0;

/** The route for a method and path. The answer is shared between requests: treat it as read-only. */
export function route(method: string, pathname: string): Route {
  let byPath = routeCache.get(method);
  let found = byPath?.get(pathname);
  if (!found) {
    if (cachedRoutes >= ROUTE_CACHE_SIZE) {
      routeCache.clear();
      cachedRoutes = 0;
      byPath = undefined;
    }
    if (!byPath) {
      byPath = new Map();
      routeCache.set(method, byPath);
    }
    found = resolveRoute(method, pathname);
    byPath.set(pathname, found);
    cachedRoutes++;
  }
  return found;
}

function resolveRoute(method: string, pathname: string): Route {
  const hit = matchOperation(method, pathname);
  if (hit) return { kind: 'operation', op: hit.op, params: hit.params };
  const alias = matchAlias(method, pathname);
  if (alias) {
    if ('operationId' in alias.target) return { kind: 'operation', op: requireOperation(alias.target.operationId), params: {}, alias };
    // Every operation the field can select takes the same body formats; the first one stands
    // in for them until the body is read.
    const template = requireOperation(Object.values(alias.target.values)[0]);
    return { kind: 'by-field', alias, template };
  }
  const samePath = pathsMatching(pathname);
  if (samePath.length > 0) {
    const allow = [...new Set(samePath.map(op => op.method))].sort();
    return {
      kind: 'wrong-method', allow,
      message: `Method ${method} is not allowed on ${pathname}: use ${allow.join(', ')}.`,
    };
  }
  return {
    kind: 'not-found',
    message: `No gateway operation at ${pathname}. Check the path against the interface (for example /rest/v2/transactions/sale).`,
  };
}

interface HandlerEntry { module: AnyModule; handler: Handler<unknown> }

export class HandlerTable {
  private readonly byId = new Map<string, HandlerEntry>();

  constructor(readonly modules: readonly AnyModule[]) {
    for (const module of modules) {
      for (const [id, handler] of Object.entries(module.handlers)) {
        const earlier = this.byId.get(id);
        if (earlier) throw new Error(`Operation ${id} has handlers in both ${earlier.module.name} and ${module.name}.`);
        this.byId.set(id, { module, handler: handler as Handler<unknown> });
      }
    }
  }

  get(operationId: string): HandlerEntry | undefined {
    return this.byId.get(operationId);
  }

  /** Catalog operations nobody answers, and handlers for ids the catalog does not know. */
  gaps(): { missing: string[]; unknown: string[] } {
    const known = new Set(operations.map(op => op.id));
    return {
      missing: operations.filter(op => !this.byId.has(op.id)).map(op => op.id),
      unknown: [...this.byId.keys()].filter(id => !known.has(id)),
    };
  }
}

/** Throws, listing the gaps, unless every catalog operation has exactly one handler. */
export function assertEveryOperationHasHandler(table: HandlerTable): void {
  const { missing, unknown } = table.gaps();
  const problems: string[] = [];
  if (missing.length) problems.push(`no handler for ${missing.join(', ')}`);
  if (unknown.length) problems.push(`handlers for ids not in the catalog: ${unknown.join(', ')}`);
  if (problems.length) throw new Error(`Sandbox routing is incomplete: ${problems.join('; ')}.`);
}
