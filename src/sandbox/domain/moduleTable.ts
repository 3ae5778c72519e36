// Every domain module the sandbox serves. Order matters only for clock ticks: ACH windows run
// before batch auto-close, and payment plans charge after it (into the batch then open).

import { achModule } from '../ach/achModule';
import { batchesModule } from '../batches/batchesModule';
import { customersModule } from '../customers/customersModule';
import { cardsModule } from '../cardTransactions/cardTransactionsModule';
import { documentsModule } from '../documents/documentsModule';
import { onboardingModule } from '../onboarding/onboardingModule';
import { settingsModule } from '../settings/settingsModule';
import type { AnyModule } from './state';
import { vaultModule } from '../cardTokens/cardTokensModule';
import { mobileModule } from '../mobile/mobileModule';

export const sandboxModules: readonly AnyModule[] = [
  cardsModule, vaultModule, achModule, settingsModule, batchesModule, customersModule, documentsModule, onboardingModule,
  mobileModule,
];
