// Which sandbox accounts come back Returned, and with which NACHA return code. This table is
// the single source: the lifecycle, the docs (docs/sandbox.md) and the tests read it.
// The rule is decided when a transaction (or ACH token) is created and stored with it, so the
// state never needs the full account number.

interface AchReturnRule {
  /** The account number ends with these digits. */
  accountEndsWith: string;
  code: string;
  message: string;
}

export const ACH_RETURN_RULES: readonly AchReturnRule[] = [
  { accountEndsWith: '0001', code: 'R01', message: 'Insufficient Funds' },
  { accountEndsWith: '0002', code: 'R02', message: 'Account Closed' },
  { accountEndsWith: '0003', code: 'R03', message: 'No Account/Unable to Locate Account' },
  { accountEndsWith: '0004', code: 'R04', message: 'Invalid Account Number' },
  { accountEndsWith: '0007', code: 'R07', message: 'Authorization Revoked by Customer' },
  { accountEndsWith: '0008', code: 'R08', message: 'Payment Stopped' },
  { accountEndsWith: '0010', code: 'R10', message: 'Customer Advises Not Authorized' },
];

/** What a settling transaction will turn into: `null` settles, a code and message returns. */
export type AchReturnOutcome = { code: string; message: string } | null;

export function returnOutcomeFor(accountNumber: string): AchReturnOutcome {
  const rule = ACH_RETURN_RULES.find((r) => accountNumber.endsWith(r.accountEndsWith));
  return rule ? { code: rule.code, message: rule.message } : null;
}
