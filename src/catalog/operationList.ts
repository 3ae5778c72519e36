// Every operation in group order — the interface's 67 and those past it that public clients use
// (`source: 'public-clients'`) — the one list every face of the product derives from.
import type { Operation } from './types';
import { cardTransactions } from './cardTransactions';
import { cardTokens } from './cardTokens';
import { customers } from './customers';
import { achProviders } from './achProviders';
import { achTransactions } from './achTransactions';
import { achTokens } from './achTokens';
import { settings } from './settings';
import { batches } from './batches';
import { documents } from './documents';
import { onboarding } from './onboarding';
import { mobile } from './mobile';
import { mobileAch } from './mobileAch';

export const operations: readonly Operation[] = [
  ...cardTransactions, ...cardTokens, ...customers, ...achProviders, ...achTransactions, ...achTokens,
  ...settings, ...batches, ...documents, ...onboarding,
  ...mobile, ...mobileAch,
];
