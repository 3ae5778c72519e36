// Reading fields out of a decoded body with errors a user can act on: which field, what was
// wrong, what to send instead.

import { normalTransactionType } from '../../catalog';
import { ErrorAnswer } from '../domain/domain';

export const VALIDATION_ERROR = '002';
const FIELD_VALIDATION = '041';

export type Body = Record<string, unknown> | undefined;

export function fieldError(field: string, why: string): ErrorAnswer {
  return new ErrorAnswer(400, FIELD_VALIDATION, `Field Validation: ${field} ${why}.`);
}

export function optionalString(body: Body, field: string): string | undefined {
  const v = body?.[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') {
    throw fieldError(field, `must be a string (write "${String(v)}" in quotes)`);
  }
  throw fieldError(field, 'must be a single value, not an object or a list');
}

export function requiredString(body: Body, field: string): string {
  const v = optionalString(body, field);
  if (v === undefined || v === '') {
    throw new ErrorAnswer(400, VALIDATION_ERROR, `Validation error: ${field} is required.`);
  }
  return v;
}

/** `"true"`/`"false"` strings, or JSON booleans; undefined when absent. */
export function optionalFlag(body: Body, field: string): boolean | undefined {
  const v = body?.[field];
  if (v === undefined || v === null) return undefined;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw fieldError(field, `must be "true" or "false", not ${JSON.stringify(v)}`);
}

/** Throws when `type` is given and is not the one the path selects. */
export function checkTypeField(body: Body, expected: string): void {
  const type = optionalString(body, 'type');
  if (type !== undefined && normalTransactionType(type) !== expected) {
    throw fieldError('type', `is "${type}" but this path performs ${expected}; remove type or send it to the matching path`);
  }
}
