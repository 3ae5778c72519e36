// Result codes the ACH module answers with, named once (values from the gateway's result-code list).

import { ErrorAnswer } from '../domain/domain';

export const ACH_RESULT = {
  /** 400: a field is missing or has an invalid value. */
  fieldInvalid: '041',
  /** 400: the request is well formed but not allowed in the resource's current state. */
  validation: '002',
  /** 400: a transaction id is required. */
  idRequired: '003',
  /** 400: an ACH token for this account already exists (its id rides in `links[0].id`). */
  tokenExists: '028',
  /** 404: no such transaction, token or provider. */
  notFound: '404',
} as const;

/** One 400 naming every invalid field, so a user fixes them all in one go. */
export function fieldProblems(problems: readonly string[]): ErrorAnswer {
  return new ErrorAnswer(400, ACH_RESULT.fieldInvalid, problems.join(' '));
}

export function notFound(what: string, id: string, hint: string): ErrorAnswer {
  return new ErrorAnswer(404, ACH_RESULT.notFound, `No ${what} with id "${id}". ${hint}`);
}
