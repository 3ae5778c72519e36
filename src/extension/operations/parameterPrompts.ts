// Asks for an operation's missing required path and query parameters: a quick pick for an
// enumeration, otherwise an input box validated live by the parameter's catalog check.
import * as vscode from 'vscode';
import type { Operation, ParamSpec } from '../../catalog/types';
import { checks } from '../../core/inputChecks';
import type { OperationVars } from '../contracts';

export function validateParam(spec: ParamSpec, value: string): string | undefined {
  const v = value.trim();
  if (v === '') return spec.required ? `${spec.name} is required: ${spec.doc}` : undefined;
  if (spec.values && !spec.values.includes(v)) return `${spec.name} must be one of ${spec.values.join(', ')}`;
  if (spec.check) return checks[spec.check](v);
  if (spec.type === 'integer' && !/^-?\d+$/.test(v)) return `${spec.name} must be a whole number`;
  return undefined;
}

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
