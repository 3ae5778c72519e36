// What a settling ACH transaction turns into, by the catalog's public table of returning
// accounts. The rule is decided when a transaction (or ACH token) is created and stored with
// it, so the state never needs the full account number.

import { ACH_RETURN_RULES } from '../../catalog/localSandbox/achReturns';

/** What a settling transaction will turn into: `null` settles, a code and message returns. */
export type AchReturnOutcome = { code: string; message: string } | null;

export function returnOutcomeFor(accountNumber: string): AchReturnOutcome {
  const rule = ACH_RETURN_RULES.find((r) => accountNumber.endsWith(r.accountEndsWith));
  return rule ? { code: rule.code, message: rule.message } : null;
}
