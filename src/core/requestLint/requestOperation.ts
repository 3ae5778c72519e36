// Which catalog operation a request names: its target's path against the catalog templates,
// then its method. Also the nearest known path, for "unknown path" suggestions.

import { aliasTarget, matchAlias, matchOperation, operationById, operations, pathsMatching, type OperationAlias } from '../../catalog';
import type { Operation } from '../../catalog/types';
import { splitTarget, type SplitTarget } from './requestTarget';

export interface RequestOperation {
  /** Undefined when the target cannot be told (e.g. it is one variable). */
  target?: SplitTarget;
  /** Operations on the path, whatever their method (empty: unknown path). */
  onPath: Operation[];
  /** The operation for the request's method and path. */
  op?: Operation;
  /** Path parameter values as written. */
  params: Record<string, string>;
  /** The legacy form the request is written in; `op` is then the operation it becomes, if known. */
  alias?: OperationAlias;
}

/**
 * `bodyType`: the body's `type` value, asked only for a legacy form that a body field routes
 * (the generic transaction endpoint).
 */
export function requestOperation(method: string, target: string, bodyType?: () => string | undefined): RequestOperation {
  const split = splitTarget(target);
  if (!split) return { onPath: [], params: {} };
  const pathname = split.pathname.replace(/\/+$/, '') || '/';
  const matched = matchOperation(method, pathname);
  const alias = matched ? undefined : matchAlias(method, pathname);
  if (alias) {
    const id = aliasTarget(alias, 'operationId' in alias.target ? undefined : bodyType?.());
    const op = id ? operationById(id) : undefined;
    return { target: split, onPath: pathsMatching(pathname), alias, ...(op ? { op } : {}), params: {} };
  }
  return {
    target: split,
    onPath: pathsMatching(pathname),
    ...(matched ? { op: matched.op } : {}),
    params: matched?.params ?? {},
  };
}

const templates = [...new Set(operations.map((op) => op.path))];

/** The catalog path template closest to `pathname` (edit distance, `{param}`s filled from it). */
export function nearestPath(pathname: string): string | undefined {
  const segments = pathname.split('/');
  let best: { template: string; distance: number } | undefined;
  for (const template of templates) {
    const filled = template.split('/').map((s, i) => (/^\{\w+\}$/.test(s) && segments[i] ? segments[i] : s)).join('/');
    const distance = editDistance(pathname, filled);
    if (!best || distance < best.distance) best = { template, distance };
  }
  return best && best.distance <= Math.max(4, Math.floor(pathname.length / 3)) ? best.template : undefined;
}

/**
 * A path this method takes that `pathname` is a small typo of (`…/transactions/sael` for POST →
 * `…/transactions/sale`), even when the typo happens to fit a `{param}` template of another
 * method: then the typo is the likelier mistake than the method.
 */
export function nearestPathForMethod(method: string, pathname: string): string | undefined {
  let best: { path: string; distance: number } | undefined;
  for (const op of operations) {
    if (op.method !== method.toUpperCase() || op.path.includes('{')) continue;
    const distance = editDistance(pathname, op.path);
    if (!best || distance < best.distance) best = { path: op.path, distance };
  }
  return best && best.distance > 0 && best.distance <= 2 ? best.path : undefined;
}

function editDistance(a: string, b: string): number {
  if (a.length > 300 || b.length > 300) return Math.abs(a.length - b.length) + 300;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
