// Web and mobile payments (issue 33): typed card data becomes a one-time JWT, authorized by the
// HPP public key alone; the mobile transaction paths charge the card a JWT stands for, once,
// within its lifetime, as card transactions (same decline table, duplicates, AVS/CSC, open
// batch). Evidence and decisions: docs/sandbox.md "Web and mobile payment tokens". Bank accounts
// take the same way to ACH transactions (achMobile.ts).

import { ErrorAnswer, type DomainModule, type Handler, type SandboxRequest } from '../domain/domain';
import { fieldError, optionalString, requiredString } from '../http/bodyFields';
import type { SettingsSlice } from '../settings/settingsState';
import { checkCsc, checkExpDate, panSummary } from '../cardTransactions/cardChecks';
import { charge, checkedAmount, type CardSource } from '../cardTransactions/charges';
import { declineFor } from '../cardTransactions/declineTable';
import { echoes, record, references, transactionAnswer, view, type CardsCtx } from '../cardTransactions/cardRecords';
import type { CardsSlice } from '../cardTransactions/cardState';
import { requirePublicKey } from './hppKey';
import { readerConfiguration, receipt, signature } from './receipts';
import { achMobileHandlers } from './achMobile';
import { acceptJwt, mintJwt } from './mobileJwt';
import { initialMobileSlice, type CardJwt, type MobileSlice } from './mobileState';

const manualToken: Handler<MobileSlice> = (req, ctx) => {
  requirePublicKey(ctx.peer<SettingsSlice>('settings'), req);
  const body = req.body;
  if (!body) throw new ErrorAnswer(400, '002', 'Validation error: send a body with card and exp-date.');
  const summary = panSummary(requiredString(body, 'card'));
  const expDate = checkExpDate(requiredString(body, 'exp-date'), ctx.clock);
  checkCsc(optionalString(body, 'csc'));
  const card = { brand: summary.brand, lastFour: summary.lastFour, expDate };
  const { jwt } = mintJwt<CardJwt>(ctx.slice, ctx.clock, { card }, { 'card-type': card.brand, 'last-four': card.lastFour, 'exp-date': expDate });
  return {
    status: 200, payloadType: 'mobile-jwt',
    // Manual entry has no cardholder verification and no track data (card-present fields).
    payload: { 'mobile-jwt': { jwt, 'last-four': summary.lastFour, 'card-type': summary.brand, cvm: 'NONE', 'track-data-hash': '' } },
  };
};

/**
 * The JWT's card; a body that names a card or expiry must name the same one. `create-token` may
 * store it: a vault token keeps brand, last four and expiry, exactly what the JWT carries.
 */
function jwtCard(token: CardJwt): CardSource {
  return (body, ctx) => {
    checkCsc(optionalString(body, 'csc'));
    const card = optionalString(body, 'card');
    if (card !== undefined) {
      const given = panSummary(card);
      if (given.lastFour !== token.card.lastFour || given.brand !== token.card.brand) {
        throw fieldError('card', `is not the card the mobilejwt stands for (${token.card.brand} ending ${token.card.lastFour}); leave card out, the token carries it`);
      }
    }
    const expDate = optionalString(body, 'exp-date');
    if (expDate !== undefined && checkExpDate(expDate, ctx.clock) !== token.card.expDate) {
      throw fieldError('exp-date', `is not the expiry of the card the mobilejwt stands for; leave exp-date out, the token carries it`);
    }
    checkExpDate(token.card.expDate, ctx.clock);
    // A copy: the transaction's record and the JWT's are saved apart and must not share an object.
    return { card: { ...token.card }, tokenizable: true };
  };
}

/** Runs `spend` on the card slice; the JWT is spent once a transaction is recorded, approved or declined. */
function withJwt(spend: (req: SandboxRequest, cards: CardsCtx, card: CardSource) => ReturnType<Handler<CardsSlice>>): Handler<MobileSlice> {
  return (req, ctx) => {
    const { record: token } = acceptJwt(ctx.slice, ctx.clock, 'mobilejwt', req.headers);
    const cards: CardsCtx = { ...ctx, slice: ctx.mutatePeer<CardsSlice>('cards') };
    const before = new Set(Object.keys(cards.slice.transactions));
    const markUsed = () => {
      const made = Object.keys(cards.slice.transactions).find((id) => !before.has(id));
      if (!made) return;
      token.used = cards.slice.transactions[made].created;
      if (cards.slice.transactions[made].result === 'APPROVED') token.transactionId = made;
    };
    try {
      const answer = spend(req, cards, jwtCard(token));
      markUsed();
      return answer;
    } catch (e) {
      markUsed();
      throw e;
    }
  };
}

/** A refund to the JWT's card with no earlier transaction (the iOS SDK sends its sale fields). */
const refundToCard = (req: SandboxRequest, ctx: CardsCtx, cardOf: CardSource) => {
  const body = req.body;
  if (!body) throw new ErrorAnswer(400, '002', 'Validation error: a REFUND needs a body with amount.');
  const type = optionalString(body, 'type');
  if (type !== undefined && type.toUpperCase() !== 'REFUND') throw fieldError('type', `is "${type}" on the refund path; send REFUND or leave it out`);
  const amountText = requiredString(body, 'amount');
  const amountCents = checkedAmount(amountText);
  const { card } = cardOf(body, ctx);
  const base = { type: 'REFUND' as const, amountCents, tipCents: 0, card, references: references(body), echoes: echoes(body) };
  const decline = declineFor(amountText);
  if (decline) {
    const tx = record(ctx, { ...base, result: 'DECLINED', resultCode: decline.resultCode, displayMessage: decline.message });
    throw new ErrorAnswer(402, decline.resultCode, decline.message, { transaction: { ...view(ctx, req, tx), result: decline.result } });
  }
  const tx = record(ctx, { ...base, result: 'APPROVED', resultCode: '000', displayMessage: 'Transaction approved' });
  return transactionAnswer(ctx, req, tx);
};

export const mobileModule: DomainModule<MobileSlice> = {
  name: 'mobile',
  initial: initialMobileSlice,
  handlers: {
    'mobile.manualToken': manualToken,
    'mobile.sale': withJwt((req, cards, cardOf) => charge('SALE', cardOf)(req, cards)),
    'mobile.refund': withJwt(refundToCard),
    'mobile.receipt': receipt,
    'mobile.signature': signature,
    'mobile.readerConfiguration': readerConfiguration,
    ...achMobileHandlers,
  },
};
