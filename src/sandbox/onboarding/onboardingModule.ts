// The Local sandbox's onboarding module: create a merchant under a hierarchy node (201 with its
// merchant number and application URL) and retrieve it. Boarding family: replies are raw JSON.

import { randomUUID } from 'node:crypto';
import { ErrorAnswer, type DomainModule, type Handler, type SandboxRequest } from '../domain/domain';
import { DEFAULT_EXPIRATION_DAYS, readApplication } from './merchantApplication';
import { initialOnboardingSlice, type OnboardedMerchant, type OnboardingSlice } from './onboardingState';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Boarding timestamps carry seven fractional digits (.NET ticks): `2024-05-01T12:00:00.1230000Z`. */
function boardingTimestamp(instant: Date): string {
  return `${instant.toISOString().slice(0, -1)}0000Z`;
}

function origin(req: SandboxRequest): string {
  const host = req.headers.host ?? '127.0.0.1';
  return `http://${host}`;
}

function newMerchantNumber(slice: OnboardingSlice, next: () => number, avoid: string): string {
  for (;;) {
    const candidate = `858294${String(next()).padStart(10, '0')}`;
    if (!slice.merchants[candidate] && candidate !== avoid) return candidate;
  }
}

function applicationStatus(m: OnboardedMerchant, now: Date): string {
  const days = Number(m.merchant.applicationExpirationTime ?? DEFAULT_EXPIRATION_DAYS);
  return now.getTime() - Date.parse(m.created) > days * DAY_MS ? 'Expired' : 'Pending';
}

const create: Handler<OnboardingSlice> = (req, ctx) => {
  const hierarchyNodeKey = req.params.hierarchyNodeKey ?? '';
  if (!/^\d{16}$/.test(hierarchyNodeKey)) {
    throw new ErrorAnswer(400, '400', `hierarchyNodeKey "${hierarchyNodeKey}" must be 16 digits, e.g. 4788000000000009.`);
  }
  const { application, problems } = readApplication(req.body);
  if (!application) throw new ErrorAnswer(400, '400', `The merchant was not created. ${problems.join(' ')}`);
  const now = ctx.clock.now();
  const merchantNumber = newMerchantNumber(ctx.slice, () => ctx.ids.next('onboarding-merchant', 1), req.merchant.merchantId);
  const stored: OnboardedMerchant = {
    merchant: {
      hierarchyNodeKey,
      merchantInformation: { merchantNumber, dbaName: application.dbaName, emailAddress: application.emailAddress },
      salesProfile: { mccCode: application.mccCode },
      ...application.optional,
    },
    applicationURL: `${origin(req)}/launch-integrator-setup/merchant/${randomUUID()}`,
    created: now.toISOString(),
  };
  ctx.slice.merchants[merchantNumber] = stored;
  return {
    status: 201,
    raw: { applicationURL: stored.applicationURL, merchant: stored.merchant, metadata: { timestamp: boardingTimestamp(now) } },
  };
};

const get: Handler<OnboardingSlice> = (req, ctx) => {
  const merchantNumber = req.params.merchantNumber ?? '';
  const stored = ctx.slice.merchants[merchantNumber];
  if (!stored) {
    throw new ErrorAnswer(
      404,
      '404',
      `No merchant ${merchantNumber} was created in this sandbox. Create one with POST ` +
        '/api/launchIntegratorSetup/v1.0/integrateMerchant/{hierarchyNodeKey} and use the merchantNumber it returns.',
    );
  }
  const now = ctx.clock.now();
  return {
    status: 200,
    raw: {
      applicationURL: stored.applicationURL,
      applicationStatus: applicationStatus(stored, now),
      merchant: stored.merchant,
      metadata: { timestamp: boardingTimestamp(now) },
    },
  };
};

export const onboardingModule: DomainModule<OnboardingSlice> = {
  name: 'onboarding',
  initial: initialOnboardingSlice,
  handlers: { 'merchants.create': create, 'merchants.get': get },
};

export type { OnboardingSlice, OnboardedMerchant } from './onboardingState';
