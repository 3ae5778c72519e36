// Card tokens (the vault): create, get, update, delete and search stored cards.

import { ErrorAnswer, type DomainModule, type Handler, type Answer, type SandboxRequest } from '../domain/domain';
import { fieldError, optionalFlag, optionalString, requiredString, type Body } from '../http/bodyFields';
import { checkCsc, checkExpDate, panSummary } from '../cardTransactions/cardChecks';
import { CARD_NUMBER } from '../../core/checks/cardNumberShape';
import { findToken, initialVaultSlice, storeToken, tokenLink, tokenView, type StoredToken, type VaultSlice } from './cardTokenState';
import { searchTokens } from './tokenSearch';
import { plansUsing, type CustomersSlice } from '../customers/customerState';
import { avsResult } from '../cardTransactions/verificationTable';
import { avsRefusal } from '../cardTransactions/screening';
import type { SettingsSlice } from '../settings/settingsState';


const CARD_TYPES = ['VISA', 'MASTERCARD', 'AMERICAN EXPRESS', 'DISCOVER', 'DINERS CLUB', 'JCB'];
const TOKEN_STATUSES = ['Active', 'Inactive'];
const DETAIL_FIELDS = ['description', 'customer-key', 'avs-address', 'avs-zip'];
// Fields other than these are ignored, as the gateway's card endpoints do (real clients send
// extras); the language server still warns about them.
const UPDATABLE = ['exp-date', 'default', 'status', ...DETAIL_FIELDS];

/** `;PAN=YYMM…`: track 2's card number, then its expiry. */
const TRACK2 = new RegExp(`^;?(\\d{${CARD_NUMBER.minDigits},${CARD_NUMBER.maxDigits}})=(\\d{2})(\\d{2})`);

/**
 * Card number and expiry from ISO 7813 track 2 (`;PAN=YYMM...?`), for tokens created from a
 * swipe. Encrypted track data cannot be read by the sandbox: it has no device keys.
 */
function fromTrack2(body: Body): { card: string; expDate?: string } | undefined {
  const track = optionalString(body, 'track2-data');
  if (track === undefined) {
    if (optionalString(body, 'encrypted-track-data') !== undefined) {
      throw fieldError('encrypted-track-data', 'cannot be decrypted by the Local sandbox (it has no device keys); send card and exp-date, or track2-data in clear');
    }
    return undefined;
  }
  const match = TRACK2.exec(track.trim());
  if (!match) throw fieldError('track2-data', 'is not track 2 data (;PAN=YYMM…?)');
  return { card: match[1], expDate: `${match[3]}${match[2]}` };
}

function checkedStatus(body: Body): string | undefined {
  const status = optionalString(body, 'status');
  if (status === undefined) return undefined;
  const known = TOKEN_STATUSES.find(s => s.toLowerCase() === status.toLowerCase());
  if (!known) throw fieldError('status', `must be one of ${TOKEN_STATUSES.join(', ')}, not "${status}"`);
  return known;
}

function details(body: Body): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of DETAIL_FIELDS) {
    const v = optionalString(body, f);
    if (v !== undefined) out[f] = v;
  }
  return out;
}

function tokenAnswer(req: SandboxRequest, token: StoredToken): Answer {
  return {
    status: 200, payloadType: 'TokenResponse',
    payload: { tokenResponse: tokenView(token, req.merchant.merchantId) },
    links: [tokenLink(token.tokenId)],
  };
}

/**
 * With `require-avs`, the AVS result of avs-zip/avs-address (the charges' test table), or the
 * charges' 402 046 when the terminal's AVS rules do not allow it. Without it, no verification.
 * Required with neither field is a 400 (docs/sandbox.md: a decision).
 */
function requiredAvs(body: Body, settings: SettingsSlice): string | undefined {
  if (optionalFlag(body, 'require-avs') !== true) return undefined;
  const zip = optionalString(body, 'avs-zip');
  const street = optionalString(body, 'avs-address');
  const avs = avsResult(zip, street);
  if (!avs) throw fieldError('avs-zip', 'or avs-address is required when require-avs is true');
  const refusal = avsRefusal(settings, avs);
  if (refusal) throw new ErrorAnswer(402, refusal.resultCode, refusal.message);
  return avs.code;
}

const create: Handler<VaultSlice> = (req, ctx) => {
  const body = req.body;
  const track = optionalString(body, 'card') === undefined ? fromTrack2(body) : undefined;
  const card = panSummary(track?.card ?? requiredString(body, 'card'));
  const lastFour = optionalString(body, 'last-four-digits');
  if (lastFour !== undefined && lastFour !== card.lastFour) {
    throw fieldError('last-four-digits', `is "${lastFour}" but the card number ends in ${card.lastFour}`);
  }
  const declared = optionalString(body, 'card-type');
  if (declared !== undefined && !CARD_TYPES.includes(declared)) throw fieldError('card-type', `must be one of ${CARD_TYPES.join(', ')}`);
  if (declared !== undefined && card.brand !== 'UNKNOWN' && declared !== card.brand) {
    throw fieldError('card-type', `is ${declared} but the card number is a ${card.brand} card`);
  }
  const expDate = checkExpDate(optionalString(body, 'exp-date') ?? track?.expDate ?? requiredString(body, 'exp-date'), ctx.clock);
  checkCsc(optionalString(body, 'csc'));
  const status = checkedStatus(body);
  const avsResultCode = requiredAvs(body, ctx.peer<SettingsSlice>('settings'));
  const token = storeToken(ctx.slice, ctx.ids, ctx.clock, { brand: declared ?? card.brand, lastFour: card.lastFour, expDate },
    { ...details(body), ...(status ? { status } : {}) }, optionalFlag(body, 'default') ?? false);
  if (avsResultCode) token.avsResultCode = avsResultCode;
  return tokenAnswer(req, token);
};

const get: Handler<VaultSlice> = (req, ctx) => tokenAnswer(req, findToken(ctx.slice, req.params.tokenId));

const update: Handler<VaultSlice> = (req, ctx) => {
  const token = findToken(ctx.slice, req.params.tokenId);
  const body = req.body;
  if (!body || !UPDATABLE.some(f => body[f] !== undefined)) throw fieldError('body', `must carry at least one of ${UPDATABLE.join(', ')}`);
  const status = checkedStatus(body);
  const expDate = optionalString(body, 'exp-date');
  if (expDate !== undefined) checkExpDate(expDate, ctx.clock);
  const isDefault = optionalFlag(body, 'default');
  const changes: Record<string, string> = { ...details(body), ...(status ? { status } : {}) };
  if (expDate !== undefined) token.expDate = expDate;
  if (isDefault !== undefined) token.isDefault = isDefault;
  // A new address was never verified: the creation's AVS result no longer describes it.
  if (changes['avs-address'] !== undefined || changes['avs-zip'] !== undefined) delete token.avsResultCode;
  Object.assign(token.details, changes);
  token.updated = ctx.clock.now().toISOString();
  return tokenAnswer(req, token);
};

const remove: Handler<VaultSlice> = (req, ctx) => {
  const token = findToken(ctx.slice, req.params.tokenId);
  // A token a payment plan charges stays until the plan goes (docs/sandbox.md: a decision).
  const plans = plansUsing(ctx.peer<CustomersSlice>('customers'), 'token-id', token.tokenId);
  if (plans.length > 0) {
    throw new ErrorAnswer(400, '011', `Card token ${token.tokenId} is charged by payment plans (${plans.map((p) => p.planKey).join(', ')}): delete them, or give them another token-id, first.`);
  }
  delete ctx.slice.tokens[token.tokenId];
  return tokenAnswer(req, token);
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

export type { VaultSlice } from './cardTokenState';
