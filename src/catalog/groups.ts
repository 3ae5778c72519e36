// The operation groups in tree order, with the operation that lists each group's resources.
import type { GroupInfo } from './types';

export const groups: readonly GroupInfo[] = [
  { id: 'card-transactions', title: 'Card transactions', listOperation: 'transactions.search' },
  { id: 'card-tokens', title: 'Card tokens', listOperation: 'tokens.search' },
  { id: 'customers', title: 'Customers and payment plans', listOperation: 'customers.list' },
  { id: 'ach-providers', title: 'ACH providers', listOperation: 'achProviders.list' },
  { id: 'ach-transactions', title: 'ACH transactions', listOperation: 'achTransactions.search' },
  { id: 'ach-tokens', title: 'ACH tokens' },
  { id: 'settings', title: 'Gateway settings' },
  { id: 'batches', title: 'Batches', listOperation: 'batches.getOpen' },
  { id: 'documents', title: 'Merchant documents', listOperation: 'documents.types' },
  { id: 'onboarding', title: 'Merchant onboarding' },
  { id: 'mobile', title: 'Web and mobile payments' },
];
