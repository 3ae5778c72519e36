// `{{name}}` references that nothing defines: not a file variable, not a built-in, not
// `<named request>.<path>`; and references to requests that have no such name.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { VariableRef } from '../../core/requestFile';
import type { AnalyzedDocument } from '../analyzedDocument';
import { BUILTIN_VARIABLES } from '../../core/requestFile/builtinVariables';
import { diagnostic } from './diagnostic';
import { shown } from '../../core/requestLint/keyPatterns';

const BUILTINS = new Set(BUILTIN_VARIABLES.map((b) => b.name));

export function variableDiagnostics(doc: AnalyzedDocument): Diagnostic[] {
  const out: Diagnostic[] = [];
  const fileVariables = new Set(doc.file.variables.map((v) => v.name));
  const named = doc.namedRequests;
  const check = (ref: VariableRef, ownRequest: number | undefined): void => {
    const name = ref.name;
    if (BUILTINS.has(name) || fileVariables.has(name)) return;
    const step = name.search(/[.[]/);
    if (step > 0) {
      const head = name.slice(0, step);
      const index = named.get(head);
      if (index !== undefined && index !== ownRequest) return;
      if (index !== undefined) {
        out.push(diagnostic(ref.range, 'undefined-variable', `{{${shown(name)}}} uses the response of its own request "${head}": take the value from an earlier named request`));
        return;
      }
      out.push(diagnostic(ref.range, 'unknown-request', `no request is named "${shown(head)}": name one with "# @name ${shown(head)}" above its request line${named.size ? ` (named here: ${[...named.keys()].slice(0, 8).join(', ')})` : ''}`));
      return;
    }
    out.push(diagnostic(ref.range, 'undefined-variable',
      `undefined variable {{${shown(name)}}}: define it with "@${shown(name)} = value" in this file, or use {{gatewayUrl}} / {{boardingUrl}} or {{<named request>.<path>}}`));
  };
  doc.requests.forEach((r, i) => r.variableRefs.forEach((ref) => check(ref, i)));
  for (const v of doc.file.variables) v.variableRefs.forEach((ref) => check(ref, undefined));
  return out;
}
