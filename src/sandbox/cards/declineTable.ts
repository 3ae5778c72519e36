// Sandbox results driven by amount, from the "error generation" table of docs/gateway-facts.md §6,
// in its order. Where the facts list an amount twice (0.04 under both 004 and 023), the
// FIRST mapping wins, so 0.04 answers 004. Amounts not listed are approved.

interface AmountRule {
  amounts: readonly string[];
  resultCode: string;
  message: string;
  /** `result` of the declined transaction when not plain DECLINED. */
  result?: string;
}

export const DECLINE_TABLE: readonly AmountRule[] = [
  { amounts: ['0.49', '0.80', '0.81', '0.82'], resultCode: '000', message: 'Transaction approved' },
  { amounts: ['0.29'], resultCode: '003', message: 'Card expired' },
  { amounts: ['0.04', '0.05'], resultCode: '004', message: 'Card expired' },
  { amounts: ['0.40'], resultCode: '006', message: 'PIN tries exceeded' },
  { amounts: ['0.01', '0.02'], resultCode: '007', message: 'Referral: call the card issuer', result: 'DECLINED_BY_ISSUER_REFERRED_PLEASE_CALL_CARD_ISSUER' },
  { amounts: ['0.11', '0.32'], resultCode: '008', message: 'Invalid amount' },
  { amounts: ['0.14'], resultCode: '009', message: 'Invalid card number' },
  { amounts: ['0.36', '0.37', '0.38'], resultCode: '010', message: 'Account not found' },
  { amounts: ['0.31', '0.35', '0.39'], resultCode: '011', message: 'Invalid request' },
  { amounts: ['0.21'], resultCode: '012', message: 'Insufficient funds' },
  { amounts: ['0.23'], resultCode: '014', message: 'Exceeds limit' },
  { amounts: ['0.43', '0.44'], resultCode: '015', message: 'Transaction not permitted' },
  { amounts: ['0.22', '0.25', '0.71'], resultCode: '016', message: 'Exceeds frequency limit' },
  { amounts: ['0.12', '0.13', '0.47'], resultCode: '018', message: 'Invalid PIN' },
  { amounts: ['0.48'], resultCode: '021', message: 'Invalid CSC' },
  { amounts: ['0.16'], resultCode: '022', message: 'Cash back limit exceeded' },
  { amounts: ['0.04', '0.09', '0.15', '0.17'], resultCode: '023', message: 'Declined' },
  { amounts: ['0.10'], resultCode: '024', message: 'Previously reversed' },
  { amounts: ['0.34'], resultCode: '027', message: 'Original transaction not found' },
  { amounts: ['0.46'], resultCode: '030', message: 'Invalid merchant id' },
  { amounts: ['0.03'], resultCode: '031', message: 'Retry the transaction' },
  { amounts: ['0.54'], resultCode: '032', message: 'Duplicate transaction' },
];

const byAmount = new Map<string, AmountRule>();
for (const rule of DECLINE_TABLE) {
  for (const amount of rule.amounts) if (!byAmount.has(amount)) byAmount.set(amount, rule);
}

/** The decline for `amount`, or undefined when it is approved. */
export function declineFor(amount: string): AmountRule | undefined {
  const rule = byAmount.get(amount);
  return rule && rule.resultCode !== '000' ? rule : undefined;
}
