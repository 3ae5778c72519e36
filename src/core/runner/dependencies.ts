// Chaining: `{{sale1.payload.transaction.id}}` makes a request depend on the request named
// `sale1`, directly or through file variables. Sending a request sends the named requests it
// depends on first, so the order is worked out here, once, for the CLI and the extension.

import type { RequestFile } from '../requestFile';

/** The request a `{{name.path}}` reference points at: the nearest one above `index` with that @name, else any. */
function namedRequestIndex(file: RequestFile, name: string, index: number): number {
  let found = -1;
  file.requests.forEach((r, i) => {
    if (r.name !== name) return;
    if (i < index || found < 0 || found > index) found = i;
  });
  return found;
}

/** The named requests that request `index` references, directly or through file variables. */
export function directDependencies(file: RequestFile, index: number): number[] {
  const request = file.requests[index];
  if (!request) return [];
  const variables = new Map(file.variables.map((v) => [v.name, v]));
  const found = new Set<number>();
  const seenVariables = new Set<string>();
  const visit = (refName: string): void => {
    const variable = variables.get(refName);
    if (variable) {
      if (seenVariables.has(refName)) return;
      seenVariables.add(refName);
      variable.variableRefs.forEach((ref) => visit(ref.name));
      return;
    }
    const dot = refName.search(/[.[]/);
    if (dot <= 0) return;
    const target = namedRequestIndex(file, refName.slice(0, dot), index);
    if (target >= 0 && target !== index) found.add(target);
  };
  request.variableRefs.forEach((ref) => visit(ref.name));
  return [...found].sort((a, b) => a - b);
}

/**
 * Every request that must run before request `index`, dependencies before their dependents,
 * each once. A cycle (a needs b, b needs a) is cut where it closes: the request already on the
 * path is not added again.
 */
export function dependencyOrder(file: RequestFile, index: number): number[] {
  const order: number[] = [];
  const onPath = new Set<number>();
  const visit = (i: number): void => {
    if (onPath.has(i) || order.includes(i)) return;
    onPath.add(i);
    directDependencies(file, i).forEach(visit);
    onPath.delete(i);
    if (i !== index) order.push(i);
  };
  visit(index);
  return order;
}
