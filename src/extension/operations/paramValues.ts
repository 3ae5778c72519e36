// A parameter value against its catalog spec (required, allowed values, check, integer). Pure
// (no vscode): the prompts and the filter box both use it.
import type { ParamSpec } from '../../catalog/types';
import { checks } from '../../core/checks/inputChecks';

export function validateParamValue(spec: ParamSpec, value: string): string | undefined {
  const v = value.trim();
  if (v === '') return spec.required ? `${spec.name} is required: ${spec.doc}` : undefined;
  if (spec.values && !spec.values.includes(v)) return `${spec.name} must be one of ${spec.values.join(', ')}`;
  if (spec.check) return checks[spec.check](v);
  if (spec.type === 'integer' && !/^-?\d+$/.test(v)) return `${spec.name} must be a whole number`;
  return undefined;
}
