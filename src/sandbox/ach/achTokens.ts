// ACH tokens (vault): a token stands in for routing number, account number, account type and
// individual name. Create, get, update, delete; ACH transactions may charge a token.

import { ErrorAnswer, type DomainContext, type Handler, type Answer } from '../domain/domain';
import { ACH_RESULT, fieldProblems, notFound } from './achErrors';
import { ACCOUNT_TYPES, bodyFlag, bodyText, enumField, readAccount, requiredText, type Body } from './achInput';
import { ACH_ID_PREFIX, type AchSlice, type AchTokenRecord, type StoredAccount } from './achState';
import { tokenWire } from './achWire';

type Ctx = DomainContext<AchSlice>;

const TOKEN_REQUIRED_TEXT: readonly string[] = ['individual-name', 'software-type', 'software-type-version'];
const UPDATABLE: readonly string[] = ['token-description', 'individual-name', 'account-type', 'customer-key', 'default'];
const FIXED_ON_TOKEN: readonly string[] = ['routing-number', 'account-number'];
const NOT_FOUND_HINT = 'Create one with POST /rest/v2/ach/tokens; deleted tokens are gone for good.';

/**
 * `ach-` and 17 digits ending with the account's last four (`ach-1200000000011111`). The `ach`
 * tells an ACH token from a card token (`1` + 16–19 digits), as a production platform tells them
 * apart (docs/sandbox.md, "Typed clients"); tokens stored by an older sandbox keep their ids.
 */
function newTokenId(ctx: Ctx, lastFour: string): string {
  const serial = String(ctx.ids.next('ach-token', 1)).padStart(11, '0');
  return `${ACH_ID_PREFIX}12${serial}${lastFour.padStart(4, '0')}`;
}

/** A default token is unique per customer key: setting one clears the others. */
function claimDefault(slice: AchSlice, token: AchTokenRecord): void {
  for (const other of Object.values(slice.tokens)) {
    if (other !== token && other.customerKey === token.customerKey) other.isDefault = false;
  }
}

export function storeNewToken(
  ctx: Ctx,
  account: StoredAccount,
  extra: { customerKey?: string; tokenDescription?: string; isDefault?: boolean },
  merchantId: string,
): AchTokenRecord {
  const now = ctx.clock.now().toISOString();
  const token: AchTokenRecord = {
    tokenId: newTokenId(ctx, account.lastFour),
    account,
    ...(extra.customerKey ? { customerKey: extra.customerKey } : {}),
    ...(extra.tokenDescription ? { tokenDescription: extra.tokenDescription } : {}),
    isDefault: extra.isDefault ?? false,
    merchantId,
    created: now,
    updated: now,
    timesUsed: 0,
  };
  ctx.slice.tokens[token.tokenId] = token;
  if (token.isDefault) claimDefault(ctx.slice, token);
  return token;
}

function requireToken(slice: AchSlice, tokenId: string): AchTokenRecord {
  const token = slice.tokens[tokenId];
  if (!token) throw notFound('ACH token', tokenId, NOT_FOUND_HINT);
  return token;
}

const tokenAnswer = (token: AchTokenRecord): Answer => ({
  status: 200,
  payloadType: 'ach-token',
  payload: { 'ach-token': tokenWire(token) },
  links: [{ rel: 'ach-token', href: `/rest/v2/ach/tokens/${token.tokenId}`, id: token.tokenId }],
});

/**
 * The token already standing for this account. The sandbox keeps only the account number's last
 * four digits, so "same account" is same routing number, last four and account type.
 */
function existingTokenFor(slice: AchSlice, account: StoredAccount): AchTokenRecord | undefined {
  return Object.values(slice.tokens).find((t) => t.account.routingNumber === account.routingNumber
    && t.account.lastFour === account.lastFour && t.account.accountType === account.accountType);
}

function tokenExists(token: AchTokenRecord): ErrorAnswer {
  return new ErrorAnswer(400, ACH_RESULT.tokenExists,
    `Token already exists: ACH token ${token.tokenId} already stands for this account; use it (its id is in links[0].id) or update it with PUT /rest/v2/ach/tokens/${token.tokenId}.`,
    undefined, [{ rel: 'ach-token', href: `/rest/v2/ach/tokens/${token.tokenId}`, id: token.tokenId }]);
}

const create: Handler<AchSlice> = (req, ctx) => {
  const body: Body = req.body ?? {};
  const problems: string[] = [];
  const account = readAccount(body, problems);
  for (const name of TOKEN_REQUIRED_TEXT) requiredText(body, name, problems);
  if (problems.length > 0 || !account) throw fieldProblems(problems);
  const existing = existingTokenFor(ctx.slice, account);
  if (existing) throw tokenExists(existing);
  const token = storeNewToken(
    ctx,
    account,
    {
      customerKey: bodyText(body, 'customer-key'),
      tokenDescription: bodyText(body, 'token-description'),
      isDefault: bodyFlag(body, 'default'),
    },
    req.merchant.merchantId,
  );
  return tokenAnswer(token);
};

const get: Handler<AchSlice> = (req, ctx) => tokenAnswer(requireToken(ctx.slice, req.params.tokenId));

const update: Handler<AchSlice> = (req, ctx) => {
  const token = requireToken(ctx.slice, req.params.tokenId);
  const body: Body = req.body ?? {};
  const fixed = FIXED_ON_TOKEN.filter((name) => body[name] !== undefined);
  if (fixed.length > 0) {
    throw new ErrorAnswer(
      400,
      ACH_RESULT.fieldInvalid,
      `${fixed.join(', ')} cannot change on an existing token; create a new token for a different account.`,
    );
  }
  if (!UPDATABLE.some((name) => body[name] !== undefined)) {
    throw new ErrorAnswer(400, ACH_RESULT.fieldInvalid, `Nothing to update: send one of ${UPDATABLE.join(', ')}.`);
  }
  const problems: string[] = [];
  const accountType = body['account-type'] === undefined ? undefined : enumField(body, 'account-type', ACCOUNT_TYPES, problems);
  if (problems.length > 0) throw fieldProblems(problems);
  const description = bodyText(body, 'token-description');
  const name = bodyText(body, 'individual-name');
  const customerKey = bodyText(body, 'customer-key');
  const isDefault = bodyFlag(body, 'default');
  if (description !== undefined) token.tokenDescription = description;
  if (name !== undefined) token.account.individualName = name;
  if (accountType !== undefined) token.account.accountType = accountType;
  if (customerKey !== undefined) token.customerKey = customerKey;
  if (isDefault !== undefined) token.isDefault = isDefault;
  if (token.isDefault) claimDefault(ctx.slice, token);
  token.updated = ctx.clock.now().toISOString();
  return tokenAnswer(token);
};

const remove: Handler<AchSlice> = (req, ctx) => {
  const token = requireToken(ctx.slice, req.params.tokenId);
  delete ctx.slice.tokens[token.tokenId];
  return tokenAnswer(token);
};

export const tokenHandlers: Record<string, Handler<AchSlice>> = {
  'achTokens.create': create,
  'achTokens.get': get,
  'achTokens.update': update,
  'achTokens.delete': remove,
};
