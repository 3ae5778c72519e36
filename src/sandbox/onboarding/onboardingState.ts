// The onboarding module's slice: merchants created through the sandbox, by merchant number.
// Bank account and taxpayer numbers are kept masked to their last four.

import { emptyTable } from '../domain/state';

export interface OnboardedMerchant {
  /** The `merchant` object as the create call answered it. */
  merchant: Record<string, unknown> & { hierarchyNodeKey: string };
  applicationURL: string;
  /** UTC instant of creation, ISO 8601; statements start in this month (documents module). */
  created: string;
}

export interface OnboardingSlice {
  merchants: Record<string, OnboardedMerchant>;
}

export function initialOnboardingSlice(): OnboardingSlice {
  return { merchants: emptyTable() };
}
