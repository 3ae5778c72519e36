// ACH tokens: a stored token stands in for routing number, account number, account type and
// account holder name in later ACH transactions (field `token-id`).
import type { FieldSpec, ParamSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';
import {
  accountTypes, achAccountFields, requiredSoftwareFields, sampleAccount, sampleSoftware, softwareFields,
} from './sharedFields';

const xmlRoot = 'ach-token';

const tokenId: ParamSpec = { name: 'tokenId', in: 'path', required: true, type: 'string', doc: 'ACH token id.' };

const labelFields: readonly FieldSpec[] = [
  { name: 'token-description', type: 'string', doc: 'Label of the token.' },
  { name: 'customer-key', type: 'string', doc: 'Customer the token belongs to.' },
  { name: 'default', type: 'boolean', doc: 'Whether this is the customer\'s default ACH token.' },
];

const createFields: readonly FieldSpec[] = [
  ...achAccountFields.map((f) => (f.name === 'individual-name' ? { ...f, required: true } : f)),
  ...requiredSoftwareFields, ...labelFields,
];

const updateFields: readonly FieldSpec[] = [
  { name: 'account-type', type: 'string', values: accountTypes, anyCase: true, doc: 'Kind of bank account (any case).' },
  { name: 'individual-name', type: 'string', doc: 'Name of the account holder.' },
  ...labelFields, ...softwareFields,
];

const entries: readonly OperationEntry[] = [
  {
    id: 'achTokens.create', title: 'Create ACH token', group: 'ach-tokens', method: 'POST',
    path: '/rest/v2/ach/tokens', payloadType: 'ach-token', safety: 'write',
    doc: 'Stores a bank account in the vault and returns its token id; only the last four account digits are returned.',
    body: {
      kind: 'json+xml', xmlRoot, fields: createFields,
      sample: { ...sampleAccount, ...sampleSoftware, 'token-description': 'Operating account' },
    },
  },
  {
    id: 'achTokens.get', title: 'Get ACH token', group: 'ach-tokens', method: 'GET',
    path: '/rest/v2/ach/tokens/{tokenId}', params: [tokenId], payloadType: 'ach-token', safety: 'read',
    doc: 'Reads one stored ACH token (routing number, last four account digits, account type, holder name).',
  },
  {
    id: 'achTokens.update', title: 'Update ACH token', group: 'ach-tokens', method: 'PUT',
    verifyWith: 'achTokens.get',
    path: '/rest/v2/ach/tokens/{tokenId}', params: [tokenId], payloadType: 'ach-token', safety: 'write',
    doc: 'Changes the holder name, account type, label or customer of a stored ACH token.',
    body: {
      kind: 'json+xml', xmlRoot, fields: updateFields,
      sample: { 'individual-name': 'Jordan Smith', 'token-description': 'Payroll account', ...sampleSoftware },
    },
  },
  {
    id: 'achTokens.delete', title: 'Delete ACH token', group: 'ach-tokens', method: 'DELETE',
    verifyWith: 'achTokens.get',
    path: '/rest/v2/ach/tokens/{tokenId}', params: [tokenId], payloadType: 'ach-token', safety: 'destructive',
    doc: 'Removes an ACH token from the vault; ACH transactions can no longer use it.',
  },
];

export const achTokens = entries.map(defineOperation);
