// eDocs handlers: document types, documents by type, statements by year and by month, and the
// download of one document as a PDF. Boarding family: lists are raw JSON `{content: [...]}`.

import { checks } from '../../core/checks/inputChecks';
import { ErrorAnswer, type DomainContext, type Handler, type Answer, type SandboxRequest } from '../domain/domain';
import type { OnboardingSlice } from '../onboarding/onboardingState';
import { wallTimeOf } from '../domain/zonedTime';
import { documentsOf, monthPeriod, type MerchantDocument, type YearMonth } from './documentCatalog';
import { DOCUMENT_TYPES, STATEMENT_TYPE, documentTypeFor } from './documentTypes';
import { documentPdf } from './documentPdf';

export type DocumentsSlice = Record<string, never>;
type Ctx = DomainContext<DocumentsSlice>;

/** The sandbox's own merchant has statements from this month on (documented in docs/sandbox.md). */
export const SANDBOX_MERCHANT_SINCE: YearMonth = { year: 2020, month: 1 };

interface Scope {
  merchantNumber: string;
  since: YearMonth;
  current: YearMonth;
  now: Date;
}

const yearMonthOf = (instant: Date, timeZone: string): YearMonth => {
  const w = wallTimeOf(instant, timeZone);
  return { year: w.year, month: w.month };
};

/**
 * The merchant the call is for, after checking the `MerchantId` header names it (the framework
 * checks too; a handler called on its own must not serve another merchant's documents).
 */
function scopeOf(req: SandboxRequest, ctx: Ctx): Scope {
  const merchantNumber = req.params.merchantNumber ?? '';
  const header = req.headers.merchantid;
  const merchantId = Array.isArray(header) ? header[0] : header;
  if (merchantId !== merchantNumber) {
    throw new ErrorAnswer(403, '403', `Forbidden: the MerchantId header (${merchantId ?? 'missing'}) does not match the merchant number in the path (${merchantNumber}).`);
  }
  const now = ctx.clock.now();
  const onboarded = merchantNumber === req.merchant.merchantId
    ? undefined
    : ctx.peer<OnboardingSlice>('onboarding').merchants[merchantNumber];
  const since = onboarded
    ? yearMonthOf(new Date(onboarded.created), ctx.clock.timeZone)
    : merchantNumber === req.merchant.merchantId ? SANDBOX_MERCHANT_SINCE : undefined;
  if (!since) {
    throw new ErrorAnswer(404, '404', `No merchant ${merchantNumber} in this sandbox: use the sandbox merchant id or a merchant created through onboarding.`);
  }
  return { merchantNumber, since, current: yearMonthOf(now, ctx.clock.timeZone), now };
}

const list = (content: readonly MerchantDocument[]): Answer => ({ status: 200, raw: { content } });

function statementsOf(scope: Scope): MerchantDocument[] {
  return documentsOf(scope.merchantNumber, scope.since, scope.current, scope.now, [STATEMENT_TYPE]);
}

function requireYear(sent: string, scope: Scope): number {
  const problem = checks.year(sent);
  if (problem) throw new ErrorAnswer(400, '400', `year "${sent}": ${problem}.`);
  const year = Number(sent);
  if (year < scope.since.year || year > scope.current.year) {
    throw new ErrorAnswer(404, '404', `No statements for ${year}: merchant ${scope.merchantNumber} has statements from ${monthPeriod(scope.since)} to ${monthPeriod(scope.current)}.`);
  }
  return year;
}

const types: Handler<DocumentsSlice> = (req, ctx) => {
  scopeOf(req, ctx);
  return { status: 200, raw: DOCUMENT_TYPES.map(({ documentTypeId, name, description }) => ({ documentTypeId, name, description })) };
};

/** An empty list answers 200 with `{content: []}` (the real service may answer 204). */
const byType: Handler<DocumentsSlice> = (req, ctx) => {
  const scope = scopeOf(req, ctx);
  const sent = req.query.get('documentType');
  const known = DOCUMENT_TYPES.map((t) => `${t.documentTypeId} (${t.name})`).join(', ');
  if (!sent) throw new ErrorAnswer(400, '400', `The documentType query parameter is required: one of ${known}.`);
  const type = documentTypeFor(sent);
  if (!type) throw new ErrorAnswer(400, '400', `documentType "${sent}" is not a document type: use one of ${known}.`);
  return list(documentsOf(scope.merchantNumber, scope.since, scope.current, scope.now, [type]));
};

const statementsByYear: Handler<DocumentsSlice> = (req, ctx) => {
  const scope = scopeOf(req, ctx);
  const year = requireYear(req.params.year ?? '', scope);
  return list(statementsOf(scope).filter((d) => d.period.startsWith(`${year}-`)));
};

const statementsByMonth: Handler<DocumentsSlice> = (req, ctx) => {
  const scope = scopeOf(req, ctx);
  const year = requireYear(req.params.year ?? '', scope);
  const sentMonth = req.params.month ?? '';
  const monthProblem = checks.month(sentMonth.padStart(2, '0'));
  if (monthProblem) throw new ErrorAnswer(400, '400', `month "${sentMonth}": ${monthProblem}.`);
  const period = monthPeriod({ year, month: Number(sentMonth) });
  const found = statementsOf(scope).filter((d) => d.period === period);
  if (found.length === 0) {
    throw new ErrorAnswer(404, '404', `No statement for ${period}: merchant ${scope.merchantNumber} has statements from ${monthPeriod(scope.since)} to ${monthPeriod(scope.current)}.`);
  }
  return list(found);
};

const download: Handler<DocumentsSlice> = (req, ctx) => {
  const scope = scopeOf(req, ctx);
  const id = (req.params.documentId ?? '').toLowerCase();
  const found = documentsOf(scope.merchantNumber, scope.since, scope.current, scope.now).find((d) => d.documentId === id);
  if (!found) {
    throw new ErrorAnswer(404, '404', `No document ${req.params.documentId ?? ''} for merchant ${scope.merchantNumber}. List documents with /Documents?documentType=1 or /Statements/{year}.`);
  }
  return { status: 200, file: { contentType: 'application/pdf', fileName: found.fileName, bytes: documentPdf(found) } };
};

export const documentHandlers: Record<string, Handler<DocumentsSlice>> = {
  'documents.types': types,
  'documents.byType': byType,
  'documents.statementsByYear': statementsByYear,
  'documents.statementsByMonth': statementsByMonth,
  'documents.get': download,
};
