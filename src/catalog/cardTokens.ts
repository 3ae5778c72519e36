// Card tokens (the vault): a stored token id stands in for the card in later transactions.
import type { FieldSpec, ParamSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';
import { pagingParams } from './sharedParams';
import { softwareFields } from './sharedFields';

const xmlRoot = 'token';

const tokenId: ParamSpec = {
  name: 'tokenId', in: 'path', required: true, type: 'string',
  doc: 'Card token id, a long numeric string such as 1100005607145041111.',
};

const cardTypes = ['VISA', 'MASTERCARD', 'AMERICAN EXPRESS', 'DISCOVER', 'DINERS CLUB', 'JCB'];

const status: FieldSpec = { name: 'status', type: 'string', values: ['Active', 'Inactive'], doc: 'Token status; new tokens are Active.' };

const editableFields: readonly FieldSpec[] = [
  { name: 'description', type: 'string', doc: 'Label of the token.' },
  { name: 'customer-key', type: 'string', doc: 'Customer the token belongs to.' },
  { name: 'default', type: 'boolean', doc: 'Whether this is the customer\'s default token.' },
  { name: 'avs-address', type: 'string', doc: 'Street address used for address verification (with require-avs on create, at least it or avs-zip).' },
  { name: 'avs-zip', type: 'string', doc: 'Postal code used for address verification (with require-avs on create, at least it or avs-address).' },
];

const createFields: readonly FieldSpec[] = [
  { name: 'card', type: 'string', required: true, check: 'luhn', doc: 'Card number (PAN) to store.' },
  { name: 'card-type', type: 'string', required: true, values: cardTypes, doc: 'Card brand.' },
  { name: 'exp-date', type: 'string', required: true, check: 'expDate', doc: 'Card expiry as MMYY, e.g. "1230".' },
  { name: 'csc', type: 'string', check: 'csc', doc: 'Card security code, used for verification only and never stored.' },
  {
    name: 'require-avs', type: 'boolean',
    doc: 'Verify avs-address/avs-zip when storing the card: the token answers avs-result-code, and the terminal\'s AVS rules refuse a result they do not allow (402 046). '
      + 'From public clients, not the interface: the Java sample (API-Examples java TokenAVS.java) sends it as "true"; the facts list avs-result-code on the token (§3).',
  },
  { name: 'card-inquiry', type: 'boolean', doc: 'Verify the card with the issuer before storing it (default true).' },
  { name: 'last-four-digits', type: 'string', check: 'digits', doc: 'Last four digits of the card; when sent, must match the card number.' },
  { name: 'track-format', type: 'string', values: ['TRACK2'], doc: 'Format of the track data sent instead of card and exp-date.' },
  { name: 'track2-data', type: 'string', replaces: ['card', 'exp-date'], doc: 'Swiped track 2 data (;PAN=YYMM…?), in place of card and exp-date.' },
  { name: 'encrypted-track-data', type: 'string', replaces: ['card', 'exp-date'], doc: 'Track data encrypted by a card reader; the Local sandbox cannot decrypt it.' },
  status,
  ...softwareFields,
  ...editableFields,
];

const updateFields: readonly FieldSpec[] = [
  { name: 'exp-date', type: 'string', check: 'expDate', doc: 'New card expiry as MMYY.' },
  status,
  ...editableFields,
];

const searchParams: readonly ParamSpec[] = [
  { name: 'token-id', in: 'query', required: false, type: 'string', doc: 'Token id.' },
  { name: 'merchant-legacy-token-id', in: 'query', required: false, type: 'string', doc: 'Token id from a legacy vault.' },
  { name: 'updated-start-date', in: 'query', required: false, type: 'string', doc: 'Earliest update date (with date-filter custom_range).' },
  { name: 'updated-end-date', in: 'query', required: false, type: 'string', doc: 'Latest update date (with date-filter custom_range).' },
  { name: 'date-filter', in: 'query', required: false, type: 'string', values: ['custom_range', 'last_24_hours', 'yesterday', 'last_week', 'last_month', 'last_180_days'], doc: 'Preset window on the update date.' },
  { name: 'date-format', in: 'query', required: false, type: 'string', doc: 'Format of updated-start-date and updated-end-date.' },
  ...pagingParams,
];

const entries: readonly OperationEntry[] = [
  {
    id: 'tokens.search', title: 'Search card tokens', group: 'card-tokens', method: 'GET',
    path: '/rest/v2/tokens', params: searchParams, payloadType: 'TokenResponses', safety: 'read',
    doc: 'Lists stored card tokens, filtered by id or update date, one page at a time.',
  },
  {
    id: 'tokens.create', title: 'Create card token', group: 'card-tokens', method: 'POST',
    verifyWith: 'tokens.search',
    path: '/rest/v2/tokens', payloadType: 'TokenResponse', safety: 'write',
    doc: 'Stores a card in the vault and returns its token id; the card number is never returned again. With require-avs, the token carries avs-result-code.',
    body: {
      kind: 'json+xml', xmlRoot, fields: createFields,
      sample: { card: '4111111111111111', 'card-type': 'VISA', 'exp-date': '1230', csc: '999', description: 'Test Visa' },
    },
  },
  {
    id: 'tokens.get', title: 'Get card token', group: 'card-tokens', method: 'GET',
    path: '/rest/v2/tokens/{tokenId}', params: [tokenId], payloadType: 'TokenResponse', safety: 'read',
    doc: 'Reads one stored card token (card type, last four digits, expiry, description).',
  },
  {
    id: 'tokens.update', title: 'Update card token', group: 'card-tokens', method: 'PUT',
    verifyWith: 'tokens.get',
    path: '/rest/v2/tokens/{tokenId}', params: [tokenId], payloadType: 'TokenResponse', safety: 'write',
    doc: 'Changes the description, expiry, customer or AVS data of a stored card token.',
    body: { kind: 'json+xml', xmlRoot, fields: updateFields, sample: { description: 'Updated test Visa' } },
  },
  {
    id: 'tokens.delete', title: 'Delete card token', group: 'card-tokens', method: 'DELETE',
    verifyWith: 'tokens.get',
    path: '/rest/v2/tokens/{tokenId}', params: [tokenId], payloadType: 'TokenResponse', safety: 'destructive',
    doc: 'Removes a card token from the vault; transactions can no longer use it.',
  },
];

export const cardTokens = entries.map(defineOperation);
