// Sale, authorization and forced sale: validate everything first, then decide by amount
// (the decline table), record, and optionally store the card as a token.

import { randomInt } from 'node:crypto';
import { isAmount } from '../../core/checks/inputChecks';
import { ErrorAnswer, type Handler } from '../domain/domain';
import { checkTypeField, fieldError, optionalString, requiredString, VALIDATION_ERROR } from '../http/bodyFields';
import { boundedCents, isMoney } from '../domain/money';
import { isoTime } from '../domain/timestamps';
import { storeToken, tokenLink, tokenView, type VaultSlice } from '../cardTokens/cardTokenState';
import { resolveCard } from './cardInput';
import type { CardTransaction, CardsSlice, CardTxType, StoredCard } from './cardState';
import { declineFor } from './declineTable';
import { echoes, record, references, stampAndStore, transactionAnswer, view, type CardsCtx, type UnstampedTransaction } from './cardRecords';
import { avsResult, cscResult } from './verificationTable';
import { avsRefusal, cscRefusal, findDuplicate } from './screening';
import type { SettingsSlice } from '../settings/settingsState';

/** Which request fields each charge type takes beyond amount and card. */
const CHARGE_RULES: Record<'SALE' | 'AUTH' | 'FORCED SALE', { tip: boolean; tokenize: boolean; needsAuthCode: boolean }> = {
  SALE: { tip: true, tokenize: true, needsAuthCode: false },
  AUTH: { tip: false, tokenize: true, needsAuthCode: false },
  'FORCED SALE': { tip: false, tokenize: false, needsAuthCode: true },
};

export function checkedAmount(raw: string, field = 'amount'): number {
  if (!isAmount(raw)) throw fieldError(field, `is "${raw}", not a positive amount with two decimals such as "25.00"`);
  return boundedCents(raw, field);
}

export function checkedTip(raw: string | undefined, field = 'tip-amount'): number {
  if (raw === undefined) return 0;
  if (!isMoney(raw)) throw fieldError(field, `is "${raw}", not an amount with two decimals such as "5.00"`);
  return boundedCents(raw, field);
}

function asText(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Card, references and echoes, and the AVS and CSC results that apply. */
type Described = Pick<CardTransaction, 'card' | 'references' | 'echoes' | 'avs' | 'csc'>;

function described(card: CardTransaction['card'], refs: CardTransaction['references'], echoed: CardTransaction['echoes'], avs: CardTransaction['avs'], csc: CardTransaction['csc']): Described {
  const out: Described = { card, references: refs, echoes: echoed };
  if (avs) out.avs = avs;
  if (csc) out.csc = csc;
  return out;
}

/**
 * Where a charge's card comes from: the body's PAN or token id, or (mobile) the JWT it presents.
 * `tokenizable`: `create-token` may store it — a PAN or a JWT's card, not a card that already is
 * a vault token. A token keeps brand, last four and expiry only, which every source knows.
 */
export type CardSource = (body: Record<string, unknown>, ctx: CardsCtx) => { card: StoredCard; tokenizable: boolean };

export function charge(type: CardTxType & keyof typeof CHARGE_RULES, cardOf: CardSource = resolveCard): Handler<CardsSlice> {
  const rules = CHARGE_RULES[type];
  return (req, ctx) => {
    const body = req.body;
    if (!body) throw new ErrorAnswer(400, VALIDATION_ERROR, `Validation error: a ${type} needs a body with amount, card and exp-date.`);
    checkTypeField(body, type);
    const amountText = requiredString(body, 'amount');
    const amountCents = checkedAmount(amountText);
    const tipCents = rules.tip ? checkedTip(optionalString(body, 'tip-amount')) : 0;
    if (tipCents > amountCents) throw fieldError('tip-amount', 'cannot be more than amount (amount includes the tip)');
    const authCode = rules.needsAuthCode ? requiredString(body, 'authorization-code') : undefined;
    const { card, tokenizable } = cardOf(body, ctx);
    const wantsToken = rules.tokenize && optionalString(body, 'create-token') === 'true';
    if (wantsToken && !tokenizable) throw fieldError('create-token', 'cannot be "true" when card is already a token id');

    const billing = body.billing as Record<string, unknown> | undefined;
    const avs = avsResult(asText(billing?.zip), asText(billing?.street));
    const csc = cscResult(optionalString(body, 'csc'), amountText);
    const refs = references(body);
    const echoed = echoes(body);
    const declined = (resultCode: string, message: string, result = 'DECLINED', extra: Partial<CardTransaction> = {}): ErrorAnswer => {
      const tx = record(ctx, Object.assign({ type, amountCents, tipCents, result: 'DECLINED' as const, resultCode, displayMessage: message }, described(card, refs, echoed, avs, csc), extra));
      return new ErrorAnswer(402, resultCode, message, { transaction: { ...view(ctx, req, tx), result } });
    };

    const decline = declineFor(amountText);
    if (decline) throw declined(decline.resultCode, decline.message, decline.result);
    const settings = ctx.peer<SettingsSlice>('settings');
    const screened = avsRefusal(settings, avs) ?? cscRefusal(settings, csc);
    if (screened) throw declined(screened.resultCode, screened.message);
    const duplicate = findDuplicate(settings, () => Object.values(ctx.slice.transactions), () => ({
      type, amountCents, card, invoice: optionalString(body, 'invoice'), checkField: optionalString(body, 'check-field'), now: ctx.clock.now(),
    }));
    if (duplicate?.refuse) {
      throw declined('045', `Duplicate Transaction: it repeats ${type} ${duplicate.duplicateOf.id} (same amount and card, or invoice) within the duplicate-check window of the /transaction/duplicates settings.`,
        'DECLINED', { duplicate: true });
    }
    // One literal, then the optional keys, in the order record() gives a declined one
    // (test/sandbox/chargeRecords.test.ts), not a chain of Object.assign over three objects.
    // PERF(bench/sandboxSaleCpu.ts)
    const approved: UnstampedTransaction = {
      voided: false, tipAdjusted: false, childIds: [],
      type, amountCents, tipCents, result: 'APPROVED', resultCode: '000', displayMessage: 'Transaction approved',
      authorizationCode: authCode ?? `TAS${String(randomInt(0, 1000)).padStart(3, '0')}`,
      card, references: refs, echoes: echoed,
    };
    if (avs) approved.avs = avs;
    if (csc) approved.csc = csc;
    if (duplicate) approved.duplicate = true;
    const tx = stampAndStore(ctx, approved);
    const vault = ctx.mutatePeer<VaultSlice>('vault');
    if (card.tokenId) {
      const token = vault.tokens[card.tokenId];
      token.timesUsed += 1;
      token.updated = isoTime(ctx.clock.now());
    }
    if (!wantsToken) return transactionAnswer(ctx, req, tx);
    const description = optionalString(body, 'token-description');
    const token = storeToken(vault, ctx.ids, ctx.clock, card, description ? { description } : {}, false);
    const answer = transactionAnswer(ctx, req, tx, { tokenResponse: tokenView(token, req.merchant.merchantId) });
    // The gateway's tokenization guides show the new token as a second link, after the transaction's.
    answer.links?.push(tokenLink(token.tokenId));
    return answer;
  };
}
