// Special values of the Local sandbox offered as completion items, read from the catalog's
// public tables the sandbox itself runs on (so the editor cannot promise what the sandbox does not do).
import { DECLINE_TABLE } from '../../catalog/localSandbox/declineAmounts';
import { ACH_RETURN_RULES } from '../../catalog/localSandbox/achReturns';
import { AVS_BY_ZIP, CSC_BY_VALUE } from '../../catalog/localSandbox/verificationValues';

interface SpecialValue {
  value: string;
  /** One line: what the sandbox does with it. */
  meaning: string;
}

/** Each amount once, with its first mapping (the one the sandbox applies). */
export const DECLINE_AMOUNTS: readonly SpecialValue[] = (() => {
  const seen = new Map<string, SpecialValue>();
  for (const rule of DECLINE_TABLE) {
    for (const amount of rule.amounts) {
      if (seen.has(amount)) continue;
      const outcome = rule.resultCode === '000' ? 'approved' : `declined ${rule.resultCode}`;
      seen.set(amount, { value: amount, meaning: `Local sandbox: ${outcome} — ${rule.message}` });
    }
  }
  return [...seen.values()];
})();

/** Account numbers ending in each rule's digits come back Returned with its R-code. */
export const RETURNING_ACCOUNTS: readonly SpecialValue[] = ACH_RETURN_RULES.map((rule) => ({
  value: `123456${rule.accountEndsWith}`,
  meaning: `Local sandbox: settles as Returned ${rule.code} (${rule.message}) — any account ending in ${rule.accountEndsWith}`,
}));

/** CSC values that produce each non-matching CSC result; any other CSC matches (M). */
export const CSC_VALUES: readonly SpecialValue[] = [
  { value: '999', meaning: 'Local sandbox: csc-result-code M — CSC matches' },
  ...Object.entries(CSC_BY_VALUE).map(([value, r]) => ({ value, meaning: `Local sandbox: csc-result-code ${r.code} — ${r.description}` })),
];

/** Billing zip codes that produce each AVS result; any other 5-digit zip matches (Y). */
export const AVS_ZIPS: readonly SpecialValue[] = [
  { value: '85284', meaning: 'Local sandbox: avs-result-code Y — street address and five-digit zip match' },
  ...Object.entries(AVS_BY_ZIP).map(([value, r]) => ({ value, meaning: `Local sandbox: avs-result-code ${r.code} — ${r.description}` })),
];
