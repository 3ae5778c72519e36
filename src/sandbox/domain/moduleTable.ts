// Every domain module the sandbox serves. Order matters only for clock ticks: ACH windows run
// before batch auto-close.

import { achModule } from '../ach';
import { batchesModule } from '../batches';
import { cardsModule } from '../cardTransactions';
import { documentsModule } from '../documents';
import { onboardingModule } from '../onboarding';
import { settingsModule } from '../settings';
import type { AnyModule } from './state';
import { vaultModule } from '../cardTokens';

export const sandboxModules: readonly AnyModule[] = [
  cardsModule, vaultModule, achModule, settingsModule, batchesModule, documentsModule, onboardingModule,
];
