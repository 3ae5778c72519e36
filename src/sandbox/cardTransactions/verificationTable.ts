// AVS and CSC results the sandbox answers, as data (docs/sandbox.md "AVS and CSC test values").
// docs/gateway-facts.md gives the code sets (avs-result-code N,Y,A,G,R,S,U,W,X,Z; csc-result-code
// M,N,P,S,U,X, each with a -description); which test input yields which code is our choice,
// made so that every code can be produced on purpose.

import { AVS_BY_ZIP, CSC_BY_VALUE, type VerificationResult } from '../../catalog/localSandbox/verificationValues';

export type { VerificationResult };

const AVS_FULL_MATCH_5: VerificationResult = { code: 'Y', description: 'Street address and five-digit zip code match' };
const AVS_FULL_MATCH_9: VerificationResult = { code: 'X', description: 'Street address and nine-digit zip code match' };
const AVS_ZIP9_ONLY: VerificationResult = { code: 'W', description: 'Nine-digit zip code matches, street address does not' };

/**
 * The AVS results no single listed zip gives, with a zip that gives each (docs/sandbox.md: "any
 * other 5 digits", "30000 + 4 digits", "any other 9 digits"): what outcome coverage suggests.
 */
export const AVS_COMPUTED: ReadonlyArray<{ result: VerificationResult; zip: string }> = [
  { result: AVS_FULL_MATCH_5, zip: '85284' },
  { result: AVS_ZIP9_ONLY, zip: '300001234' },
  { result: AVS_FULL_MATCH_9, zip: '852841234' },
];

/**
 * The AVS result for a billing address, or undefined when neither a zip nor a street was sent
 * (the gateway returns AVS results only when address data is sent).
 */
export function avsResult(zip: string | undefined, street: string | undefined): VerificationResult | undefined {
  const digits = (zip ?? '').replace(/\D/g, '');
  if (digits.length === 0) return street ? AVS_BY_ZIP['50000'] : undefined;
  const listed = AVS_BY_ZIP[digits.slice(0, 5)];
  if (digits.length === 9) {
    if (digits.slice(0, 5) === '30000') return AVS_ZIP9_ONLY;
    return listed ?? AVS_FULL_MATCH_9;
  }
  return listed ?? AVS_FULL_MATCH_5;
}

const CSC_MATCH: VerificationResult = { code: 'M', description: 'CSC matches' };

/** The CSC result of any CSC not listed, with one that gives it (docs/sandbox.md: "e.g. 999"). */
export const CSC_COMPUTED = { result: CSC_MATCH, csc: '999' } as const;

/** The "Invalid CSC" decline amount (docs/gateway-facts.md §6: 0.48 → 021) also reports a mismatch. */
const INVALID_CSC_AMOUNT = '0.48';

/** The CSC result, or undefined when no CSC was sent. */
export function cscResult(csc: string | undefined, amount: string): VerificationResult | undefined {
  if (csc === undefined || csc === '') return undefined;
  if (amount === INVALID_CSC_AMOUNT) return CSC_BY_VALUE['000'];
  return CSC_BY_VALUE[csc] ?? CSC_MATCH;
}

/** AVS filter names of the settings (`response-filter/name`) by the result code each covers. */
export const AVS_FILTER_BY_CODE: Readonly<Record<string, string>> = {
  Y: 'ADDRESS_AND_FIVE_DIGIT_ZIP_MATCH',
  X: 'ADDRESS_AND_NINE_DIGIT_ZIP_MATCH',
  A: 'ADDRESS_MATCH_ONLY',
  Z: 'FIVE_DIGIT_ZIP_MATCH_ONLY',
  W: 'NINE_DIGIT_ZIP_MATCH_ONLY',
  N: 'NO_MATCH',
  U: 'ADDRESS_UNAVAILABLE',
  R: 'RETRY',
  S: 'SERVICE_NOT_SUPPORTED',
  G: 'GLOBAL_NON_PARTICIPANT',
};

/** CSC filter names (the settings' `response-filters` lists the accepted ones) by result code. */
export const CSC_FILTER_BY_CODE: Readonly<Record<string, string>> = {
  M: 'CSC_MATCHED',
  N: 'CSC_NOT_MATCHED',
  P: 'CSC_NOT_PROCESSED',
  S: 'CSC_SHOULD_BE_PRESENT',
  U: 'CSC_ISSUER_NOT_CERTIFIED',
  X: 'CSC_NO_RESPONSE',
};
