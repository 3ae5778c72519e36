// The card a charge uses: a PAN (checked, then reduced to brand, last four and expiry) or a
// vault token id (which stands in for the stored card).

import type { DomainContext } from '../domain/domain';
import { optionalString, requiredString, type Body } from '../http/bodyFields';
import { findToken, type VaultSlice } from '../cardTokens/cardTokenState';
import { TOKEN_ID_PATTERN } from '../../catalog/localSandbox/tokenIds';
import { checkCsc, checkExpDate, panSummary } from './cardChecks';
import type { StoredCard } from './cardState';

export function resolveCard(body: Body, ctx: DomainContext<unknown>): { card: StoredCard; tokenizable: boolean } {
  const value = requiredString(body, 'card');
  checkCsc(optionalString(body, 'csc'));
  const expField = optionalString(body, 'exp-date');
  if (TOKEN_ID_PATTERN.test(value)) {
    const token = findToken(ctx.peer<VaultSlice>('vault'), value);
    const expDate = checkExpDate(expField ?? token.expDate, ctx.clock);
    return { card: { brand: token.cardType, lastFour: token.lastFour, expDate, tokenId: token.tokenId }, tokenizable: false };
  }
  const summary = panSummary(value);
  const expDate = checkExpDate(requiredString(body, 'exp-date'), ctx.clock);
  return { card: { brand: summary.brand, lastFour: summary.lastFour, expDate }, tokenizable: true };
}
