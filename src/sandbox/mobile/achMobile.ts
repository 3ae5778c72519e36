// ACH on the mobile path (issue 33): typed bank-account data becomes a one-time JWT, authorized by
// the HPP public key alone, and /rest/v2/ach/mobile/transactions/{debit,credit} charge the account
// it stands for, once, within its lifetime, with the achmobilejwt header next to the api-key.
// After the JWT it is exactly an ACH transaction (same checks, ids, lifecycle and returns table).
// The minting path is the sandbox's stand-in for the JS SDK's ACH form, whose own path is not
// public: evidence and decisions in docs/sandbox.md "ACH on the mobile path".

import type { Handler } from '../domain/domain';
import type { SettingsSlice } from '../settings/settingsState';
import { fieldProblems } from '../ach/achErrors';
import { readAccount } from '../ach/achInput';
import { jwtAccount } from '../ach/achJwtAccount';
import type { AchSlice, AchType } from '../ach/achState';
import { recordTransaction } from '../ach/achTransactionCreate';
import { transactionAnswer } from '../ach/achWire';
import { requirePublicKey } from './hppKey';
import { acceptJwt, mintJwt } from './mobileJwt';
import type { AchJwt, MobileSlice } from './mobileState';

/** Routing number, account number and type (ACH's own checks, one 400 naming every bad field). */
const achToken: Handler<MobileSlice> = (req, ctx) => {
  requirePublicKey(ctx.peer<SettingsSlice>('settings'), req);
  const problems: string[] = [];
  // readAccount keeps the last four and the return outcome, never the number.
  const account = readAccount(req.body ?? {}, problems);
  if (!account) throw fieldProblems(problems);
  const { jwt } = mintJwt<AchJwt>(ctx.slice, ctx.clock, { account },
    { 'routing-number': account.routingNumber, 'last-four': account.lastFour, 'account-type': account.accountType });
  return {
    status: 200, payloadType: 'mobile-jwt',
    payload: { 'mobile-jwt': { jwt, 'last-four': account.lastFour, 'account-type': account.accountType } },
  };
};

/** A debit or credit of the JWT's account; the JWT is spent once the transaction is recorded. */
function achCharge(type: AchType): Handler<MobileSlice> {
  return (req, ctx) => {
    const { record: token } = acceptJwt(ctx.slice, ctx.clock, 'achmobilejwt', req.headers);
    // Throws before anything changed (a 400 naming every bad field): the JWT stays unspent then.
    const made = recordTransaction(req, { ...ctx, slice: ctx.mutatePeer<AchSlice>('ach') }, type, jwtAccount(token.account));
    token.used = made.created;
    token.transactionId = made.id;
    return transactionAnswer(made);
  };
}

export const achMobileHandlers: Record<string, Handler<MobileSlice>> = {
  'mobile.achToken': achToken,
  'mobile.achDebit': achCharge('Debit'),
  'mobile.achCredit': achCharge('Credit'),
};
