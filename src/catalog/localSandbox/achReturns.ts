// Which Local sandbox accounts come back Returned, and with which NACHA return code: public
// behaviour the ACH lifecycle runs on, the docs (docs/sandbox.md) list and the language server
// offers (completion, hover). This table is the single source.

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
