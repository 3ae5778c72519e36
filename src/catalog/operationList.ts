// Every operation in group order: the interface's 67, then those past it (source
// 'public-clients'); the one list every face of the product derives from.
import type { Operation } from './types';
import { cardTransactions } from './cardTransactions';
import { cardTokens } from './cardTokens';
import { achProviders } from './achProviders';
import { achTransactions } from './achTransactions';
import { achTokens } from './achTokens';
import { settings } from './settings';
import { batches } from './batches';
import { documents } from './documents';
import { onboarding } from './onboarding';
import { mobile } from './mobile';

export const operations: readonly Operation[] = [
  ...cardTransactions, ...cardTokens, ...achProviders, ...achTransactions, ...achTokens,
  ...settings, ...batches, ...documents, ...onboarding,
  ...mobile,
];
