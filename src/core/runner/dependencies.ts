// Chaining: `{{sale1.payload.transaction.id}}` makes a request depend on the request named
// `sale1`, directly or through file variables. Sending a request sends the named requests it
// depends on first, so the order is worked out here, once, for the CLI and the extension.
// What a file references is worked out once per file (not once per request: at 10k requests
// that was quadratic), and also tells a headless run which named responses it may forget.

import { findVariableRefs } from '../requestFile';

/** What references are worked out from, per request: a ParsedRequest has it, and so has a run's slimmer outline. */
export interface RequestReferences {
  name?: string;
  variableRefs: ReadonlyArray<{ name: string }>;
  expectations: ReadonlyArray<{ expected?: string }>;
  /** A `<@ path` body, whose `{{…}}` are unknown until it is read: it may read any named response. */
  bodyFileFills?: true;
}

/**
 * A file as far as references go: a RequestFile is one; a headless run of a long file keeps
 * only this (runner/outline.ts) while it streams the requests themselves.
 */
export interface RequestFileOutline {
  requests: ReadonlyArray<RequestReferences>;
  variables: ReadonlyArray<{ name: string; variableRefs: ReadonlyArray<{ name: string }> }>;
}

/** `sale1` of `sale1.payload.transaction.id`; undefined for a plain variable name. */
export function responseNameOf(refName: string): string | undefined {
  const dot = refName.search(/[.[]/);
  return dot > 0 ? refName.slice(0, dot) : undefined;
}

/** Shared by every request that references nothing (most of them): never modified. */
const NONE: readonly number[] & readonly string[] = Object.freeze([]);

/** The expectations holding a `{{…}}` of a request that has none at all: shared, never modified. */
const NONE_FILLED: ReadonlyArray<{ expected?: string }> = Object.freeze([]);

/** What each request of one file reads: named requests it depends on, responses it uses. */
export class FileReferences {
  /** Indices of the requests carrying each @name, ascending. */
  private readonly byName = new Map<string, number[]>();
  private readonly variables: Map<string, string[]>;
  private readonly direct: ReadonlyArray<readonly number[]>;
  private readonly readNames: ReadonlyArray<readonly string[]>;

  constructor(private readonly file: RequestFileOutline) {
    file.requests.forEach((r, i) => {
      if (r.name === undefined) return;
      const list = this.byName.get(r.name);
      if (list) list.push(i);
      else this.byName.set(r.name, [i]);
    });
    this.variables = new Map(file.variables.map((v) => [v.name, v.variableRefs.map((ref) => ref.name)]));
    this.direct = file.requests.map((_r, i) => this.directOf(i));
    this.readNames = file.requests.map((_r, i) => this.namesOf(i));
  }

  /** Response names reached from `refNames`, through file variables (each visited once). */
  private responseNames(refNames: readonly string[]): Set<string> {
    const found = new Set<string>();
    const seenVariables = new Set<string>();
    const visit = (refName: string): void => {
      const inner = this.variables.get(refName);
      if (inner) {
        if (seenVariables.has(refName)) return;
        seenVariables.add(refName);
        inner.forEach(visit);
        return;
      }
      const name = responseNameOf(refName);
      if (name !== undefined) found.add(name);
    };
    refNames.forEach(visit);
    return found;
  }

  /** The request a `{{name.path}}` reference points at: the nearest one above `index` with that @name, else any. */
  private namedRequestIndex(name: string, index: number): number {
    const list = this.byName.get(name);
    if (!list) return -1;
    let below = -1;
    for (const i of list) if (i < index) below = i;
    if (below >= 0) return below;
    return list.includes(index) ? index : (list[list.length - 1]);
  }

  /** The last list mayReadResponses looked at, and its answer: a run's outline shares one list among the many requests that reference the same names. */
  private lastRefs?: ReadonlyArray<{ name: string }>;
  private lastMayRead = false;

  /** True when some of `refs` may name a response: a dotted name, or a file variable (which may hold one). */
  private mayReadResponses(refs: ReadonlyArray<{ name: string }>): boolean {
    if (refs === this.lastRefs) return this.lastMayRead;
    this.lastRefs = refs;
    this.lastMayRead = refs.some((ref) => this.variables.has(ref.name) || responseNameOf(ref.name) !== undefined);
    return this.lastMayRead;
  }

  private directOf(index: number): readonly number[] {
    const request = this.file.requests[index];
    // Most requests of a long file reference only {{gatewayUrl}}: no sets or lists made for them.
    if (!request || !this.mayReadResponses(request.variableRefs)) return NONE;
    const found = new Set<number>();
    for (const name of this.responseNames(request.variableRefs.map((ref) => ref.name))) {
      const target = this.namedRequestIndex(name, index);
      if (target >= 0 && target !== index) found.add(target);
    }
    return [...found].sort((a, b) => a - b);
  }

  /** Names whose responses request `index` reads: in its target, headers, body and @expect values. */
  private namesOf(index: number): readonly string[] {
    const request = this.file.requests[index];
    if (!request) return NONE;
    if (request.bodyFileFills) return [...this.byName.keys()];
    const filledExpectations = request.expectations.length === 0 ? NONE_FILLED : request.expectations.filter((e) => e.expected?.includes('{{'));
    if (filledExpectations.length === 0 && !this.mayReadResponses(request.variableRefs)) return NONE;
    const refs = request.variableRefs.map((ref) => ref.name);
    for (const expectation of filledExpectations) refs.push(...findVariableRefs(expectation.expected ?? '', 0, 0).map((ref) => ref.name));
    return [...this.responseNames(refs)];
  }

  dependencies(index: number): readonly number[] {
    return this.direct[index] ?? [];
  }

  namesReadBy(index: number): readonly string[] {
    return this.readNames[index] ?? [];
  }

  /** See dependencyOrder. */
  order(index: number): number[] {
    const order: number[] = [];
    if (this.dependencies(index).length === 0) return order;
    const placed = new Set<number>();
    const onPath = new Set<number>();
    const visit = (i: number): void => {
      if (onPath.has(i) || placed.has(i)) return;
      onPath.add(i);
      this.dependencies(i).forEach(visit);
      onPath.delete(i);
      placed.add(i);
      if (i !== index) order.push(i);
    };
    visit(index);
    return order;
  }

  /**
   * order(index) with what `text` also needs: the `<@ path` body file request `index` sends,
   * whose `{{…}}` only reading it tells. Each file dependency comes after its own dependencies.
   */
  orderWithBodyFile(index: number, text: string): number[] {
    const order = [...this.order(index)];
    for (const name of this.responseNames(findVariableRefs(text, 0, 0).map((ref) => ref.name))) {
      const target = this.namedRequestIndex(name, index);
      if (target < 0 || target === index) continue;
      for (const i of [...this.order(target), target]) if (i !== index && !order.includes(i)) order.push(i);
    }
    return order;
  }

  /**
   * Requests that must run before some request above them: its dependencies below it, and
   * theirs, that are not above it. A streamed run parses these ahead; there are usually none.
   */
  below(): Set<number> {
    const found = new Set<number>();
    this.direct.forEach((direct, index) => {
      if (direct.length === 0) return;   // most requests: no list to filter and drop
      const stack = direct.filter((d) => d > index);
      while (stack.length > 0) {
        const next = stack.pop() as number;
        if (found.has(next)) continue;
        found.add(next);
        for (const d of this.dependencies(next)) if (d > index) stack.push(d);
      }
    });
    return found;
  }
}

const cache = new WeakMap<RequestFileOutline, FileReferences>();

/** The references of a parsed file, worked out on first use (a parsed file does not change). */
export function fileReferences(file: RequestFileOutline): FileReferences {
  let references = cache.get(file);
  if (!references) {
    references = new FileReferences(file);
    cache.set(file, references);
  }
  return references;
}

/** The named requests that request `index` references, directly or through file variables. */
export function directDependencies(file: RequestFileOutline, index: number): number[] {
  return [...fileReferences(file).dependencies(index)];
}

/**
 * Every request that must run before request `index`, dependencies before their dependents,
 * each once. A cycle (a needs b, b needs a) is cut where it closes: the request already on the
 * path is not added again.
 */
export function dependencyOrder(file: RequestFileOutline, index: number): number[] {
  return fileReferences(file).order(index);
}
