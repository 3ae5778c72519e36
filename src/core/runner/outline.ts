// What a headless run keeps of a long request file while it streams the requests themselves:
// per request only what references are worked out from (its @name, the names of its
// `{{variables}}`, the @expect values that hold one), the file's variables, and the errors that
// stop the file from running. Built from the stream parser's output as the file is read once;
// the requests are parsed again, one at a time, when their turn comes.

import type { Expectation, ParseDiagnostic, RequestFile, VariableDef, VariableRef } from '../requestFile';
import type { RequestFileOutline, RequestReferences } from './dependencies';
import { detached } from '../text/detachedText';

const NONE: ReadonlyArray<never> = Object.freeze([]);

export class OutlineBuilder implements RequestFileOutline {
  readonly requests: RequestReferences[] = [];
  readonly variables: VariableDef[] = [];
  /** Parse errors (warnings are left out: they stop nothing and no report shows them). */
  readonly errors: ParseDiagnostic[] = [];
  /** Lists of reference names, shared: most requests of a long file reference the same few (`{{gatewayUrl}}`). */
  private readonly shared = new Map<string, ReadonlyArray<{ name: string }>>();

  add(part: RequestFile): void {
    for (const request of part.requests) {
      const references: RequestReferences = { variableRefs: this.sharedRefs(request.variableRefs), expectations: filledExpectations(request.expectations) };
      if (request.name !== undefined) references.name = detached(request.name);
      if (request.bodyFileFills) references.bodyFileFills = true;
      this.requests.push(references);
    }
    this.variables.push(...part.variables);
    for (const diagnostic of part.diagnostics) if (diagnostic.severity === 'error') this.errors.push(diagnostic);
  }

  private sharedRefs(refs: readonly VariableRef[]): ReadonlyArray<{ name: string }> {
    if (refs.length === 0) return NONE;
    const key = refs.length === 1 ? refs[0].name : refs.map((ref) => ref.name).join('\n');
    let shared = this.shared.get(key);
    if (!shared) {
      // Names taken from a copy of the key, not from the parsed lines.
      const own = detached(key);
      shared = Object.freeze(own.split('\n').map((name) => ({ name })));
      this.shared.set(own, shared);
    }
    return shared;
  }
}

/** The expectations whose expected value holds a `{{…}}` (what references read of them): usually none, and then no list is made. */
function filledExpectations(expectations: readonly Expectation[]): ReadonlyArray<{ expected: string }> {
  let filled: Array<{ expected: string }> | undefined;
  for (const e of expectations) if (e.expected?.includes('{{')) (filled ??= []).push({ expected: detached(e.expected) });
  return filled ?? NONE;
}
