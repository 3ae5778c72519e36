// The bank account an ACH mobile JWT stands for, as the account of an ACH transaction. The
// mobile debit and credit reference lists routing-number, account-number and account-type as
// optional body fields (docs/sandbox.md "ACH on the mobile path"): a body may still name the
// account, but only the JWT's one. A token-id is refused: the JWT is the account.

import { bodyText, canonical, ACCOUNT_TYPES } from './achInput';
import type { StoredAccount } from './achState';
import type { AccountSource } from './achTransactionCreate';

const ACCOUNT_FIELDS = ['routing-number', 'account-number', 'account-type'] as const;

/** What each account field of the body must equal: the JWT's, as the sandbox keeps it. */
const MATCHES: Record<(typeof ACCOUNT_FIELDS)[number], (sent: string, account: StoredAccount) => boolean> = {
  'routing-number': (sent, a) => sent === a.routingNumber,
  // The sandbox keeps the last four only (achState.ts), so that is all it can compare.
  'account-number': (sent, a) => /^\d{1,17}$/.test(sent) && sent.slice(-4) === a.lastFour,
  'account-type': (sent, a) => canonical(sent, ACCOUNT_TYPES) === a.accountType,
};

/** Says which account the JWT stands for without repeating a number the body sent. */
function described(a: StoredAccount): string {
  return `${a.accountType} account ending ${a.lastFour} at routing number ${a.routingNumber}`;
}

export function jwtAccount(account: StoredAccount): AccountSource {
  return (body, _ctx, problems) => {
    if (body['token-id'] !== undefined) {
      problems.push('token-id: the achmobilejwt already names the account; leave token-id out, or charge a stored ACH token on /rest/v2/ach/transactions/{debit,credit}.');
    }
    for (const name of ACCOUNT_FIELDS) {
      const value = body[name];
      if (value !== undefined && value !== null && typeof value === 'object') {
        problems.push(`${name} must be a single value, not an object or a list.`);
        continue;
      }
      const sent = bodyText(body, name);
      if (sent !== undefined && !MATCHES[name](sent, account)) {
        problems.push(`${name} is not that of the account the achmobilejwt stands for (${described(account)}); leave it out, the token carries it.`);
      }
    }
    const individualName = bodyText(body, 'individual-name') ?? account.individualName;
    return { account: { ...account, ...(individualName ? { individualName } : {}) } };
  };
}
