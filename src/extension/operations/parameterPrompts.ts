// Asks for an operation's missing required path and query parameters: a quick pick for an
// enumeration, otherwise an input box validated live by the parameter's catalog check.
import * as vscode from 'vscode';
import type { Operation, ParamSpec } from '../../catalog/types';
import type { OperationVars } from '../contracts';

import { validateParamValue as validateParam } from './paramValues';
import { example, parseFilters, SEARCH_FILTERS } from './filterInput';

async function askOne(op: Operation, spec: ParamSpec, step: number, steps: number, offerSandboxValue: boolean): Promise<string | undefined> {
  const title = `${op.title}: ${spec.name} (${step}/${steps})`;
  if (spec.values) {
    return vscode.window.showQuickPick([...spec.values], { title, placeHolder: spec.doc, ignoreFocusOut: true });
  }
  const offered = offerSandboxValue ? spec.sandboxValue : undefined;
  const value = await vscode.window.showInputBox({
    title,
    prompt: offered ? `${spec.doc} (${offered} works on the Local sandbox.)` : spec.doc,
    ...(offered ? { value: offered } : {}),
    ignoreFocusOut: true,
    validateInput: (v) => validateParam(spec, v),
  });
  return value?.trim();
}

/**
 * The vars completed with every missing required parameter (only path ones with `pathOnly`: a
 * request document shows the rest); undefined when the user cancelled. On the Local sandbox a
 * value it accepts is offered.
 */
export async function askForMissingParams(
  op: Operation, vars: OperationVars = {}, options: { pathOnly?: boolean; localSandbox?: boolean } = {},
): Promise<Record<string, string> | undefined> {
  const missing = op.params.filter((p) => p.required && (!options.pathOnly || p.in === 'path') && (vars[p.name] === undefined || vars[p.name] === ''));
  const filled: Record<string, string> = { ...vars };
  for (const [i, spec] of missing.entries()) {
    const value = await askOne(op, spec, i + 1, missing.length, options.localSandbox === true);
    if (value === undefined) return undefined;
    filled[spec.name] = value;
  }
  return filled;
}

/**
 * The optional filters of a search run from the palette (without vars), in one box; Enter on
 * an empty box searches without filters. Undefined when the user cancelled.
 */
export async function askSearchFilters(op: Operation, vars: OperationVars | undefined): Promise<OperationVars | undefined> {
  const names = SEARCH_FILTERS[op.id];
  if (!names || (vars && Object.keys(vars).length > 0)) return vars ?? {};
  const text = await vscode.window.showInputBox({
    title: `${op.title}: filters (all optional)`,
    prompt: `name=value pairs: ${names.join(', ')}. Enter on an empty box searches without filters.`,
    placeHolder: example(names),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const parsed = parseFilters(op, names, value);
      return 'problem' in parsed ? parsed.problem : undefined;
    },
  });
  if (text === undefined) return undefined;
  const parsed = parseFilters(op, names, text);
  return 'vars' in parsed ? parsed.vars : undefined;
}
