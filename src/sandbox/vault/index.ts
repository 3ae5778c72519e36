// Card tokens (the vault): create, get, update, delete and search stored cards.

import { type DomainModule, type Handler, type Reply, type SandboxRequest } from '../domain';
import { fieldError, optionalFlag, optionalString, requiredString, type Body } from '../bodyFields';
import { checkCsc, checkExpDate, panFacts } from '../cards/cardChecks';
import { findToken, initialVaultSlice, storeToken, tokenView, type StoredToken, type VaultSlice } from './vaultState';
import { searchTokens } from './tokenSearch';


const CARD_TYPES = ['VISA', 'MASTERCARD', 'AMERICAN EXPRESS', 'DISCOVER', 'DINERS CLUB', 'JCB'];
const DETAIL_FIELDS = ['description', 'customer-key', 'avs-address', 'avs-zip'];
const CREATE_ONLY = ['card', 'card-type', 'csc', 'require-avs', 'card-inquiry', 'software-type', 'software-type-version'];
const UPDATABLE = ['exp-date', 'default', ...DETAIL_FIELDS, 'software-type', 'software-type-version'];

function rejectUnknown(body: Body, allowed: readonly string[]): void {
  const unknown = Object.keys(body ?? {}).filter(k => !allowed.includes(k) && !k.startsWith('@_'));
  if (unknown.length) throw fieldError(unknown.join(', '), `${unknown.length > 1 ? 'are' : 'is'} not a token field here; known fields: ${allowed.join(', ')}`);
}

function details(body: Body): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of DETAIL_FIELDS) {
    const v = optionalString(body, f);
    if (v !== undefined) out[f] = v;
  }
  return out;
}

function tokenReply(req: SandboxRequest, token: StoredToken): Reply {
  return {
    status: 200, payloadType: 'TokenResponse',
    payload: { tokenResponse: tokenView(token, req.merchant.merchantId) },
    links: [{ rel: 'token', href: `/rest/v2/tokens/${token.tokenId}`, id: token.tokenId }],
  };
}

const create: Handler<VaultSlice> = (req, ctx) => {
  const body = req.body;
  rejectUnknown(body, [...CREATE_ONLY, ...UPDATABLE]);
  const card = panFacts(requiredString(body, 'card'));
  const declared = optionalString(body, 'card-type');
  if (declared !== undefined && !CARD_TYPES.includes(declared)) throw fieldError('card-type', `must be one of ${CARD_TYPES.join(', ')}`);
  if (declared !== undefined && card.brand !== 'UNKNOWN' && declared !== card.brand) {
    throw fieldError('card-type', `is ${declared} but the card number is a ${card.brand} card`);
  }
  const expDate = checkExpDate(requiredString(body, 'exp-date'), ctx.clock);
  checkCsc(optionalString(body, 'csc'));
  const token = storeToken(ctx.slice, ctx.ids, ctx.clock, { brand: declared ?? card.brand, lastFour: card.lastFour, expDate },
    details(body), optionalFlag(body, 'default') ?? false);
  return tokenReply(req, token);
};

const get: Handler<VaultSlice> = (req, ctx) => tokenReply(req, findToken(ctx.slice, req.params.tokenId));

const update: Handler<VaultSlice> = (req, ctx) => {
  const token = findToken(ctx.slice, req.params.tokenId);
  const body = req.body;
  if (!body || Object.keys(body).length === 0) throw fieldError('body', `must carry at least one of ${UPDATABLE.join(', ')}`);
  rejectUnknown(body, UPDATABLE);
  const expDate = optionalString(body, 'exp-date');
  if (expDate !== undefined) checkExpDate(expDate, ctx.clock);
  const isDefault = optionalFlag(body, 'default');
  const changes = details(body);
  if (expDate !== undefined) token.expDate = expDate;
  if (isDefault !== undefined) token.isDefault = isDefault;
  Object.assign(token.details, changes);
  token.updated = ctx.clock.now().toISOString();
  return tokenReply(req, token);
};

const remove: Handler<VaultSlice> = (req, ctx) => {
  const token = findToken(ctx.slice, req.params.tokenId);
  delete ctx.slice.tokens[token.tokenId];
  return tokenReply(req, token);
};

const search: Handler<VaultSlice> = (req, ctx) => {
  const { items, page } = searchTokens(Object.values(ctx.slice.tokens), req.query, ctx.clock);
  return {
    status: 200, payloadType: 'TokenResponses', page,
    payload: { tokens: { token: items.map(t => tokenView(t, req.merchant.merchantId)) } },
    links: [{ rel: 'self', href: `/rest/v2/tokens?${req.query.toString()}`, id: '' }],
  };
};

export const vaultModule: DomainModule<VaultSlice> = {
  name: 'vault',
  initial: initialVaultSlice,
  handlers: {
    'tokens.search': search, 'tokens.create': create, 'tokens.get': get, 'tokens.update': update, 'tokens.delete': remove,
  },
};

export type { VaultSlice } from './vaultState';
