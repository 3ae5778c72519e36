// Card transactions: search, auth, sale, capture, forced sale, refund, void, tip adjust.

import type { DomainModule, Handler } from '../domain/domain';
import { initialCardsSlice, type CardsSlice } from './cardState';
import { charge } from './charges';
import { adjustTip, capture, refund, voidTransaction } from './followOns';
import { view } from './cardRecords';
import { searchTransactions } from './transactionSearch';
import type { MobileSlice } from '../mobile/mobileState';
import { receiptLinks } from '../mobile/receipts';

const search: Handler<CardsSlice> = (req, ctx) => {
  const { items, page } = searchTransactions(ctx.slice.transactions, req.query);
  return {
    status: 200, payloadType: 'transactions', page,
    payload: { transactions: { transaction: items.map(tx => view(ctx, req, tx)) } },
    // A transaction asked for by id also names its e-mail receipts and signature (issue 33).
    links: [
      { rel: 'self', href: `/rest/v2/transactions?${req.query.toString()}`, id: '' },
      ...(req.query.get('id') && items.length === 1 ? receiptLinks(ctx.peer<MobileSlice | undefined>('mobile'), items[0].id) : []),
    ],
  };
};

export const cardsModule: DomainModule<CardsSlice> = {
  name: 'cards',
  initial: initialCardsSlice,
  handlers: {
    'transactions.search': search,
    'transactions.auth': charge('AUTH'),
    'transactions.sale': charge('SALE'),
    'transactions.capture': capture,
    'transactions.forcedSale': charge('FORCED SALE'),
    'transactions.refund': refund,
    'transactions.void': voidTransaction,
    'transactions.adjustTip': adjustTip,
  },
};

export type { CardsSlice } from './cardState';
