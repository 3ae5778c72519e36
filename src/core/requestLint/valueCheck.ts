// One verdict on one written value against its FieldSpec or ParamSpec: enum values, the
// catalog's named check (Luhn, ABA, amount, MMYY, dates, …) and the basic type. Values holding
// `{{variables}}` are never judged: they are filled at send time.

import type { CheckName, FieldSpec, ParamSpec } from '../../catalog/types';
import { checks } from '../checks/inputChecks';
import { TOKEN_ID_PATTERN } from '../../catalog/localSandbox/tokenIds';
import { shown } from './keyPatterns';

type ValueSpec = Pick<FieldSpec, 'name' | 'values' | 'check' | 'anyCase'> & { type: FieldSpec['type'] | ParamSpec['type'] };

const allowed = (spec: ValueSpec, value: string): boolean =>
  !!spec.values?.some((v) => v === value || (spec.anyCase === true && v.toLowerCase() === value.toLowerCase()));

const TYPE_CHECKS: Partial<Record<ValueSpec['type'], (v: string) => string | undefined>> = {
  boolean: (v) => (v === 'true' || v === 'false' ? undefined : 'not a boolean: write true or false'),
  integer: (v) => (/^-?\d+$/.test(v) ? undefined : 'not a whole number: use digits only'),
};

/** Where a card field also takes a stored token id (a token id need not pass Luhn). */
const acceptsToken = (check: CheckName | undefined, value: string): boolean => check === 'luhn' && TOKEN_ID_PATTERN.test(value);

/** An actionable message, or undefined when the value is fine (or cannot be judged yet). */
export function valueProblem(spec: ValueSpec, value: string): string | undefined {
  if (value.includes('{{')) return undefined;
  if (spec.values && spec.values.length > 0 && !allowed(spec, value)) {
    return `"${shown(value)}" is not an allowed value of ${spec.name}: use one of ${spec.values.join(', ')}`;
  }
  if (spec.check && !acceptsToken(spec.check, value)) {
    const problem = checks[spec.check](value);
    if (problem) return `${spec.name}: ${problem}`;
  }
  const typeProblem = TYPE_CHECKS[spec.type]?.(value);
  return typeProblem ? `${spec.name}: ${typeProblem}` : undefined;
}
