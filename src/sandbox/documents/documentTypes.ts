// The kinds of merchant documents the sandbox publishes, and how often each one appears.

type Cadence = 'monthly' | 'yearly' | 'once';

export interface DocumentType {
  documentTypeId: number;
  name: string;
  description: string;
  cadence: Cadence;
  /** Start of the file name, e.g. `statement-<merchant>-2025-04.pdf`. */
  fileStem: string;
}

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  {
    documentTypeId: 1, name: 'Monthly Statement', cadence: 'monthly', fileStem: 'statement',
    description: 'Card processing activity, fees and deposits for one calendar month.',
  },
  {
    documentTypeId: 2, name: '1099-K Tax Form', cadence: 'yearly', fileStem: '1099-k',
    description: 'IRS Form 1099-K: gross payment card volume for one completed tax year.',
  },
  {
    documentTypeId: 3, name: 'Fee Disclosure', cadence: 'once', fileStem: 'fee-disclosure',
    description: 'The pricing and fee schedule agreed when the merchant was boarded.',
  },
];

export const STATEMENT_TYPE: DocumentType = DOCUMENT_TYPES[0];

/** A type by its id ("1") or its name in any letter case ("monthly statement"). */
export function documentTypeFor(sent: string): DocumentType | undefined {
  const wanted = sent.trim().toLowerCase();
  return DOCUMENT_TYPES.find((t) => String(t.documentTypeId) === wanted || t.name.toLowerCase() === wanted);
}
