// The Local sandbox's AVS and CSC test values (docs/sandbox.md "AVS and CSC test values"):
// public behaviour the sandbox's screening runs on and the language server offers. The facts
// give the code sets (avs-result-code N,Y,A,G,R,S,U,W,X,Z; csc-result-code M,N,P,S,U,X, each
// with a -description); which test input yields which code is our choice, made so that every
// code can be produced on purpose.

export interface VerificationResult { code: string; description: string }

/** Billing zip codes that produce a given AVS result (a 9-digit zip counts by its first five). */
export const AVS_BY_ZIP: Readonly<Record<string, VerificationResult>> = {
  '20000': { code: 'A', description: 'Street address matches, zip code does not' },
  '30000': { code: 'Z', description: 'Five-digit zip code matches, street address does not' },
  '40000': { code: 'N', description: 'Neither street address nor zip code matches' },
  '50000': { code: 'U', description: 'Address information is unavailable' },
  '60000': { code: 'R', description: 'Issuer system unavailable; retry' },
  '70000': { code: 'S', description: 'AVS is not supported by the issuer' },
  '80000': { code: 'G', description: 'Non-US issuer that does not take part in AVS' },
};

/** CSC values that produce a given CSC result; any other CSC matches. */
export const CSC_BY_VALUE: Readonly<Record<string, VerificationResult>> = {
  '000': { code: 'N', description: 'CSC does not match' },
  '001': { code: 'P', description: 'CSC was not processed' },
  '002': { code: 'S', description: 'CSC should be on the card but the merchant says it is not' },
  '003': { code: 'U', description: 'Issuer is not certified for CSC or did not provide keys' },
  '004': { code: 'X', description: 'No CSC response from the card network' },
};
