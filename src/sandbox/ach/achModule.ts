// The Local sandbox's ACH module: providers, transactions (with their 3 PM / 6 PM lifecycle)
// and ACH tokens, over one JSON slice named `ach`.

import type { DomainModule } from '../domain/domain';
import { validationHandlers } from './achAccountValidation';
import { runAchWindows } from './achLifecycle';
import { providerHandlers } from './achProviders';
import { initialAchSlice, type AchSlice } from './achState';
import { tokenHandlers } from './achTokens';
import { changeHandlers } from './achTransactionChanges';
import { createHandlers } from './achTransactionCreate';
import { lookupHandlers } from './achTransactionLookup';

export const achModule: DomainModule<AchSlice> = {
  name: 'ach',
  initial: initialAchSlice,
  handlers: {
    ...providerHandlers,
    ...createHandlers,
    ...changeHandlers,
    ...lookupHandlers,
    ...validationHandlers,
    ...tokenHandlers,
  },
  onClockAdvance: runAchWindows,
};

export type { AchSlice } from './achState';
export { ACH_RETURN_RULES } from '../../catalog/localSandbox/achReturns';
export { ACH_PROVIDERS } from './achProviders';
