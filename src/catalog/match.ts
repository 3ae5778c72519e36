// Resolves a request path to catalog operations. A path resolves to the most specific template
// that matches it (literal segments beat `{param}` segments, compared left to right), and only
// then is the method looked at: so `PUT /rest/v2/transactions/sale` is "wrong method" for the
// sale path rather than a tip adjustment of a transaction called "sale".
import type { Operation } from './types';
import { operations } from './operationList';

interface Route {
  template: string;
  /** Literal segment text, or `undefined` where the template has a `{param}`. */
  literals: readonly (string | undefined)[];
  paramNames: readonly (string | undefined)[];
  ops: Operation[];
}

const paramSegment = /^\{(\w+)\}$/;

function compile(): Route[] {
  const byTemplate = new Map<string, Route>();
  for (const op of operations) {
    let route = byTemplate.get(op.path);
    if (!route) {
      const segments = op.path.split('/');
      const names = segments.map((s) => paramSegment.exec(s)?.[1]);
      route = { template: op.path, paramNames: names, literals: segments.map((s, i) => (names[i] ? undefined : s)), ops: [] };
      byTemplate.set(op.path, route);
    }
    route.ops.push(op);
  }
  return [...byTemplate.values()];
}

const routes = compile();

/** Compares two matching routes segment by segment: the first literal-vs-param difference decides. */
function moreSpecific(a: Route, b: Route): boolean {
  for (let i = 0; i < a.literals.length; i++) {
    const aLiteral = a.literals[i] !== undefined;
    const bLiteral = b.literals[i] !== undefined;
    if (aLiteral !== bLiteral) return aLiteral;
  }
  return false;
}

interface Resolved { route: Route; params: Record<string, string> }

function tryRoute(route: Route, segments: readonly string[]): Record<string, string> | undefined {
  if (route.literals.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const name = route.paramNames[i];
    const segment = segments[i];
    if (name === undefined) {
      if (route.literals[i] !== segment) return undefined;
      continue;
    }
    if (segment === '') return undefined;
    try {
      params[name] = decodeURIComponent(segment);
    } catch {
      return undefined; // malformed percent-encoding cannot name a resource
    }
  }
  return params;
}

function resolve(pathname: string): Resolved | undefined {
  const segments = pathname.split('/');
  let best: Resolved | undefined;
  for (const route of routes) {
    const params = tryRoute(route, segments);
    if (params && (!best || moreSpecific(route, best.route))) best = { route, params };
  }
  return best;
}

/** The operation for a method and path, with its URL-decoded path parameters. */
export function matchOperation(method: string, pathname: string): { op: Operation; params: Record<string, string> } | undefined {
  const resolved = resolve(pathname);
  const wanted = method.toUpperCase();
  const op = resolved?.route.ops.find((o) => o.method === wanted);
  return op && resolved ? { op, params: resolved.params } : undefined;
}

/** Every operation on the path the pathname resolves to, whatever its method (empty: unknown path). */
export function pathsMatching(pathname: string): Operation[] {
  return [...(resolve(pathname)?.route.ops ?? [])];
}
