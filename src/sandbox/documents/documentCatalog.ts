// Which documents a merchant has at a given moment. Nothing is stored: the list follows from
// when the merchant started and the sandbox clock, so it grows as the clock moves on.

import { documentId } from './documentIds';
import { DOCUMENT_TYPES, type DocumentType } from './documentTypes';

export interface YearMonth {
  year: number;
  month: number;
}

/** A document record as the eDocs API lists it. */
export interface MerchantDocument {
  documentId: string;
  merchantNumber: string;
  documentTypeId: number;
  documentType: string;
  name: string;
  fileName: string;
  fileExtension: string;
  /** `YYYY-MM` for monthly and one-off documents, `YYYY` for yearly ones. */
  period: string;
  dateUploaded: string;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad2 = (n: number): string => String(n).padStart(2, '0');
export const monthPeriod = (ym: YearMonth): string => `${ym.year}-${pad2(ym.month)}`;
const compare = (a: YearMonth, b: YearMonth): number => a.year * 12 + a.month - (b.year * 12 + b.month);

function monthsFrom(first: YearMonth, last: YearMonth): YearMonth[] {
  const months: YearMonth[] = [];
  for (let ym = { ...first }; compare(ym, last) <= 0; ym = ym.month === 12 ? { year: ym.year + 1, month: 1 } : { year: ym.year, month: ym.month + 1 }) {
    months.push(ym);
  }
  return months;
}

interface Issue {
  period: string;
  title: string;
  /** When the document is published; a month-to-date statement is published "now". */
  uploaded: Date;
}

/** The documents of one type that exist between the merchant's start and `now` (inclusive). */
function issuesOf(type: DocumentType, since: YearMonth, current: YearMonth, now: Date): Issue[] {
  // Published at 06:00 UTC on the given day, but never later than the clock's present.
  const at = (year: number, month: number, day: number): Date =>
    new Date(Math.min(Date.UTC(year, month - 1, day, 6), now.getTime()));
  if (type.cadence === 'once') {
    return [{ period: monthPeriod(since), title: type.name, uploaded: at(since.year, since.month, 1) }];
  }
  if (type.cadence === 'yearly') {
    const years: Issue[] = [];
    for (let year = since.year; year < current.year; year++) {
      years.push({ period: String(year), title: `${type.name} ${year}`, uploaded: at(year + 1, 1, 31) });
    }
    return years;
  }
  return monthsFrom(since, current).map((ym) => ({
    period: monthPeriod(ym),
    title: `${type.name} ${MONTH_NAMES[ym.month - 1]} ${ym.year}`,
    uploaded: at(ym.year, ym.month + 1, 1),
  }));
}

export function documentsOf(
  merchantNumber: string, since: YearMonth, current: YearMonth, now: Date, types: readonly DocumentType[] = DOCUMENT_TYPES,
): MerchantDocument[] {
  return types.flatMap((type) =>
    issuesOf(type, since, current, now).map((issue) => ({
      documentId: documentId(merchantNumber, type.documentTypeId, issue.period),
      merchantNumber,
      documentTypeId: type.documentTypeId,
      documentType: type.name,
      name: issue.title,
      fileName: `${type.fileStem}-${merchantNumber}-${issue.period}.pdf`,
      fileExtension: '.pdf',
      period: issue.period,
      dateUploaded: issue.uploaded.toISOString(),
    })),
  );
}
