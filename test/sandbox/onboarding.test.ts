// The onboarding module through its DomainModule contract, with a real controllable clock.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { requireOperation } from '../../src/catalog';
import { ControllableClock } from '../../src/sandbox/domain/clock';
import { ErrorAnswer, type DomainContext, type Answer } from '../../src/sandbox/domain/domain';
import { idSourceOver } from '../../src/sandbox/domain/state';
import { onboardingModule, type OnboardingSlice } from '../../src/sandbox/onboarding/onboardingModule';
import { boardingError } from './boardingErrorAssertion';

const MERCHANT = { merchantId: '8582949932024942', terminalId: '10018001', terminalName: 'T', merchantName: 'M', hppPublicKey: '' };
const NODE = '4788000000000009';

interface Created {
  applicationURL: string;
  applicationStatus?: string;
  merchant: {
    hierarchyNodeKey: string;
    merchantInformation: { merchantNumber: string; dbaName: string; emailAddress: string };
    salesProfile: { mccCode: string };
    [k: string]: unknown;
  };
  metadata: { timestamp: string };
}

function harness() {
  const base = Date.parse('2025-05-15T17:00:00.123Z');
  const clock = new ControllableClock('America/Chicago', 0, () => base);
  const slice = onboardingModule.initial();
  const peer = <T>(): T => undefined as T;
  const ctx: DomainContext<OnboardingSlice> = { slice, peer, mutatePeer: peer, clock, ids: idSourceOver({}) };
  const create = (body: Record<string, unknown> | undefined, hierarchyNodeKey = NODE): Answer =>
    onboardingModule.handlers['merchants.create'](
      { op: requireOperation('merchants.create'), params: { hierarchyNodeKey }, query: new URLSearchParams(), body, headers: { host: '127.0.0.1:4321' }, merchant: MERCHANT },
      ctx,
    );
  const get = (merchantNumber: string): Answer =>
    onboardingModule.handlers['merchants.get'](
      { op: requireOperation('merchants.get'), params: { merchantNumber }, query: new URLSearchParams(), body: undefined, headers: {}, merchant: MERCHANT },
      ctx,
    );
  return { create, get, slice, clock };
}

const minimal = () => ({
  merchantInformation: { dbaName: 'Blue Harbor Coffee', emailAddress: 'owner@example.com' },
  salesProfile: { mccCode: '5814' },
});


describe('Merchant onboarding: create and retrieve', () => {
  it('creates a merchant: 201, a 16-digit merchant number, an application URL on the caller host, a 7-digit timestamp', () => {
    const { create } = harness();
    const answer = create({ ...minimal(), externalCustomerId: 'CUST-1001' });
    assert.equal(answer.status, 201);
    const raw = answer.raw as Created;
    assert.match(raw.merchant.merchantInformation.merchantNumber, /^\d{16}$/);
    assert.notEqual(raw.merchant.merchantInformation.merchantNumber, MERCHANT.merchantId);
    assert.match(raw.applicationURL, /^http:\/\/127\.0\.0\.1:4321\/launch-integrator-setup\/merchant\/[0-9a-f-]{36}$/);
    assert.equal(raw.metadata.timestamp, '2025-05-15T17:00:00.1230000Z');
    assert.equal(raw.merchant.hierarchyNodeKey, NODE);
    assert.equal(raw.merchant.merchantInformation.dbaName, 'Blue Harbor Coffee');
    assert.equal(raw.merchant.merchantInformation.emailAddress, 'owner@example.com');
    assert.equal(raw.merchant.salesProfile.mccCode, '5814');
    assert.equal(raw.merchant.externalCustomerId, 'CUST-1001');
    assert.equal(raw.merchant.applicationExpirationTime, 30);
    const second = create(minimal()).raw as Created;
    assert.notEqual(second.merchant.merchantInformation.merchantNumber, raw.merchant.merchantInformation.merchantNumber);
  });

  it('retrieves a created merchant, with its application status, and 404 for an unknown one', () => {
    const { create, get, clock } = harness();
    const created = create({ ...minimal(), applicationExpirationTime: 2 }).raw as Created;
    const number = created.merchant.merchantInformation.merchantNumber;
    const read = get(number);
    assert.equal(read.status, 200);
    const raw = read.raw as Created;
    assert.deepEqual(raw.merchant, created.merchant);
    assert.equal(raw.applicationURL, created.applicationURL);
    assert.equal(raw.applicationStatus, 'Pending');
    clock.advance(3 * 24 * 60 * 60 * 1000);
    assert.equal((get(number).raw as Created).applicationStatus, 'Expired');
    assert.throws(() => get('8000000000000000'), boardingError(404, /No merchant 8000000000000000/));
  });

  it('names each missing required field in one 400', () => {
    const { create } = harness();
    assert.throws(() => create({ merchantInformation: {}, salesProfile: {} }), (e: unknown) => {
      assert.ok(e instanceof ErrorAnswer && e.status === 400);
      for (const f of ['merchantInformation.dbaName', 'merchantInformation.emailAddress', 'salesProfile.mccCode']) assert.ok(e.message.includes(f), f);
      return true;
    });
    assert.throws(() => create(undefined), boardingError(400, /merchantInformation is required.*salesProfile is required/));
  });

  it('refuses a bad hierarchy node key, MCC code, email and expiration time', () => {
    const { create } = harness();
    assert.throws(() => create(minimal(), '4788'), boardingError(400, /hierarchyNodeKey "4788" must be 16 digits/));
    assert.throws(() => create({ ...minimal(), salesProfile: { mccCode: '58' } }), boardingError(400, /mccCode.*4 digits/));
    assert.throws(
      () => create({ ...minimal(), merchantInformation: { dbaName: 'X', emailAddress: 'nobody' } }),
      boardingError(400, /emailAddress.*email/),
    );
    assert.throws(() => create({ ...minimal(), applicationExpirationTime: 0 }), boardingError(400, /applicationExpirationTime/));
    const mcc = create({ ...minimal(), salesProfile: { MccCode: '5411' } }).raw as Created;
    assert.equal(mcc.merchant.salesProfile.mccCode, '5411');
  });

  it('keeps bank account and taxpayer numbers only as their last four', () => {
    const { create, slice } = harness();
    const answer = create({
      ...minimal(),
      bankAccounts: [{ routingNumber: '081009813', accountNumber: '123456789012', accountType: 'Checking' }],
      taxpayer: { tin: '123456789', legalName: 'Blue Harbor LLC' },
    });
    const stored = JSON.stringify(slice);
    const answered = JSON.stringify(answer.raw);
    for (const text of [stored, answered]) {
      assert.ok(!text.includes('123456789012'));
      assert.ok(!text.includes('"123456789"'));
      assert.ok(text.includes('9012'));
      assert.ok(text.includes('081009813'));
    }
  });
});
