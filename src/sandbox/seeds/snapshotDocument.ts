// `GET /__sandbox/snapshot`: the whole state as a seed document (seedDocument.ts), without keys.
// The sandbox's own keys live apart from the slices (state.keys) and are never read here; the
// two secrets kept inside slices — the mobile JWT signing secret and a device's API key in the
// settings — are left out by name.

import type { LiveSandbox } from '../liveSandbox';
import type { AchSlice } from '../ach/achState';
import type { BatchesSlice } from '../batches/batchState';
import type { CardsSlice } from '../cardTransactions/cardState';
import type { VaultSlice } from '../cardTokens/cardTokenState';
import type { CustomersSlice } from '../customers/customerState';
import type { MobileSlice } from '../mobile/mobileState';
import type { OnboardingSlice } from '../onboarding/onboardingState';
import type { SettingsSlice } from '../settings/settingsState';
import { SEED_FORMAT, SEED_VERSION, type SeedDocument } from './seedDocument';

/** Settings members that hold a secret of the merchant's (a device's API key): never written out. */
const SECRET_SETTING = /api-key|access-key|secret|password|private/i;

function withoutSecrets(groups: SettingsSlice['groups']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [group, values] of Object.entries(groups)) {
    out[group] = values === null ? null : Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET_SETTING.test(k)));
  }
  return out;
}

/** A deep copy through JSON: the document shares nothing with the live state. */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function snapshotOf(live: LiveSandbox): SeedDocument {
  const slices = live.state.slices;
  const slice = <T>(name: string): T | undefined => slices[name] as T | undefined;
  const cards = slice<CardsSlice>('cards');
  const vault = slice<VaultSlice>('vault');
  const ach = slice<AchSlice>('ach');
  const customers = slice<CustomersSlice>('customers');
  const batches = slice<BatchesSlice>('batches');
  const settings = slice<SettingsSlice>('settings');
  const onboarding = slice<OnboardingSlice>('onboarding');
  const mobile = slice<MobileSlice>('mobile');
  return copy({
    format: SEED_FORMAT,
    version: SEED_VERSION,
    clock: live.clock.now().toISOString(),
    settings: settings ? withoutSecrets(settings.groups) : {},
    merchants: onboarding?.merchants ?? {},
    tokens: Object.values(vault?.tokens ?? {}),
    customers: Object.values(customers?.customers ?? {}),
    plans: Object.values(customers?.plans ?? {}),
    transactions: Object.values(cards?.transactions ?? {}),
    achTokens: Object.values(ach?.tokens ?? {}),
    achTransactions: Object.values(ach?.transactions ?? {}),
    batches: { open: batches?.open ?? null, closed: batches?.closed ?? [] },
    // The JWT signing secret stays behind: JWTs minted before a snapshot cannot be charged after it.
    mobile: { jwts: mobile?.jwts ?? {}, receipts: mobile?.receipts ?? {}, signatures: mobile?.signatures ?? {} },
    counters: { ...live.state.counters },
  });
}
