// What a headless run keeps of a long request file while it streams the requests themselves:
// per request only what references are worked out from (its @name, the names of its
// `{{variables}}`, the @expect values that hold one), the file's variables, and the errors that
// stop the file from running. Built from the stream parser's output as the file is read once;
// the requests are parsed again, one at a time, when their turn comes.

import type { ParseDiagnostic, RequestFile, VariableDef } from '../requestFile';
import type { RequestFileOutline, RequestReferences } from './dependencies';
import { detached } from '../detachedText';

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
      const refs = request.variableRefs.length === 0 ? NONE : this.sharedRefs(request.variableRefs.map((ref) => ref.name));
      const filled = request.expectations.filter((e) => e.expected?.includes('{{')).map((e) => ({ expected: detached(e.expected as string) }));
      const references: RequestReferences = { variableRefs: refs, expectations: filled.length === 0 ? NONE : filled };
      if (request.name !== undefined) references.name = detached(request.name);
      this.requests.push(references);
    }
    this.variables.push(...part.variables);
    for (const diagnostic of part.diagnostics) if (diagnostic.severity === 'error') this.errors.push(diagnostic);
  }

  private sharedRefs(names: string[]): ReadonlyArray<{ name: string }> {
    const key = names.join('\n');
    let refs = this.shared.get(key);
    if (!refs) {
      // Names taken from the key (a string of its own), not from the parsed lines.
      refs = Object.freeze(key.split('\n').map((name) => ({ name })));
      this.shared.set(key, refs);
    }
    return refs;
  }
}
