// `{{name}}` references that nothing defines: not a file variable, not a built-in, not
// `<named request>.<path>`; references to requests that have no such name; and system
// variables written wrong (`{{$randomInt 5}}`).

import type { Diagnostic } from 'vscode-languageserver-types';
import type { ParsedRequest, VariableRef } from '../../core/requestFile';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { BUILTIN_VARIABLES } from '../../core/requestFile/builtinVariables';
import { isSystemVariable, parseSystemVariable } from '../../core/requestFile/systemVariables';
import { diagnostic } from './diagnostic';
import { shown } from '../../core/requestLint/keyPatterns';

const BUILTINS = new Set(BUILTIN_VARIABLES.map((b) => b.name));

/** What a reference can resolve to, file-wide: the file variables, and named requests by name (the first of a name wins) → request index. */
export interface DefinedNames {
  variables: ReadonlySet<string>;
  named: ReadonlyMap<string, number>;
}

export function variableDiagnostics(doc: AnalyzedDocument): Diagnostic[] {
  const defined: DefinedNames = { variables: new Set(doc.file.variables.map((v) => v.name)), named: doc.namedRequests };
  const out: Diagnostic[] = [];
  doc.requests.forEach((r, i) => out.push(...referenceDiagnostics(unpromptedRefs(r), i, defined)));
  for (const v of doc.file.variables) out.push(...referenceDiagnostics(v.variableRefs, undefined, defined));
  return out;
}

/** The problems of `refs`, written in request `ownRequest` (undefined: in a file variable's value). */
export function referenceDiagnostics(refs: readonly VariableRef[], ownRequest: number | undefined, defined: DefinedNames): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { variables, named } = defined;
  for (const ref of refs) {
    const name = ref.name;
    if (BUILTINS.has(name) || variables.has(name)) continue;
    if (isSystemVariable(name)) {
      const parsed = parseSystemVariable(name);
      if (!parsed.ok) out.push(diagnostic(ref.range, 'invalid-system-variable', parsed.message));
      continue;
    }
    const step = name.search(/[.[]/);
    if (step > 0) {
      const head = name.slice(0, step);
      const index = named.get(head);
      if (index !== undefined && index !== ownRequest) continue;
      if (index !== undefined) {
        out.push(diagnostic(ref.range, 'undefined-variable', `{{${shown(name)}}} uses the response of its own request "${head}": take the value from an earlier named request`));
        continue;
      }
      out.push(diagnostic(ref.range, 'unknown-request', `no request is named "${shown(head)}": name one with "# @name ${shown(head)}" above its request line${named.size ? ` (named here: ${[...named.keys()].slice(0, 8).join(', ')})` : ''}`));
      continue;
    }
    out.push(diagnostic(ref.range, 'undefined-variable',
      `undefined variable {{${shown(name)}}}: define it with "@${shown(name)} = value" in this file, or use {{gatewayUrl}} / {{boardingUrl}} or {{<named request>.<path>}}`));
  }
  return out;
}

/** A request's references but those to its own `# @prompt` variables, which get their values when it is sent. */
export function unpromptedRefs(request: ParsedRequest): readonly VariableRef[] {
  const prompts = request.prompts;
  if (!prompts) return request.variableRefs;
  return request.variableRefs.filter((ref) => !prompts.some((p) => p.name === ref.name));
}
