// Creating ACH transactions (any type, credit, debit): every one starts Pending and moves on
// at the processing windows (achLifecycle.ts).

import { checks } from '../../core/checks/inputChecks';
import type { DomainContext, Handler, SandboxRequest } from '../domain/domain';
import { boundedCents } from '../domain/money';
import { fieldProblems } from './achErrors';
import { bodyFlag, bodyText, canonical, checkedField, enumField, readAccount, type Body } from './achInput';
import { SEC_CODES, providerForSecCode } from './achProviders';
import { ACH_ID_PREFIX, type AchSlice, type AchTransactionRecord, type AchType, type StoredAccount } from './achState';
import { storeNewToken } from './achTokens';
import { transactionAnswer } from './achWire';

type Ctx = DomainContext<AchSlice>;

export const ACH_TYPES: readonly AchType[] = ['Debit', 'Credit'];

/** Business details echoed back on the transaction as sent. */
const DETAIL_FIELDS: readonly string[] = [
  'check-number', 'invoice', 'purchase-order', 'customer-id', 'order-id', 'email-address', 'description',
  'comments', 'billing', 'shipping', 'billing-is-shipping', 'software-type', 'software-type-version',
];

const ACCOUNT_FIELDS: readonly string[] = ['routing-number', 'account-number', 'account-type'];

/**
 * `ach-` and a serial (`ach-1000001`): not numeric, so a client that sends numeric ids to the card
 * endpoints and the others to the ACH ones routes it right (docs/sandbox.md, "Typed clients").
 */
export function newTransactionId(ctx: Ctx): string {
  return `${ACH_ID_PREFIX}${ctx.ids.next('ach-transaction', 1_000_001)}`;
}

function readType(body: Body, fixedType: AchType | undefined, problems: string[]): AchType | undefined {
  if (!fixedType) return enumField(body, 'type', ACH_TYPES, problems) as AchType | undefined;
  const sent = bodyText(body, 'type');
  if (sent !== undefined && canonical(sent, ACH_TYPES) !== fixedType) {
    problems.push(`type "${sent}" contradicts this endpoint, which creates a ${fixedType}; omit type or send ${fixedType}.`);
  }
  return fixedType;
}

/**
 * Where a transaction's account comes from: the body (a stored ACH token or the account fields),
 * or (mobile) the JWT it presents. Problems are appended, not thrown, so one 400 names them all.
 */
export type AccountSource = (body: Body, ctx: Ctx, problems: string[]) => { account?: StoredAccount; tokenId?: string };

/** The account to charge: a stored ACH token (`token-id`) or the account fields, not both. */
const readSource: AccountSource = (body, ctx, problems) => {
  const tokenId = bodyText(body, 'token-id');
  if (tokenId === undefined) return { account: readAccount(body, problems) };
  const alsoSent = ACCOUNT_FIELDS.filter((name) => body[name] !== undefined);
  if (alsoSent.length > 0) {
    problems.push(`Send either token-id or the account fields, not both (also sent: ${alsoSent.join(', ')}).`);
    return {};
  }
  const token = ctx.slice.tokens[tokenId];
  if (!token) {
    problems.push(`token-id: no ACH token "${tokenId}"; create one with POST /rest/v2/ach/tokens.`);
    return {};
  }
  const individualName = bodyText(body, 'individual-name') ?? token.account.individualName;
  return { account: { ...token.account, ...(individualName ? { individualName } : {}) }, tokenId };
};

function pickDetails(body: Body): Record<string, unknown> {
  return Object.fromEntries(DETAIL_FIELDS.filter((name) => body[name] !== undefined).map((name) => [name, body[name]]));
}

/**
 * Validates everything, then records a Pending transaction (and its ACH token with
 * `create-token`). Nothing changes when it throws (a 400 naming every bad field).
 */
export function recordTransaction(req: SandboxRequest, ctx: Ctx, fixedType?: AchType, sourceOf: AccountSource = readSource): AchTransactionRecord {
  const body: Body = req.body ?? {};
  const problems: string[] = [];
  const type = readType(body, fixedType, problems);
  const amount = checkedField(body, 'amount', checks.amount, problems);
  if (amount) boundedCents(amount, 'amount');
  const secCode = enumField(body, 'standard-entry-class-code', SEC_CODES, problems);
  const provider = secCode ? providerForSecCode(secCode) : undefined;
  if (secCode && !provider) problems.push(`No ACH provider processes ${secCode} entries.`);
  const source = sourceOf(body, ctx, problems);
  if (problems.length > 0 || !type || !amount || !secCode || !provider || !source.account) {
    throw fieldProblems(problems);
  }

  const now = ctx.clock.now().toISOString();
  const record: AchTransactionRecord = {
    id: newTransactionId(ctx),
    type,
    amount,
    status: 'Pending',
    secCode,
    provider: provider.name,
    account: source.account,
    merchantId: req.merchant.merchantId,
    created: now,
    statusChanged: now,
    details: pickDetails(body),
  };
  if (source.tokenId) {
    const token = ctx.slice.tokens[source.tokenId];
    token.timesUsed += 1;
    token.lastUsed = now;
    record.tokenId = token.tokenId;
  } else if (bodyFlag(body, 'create-token')) {
    const token = storeNewToken(
      ctx,
      { ...source.account },
      { tokenDescription: bodyText(body, 'token-description') },
      req.merchant.merchantId,
    );
    record.tokenId = token.tokenId;
  }
  ctx.slice.transactions[record.id] = record;
  return record;
}

export const createHandlers: Record<string, Handler<AchSlice>> = {
  'achTransactions.create': (req, ctx) => transactionAnswer(recordTransaction(req, ctx)),
  'achTransactions.credit': (req, ctx) => transactionAnswer(recordTransaction(req, ctx, 'Credit')),
  'achTransactions.debit': (req, ctx) => transactionAnswer(recordTransaction(req, ctx, 'Debit')),
};
