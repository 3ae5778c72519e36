// Merchant onboarding on the boarding host: create a merchant under a hierarchy node (the
// operator then sends setup links) and read it back.
import type { FieldSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';

const createFields: readonly FieldSpec[] = [
  {
    name: 'merchantInformation', type: 'object', required: true, doc: 'Who the merchant is.',
    fields: [
      { name: 'dbaName', type: 'string', required: true, doc: 'Doing-business-as name shown to customers.' },
      { name: 'emailAddress', type: 'string', required: true, check: 'email', doc: 'Email address that receives the setup link.' },
    ],
  },
  {
    name: 'salesProfile', type: 'object', required: true, doc: 'What the merchant sells.',
    fields: [{ name: 'mccCode', type: 'string', required: true, check: 'digits', doc: 'Merchant category code, 4 digits, e.g. "5814".' }],
  },
  { name: 'externalCustomerId', type: 'string', doc: 'Your own identifier for this merchant.' },
  { name: 'applicationExpirationTime', type: 'integer', doc: 'Days the application stays open (default 30).' },
  { name: 'pendEmailAddress', type: 'string', check: 'email', doc: 'Address notified when the application is pended.' },
];

const entries: readonly OperationEntry[] = [
  {
    id: 'merchants.get', title: 'Retrieve a merchant', group: 'onboarding', method: 'GET',
    path: '/api/launchIntegratorSetup/v1.0/integrateMerchant/merchants/{merchantNumber}', safety: 'read',
    params: [{ name: 'merchantNumber', in: 'path', required: true, type: 'string', check: 'digits', doc: 'Merchant number returned when the merchant was created.' }],
    doc: 'Reads a merchant created through onboarding, with its application status.',
  },
  {
    id: 'merchants.create', title: 'Create a new merchant', group: 'onboarding', method: 'POST',
    path: '/api/launchIntegratorSetup/v1.0/integrateMerchant/{hierarchyNodeKey}', successStatuses: [201], safety: 'write',
    params: [{ name: 'hierarchyNodeKey', in: 'path', required: true, type: 'string', check: 'digits', doc: 'Hierarchy node the merchant is created under, e.g. 4788000000000009.', sandboxValue: '4788000000000009' }],
    doc: 'Creates a merchant under a hierarchy node; answers 201 with its merchant number and application URL.',
    body: {
      kind: 'json', fields: createFields,
      sample: {
        merchantInformation: { dbaName: 'Blue Harbor Coffee', emailAddress: 'owner@example.com' },
        salesProfile: { mccCode: '5814' },
        externalCustomerId: 'CUST-1001',
        applicationExpirationTime: 30,
      },
    },
  },
];

export const onboarding = entries.map(defineOperation);
