// Card transactions: one path per transaction type, JSON preferred, XML (`<transaction>`) accepted.
// Samples that act on an earlier transaction use the request-file variable `{{transactionId}}`,
// which the extension fills from the selected tree item or an earlier response.
import type { FieldSpec, ParamSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';
import { pagingParams } from './sharedParams';
import {
  addressBlock, duplicateCheckFields, referenceFields, sampleSoftware, softwareFields, tokenizeFields, trueFalse,
} from './sharedFields';

const xmlRoot = 'transaction';

/** `type` is optional: the path already selects the transaction type. */
const typeField = (value: string): FieldSpec => ({
  name: 'type', type: 'string', values: [value], anyCase: true, doc: `Transaction type (any case); optional because the path selects ${value}.`,
});

const amount: FieldSpec = { name: 'amount', type: 'string', required: true, check: 'amount', doc: 'Amount as a decimal string with two places, e.g. "25.00".' };
const card: FieldSpec = { name: 'card', type: 'string', required: true, check: 'luhn', doc: 'Card number (PAN) or a stored card token id.' };
const expDate: FieldSpec = { name: 'exp-date', type: 'string', required: true, check: 'expDate', doc: 'Card expiry as MMYY, e.g. "1230".' };
const csc: FieldSpec = { name: 'csc', type: 'string', check: 'csc', doc: 'Card security code (3 or 4 digits); never stored.' };
const id: FieldSpec = { name: 'id', type: 'string', required: true, doc: 'Gateway id of the earlier transaction.' };
const tipAmount: FieldSpec = { name: 'tip-amount', type: 'string', check: 'amount', doc: 'Tip included in the amount.' };

const salesTax: readonly FieldSpec[] = [
  { name: 'sales-tax-amount', type: 'string', check: 'amount', doc: 'Sales tax included in the amount (needed for Level II).' },
  { name: 'sales-tax-type', type: 'string', values: ['LOCAL_SALES_TAX', 'TAX_EXEMPT'], doc: 'Kind of sales tax.' },
];

const common: readonly FieldSpec[] = [...referenceFields, ...addressBlock, ...softwareFields, ...duplicateCheckFields,
  { name: 'client-ip', type: 'string', doc: 'IP address of the shopper.' },
  { name: 'email-receipt', type: 'string', values: trueFalse, doc: 'Set "true" to email a receipt to email-address.' },
];

const cardFields: readonly FieldSpec[] = [card, expDate, csc,
  { name: 'card-inquiry', type: 'boolean', doc: 'Verify the card with the issuer when tokenizing (default true).' },
  ...tokenizeFields,
];

const cardSample = { card: '4111111111111111', 'exp-date': '1230', csc: '999' };

const searchParams: readonly ParamSpec[] = [
  { name: 'id', in: 'query', required: false, type: 'string', doc: 'Gateway transaction id.' },
  { name: 'amount', in: 'query', required: false, type: 'string', check: 'amount', doc: 'Transaction amount, e.g. 25.00.' },
  { name: 'type', in: 'query', required: false, type: 'string', values: ['SALE', 'AUTH', 'CAPTURE', 'FORCED SALE', 'REFUND', 'VOID', 'CARD INQUIRY', 'UNMATCHED REFUND'], doc: 'Transaction type.' },
  { name: 'status', in: 'query', required: false, type: 'string', doc: 'Transaction status, e.g. approved.' },
  { name: 'last-four', in: 'query', required: false, type: 'string', check: 'digits', doc: 'Last four digits of the card.' },
  { name: 'authorization-code', in: 'query', required: false, type: 'string', doc: 'Authorization code from the issuer.' },
  { name: 'invoice', in: 'query', required: false, type: 'string', doc: 'Invoice number.' },
  { name: 'order-id', in: 'query', required: false, type: 'string', doc: 'Merchant order number.' },
  { name: 'display-message', in: 'query', required: false, type: 'string', doc: 'Result message, e.g. Transaction approved.' },
  { name: 'start-date', in: 'query', required: false, type: 'string', doc: 'Earliest creation time, e.g. "2024-05-01 00:00" (yyyy-MM-dd HH:mm) or "05-01-2024 12:00 AM".' },
  { name: 'end-date', in: 'query', required: false, type: 'string', doc: 'Latest creation time, same formats as start-date.' },
  ...pagingParams,
  { name: 'level', in: 'query', required: false, type: 'string', values: ['terminal', 'merchant'], doc: 'Search this terminal (default) or the whole merchant.' },
];

const entries: readonly OperationEntry[] = [
  {
    id: 'transactions.search', title: 'Search transactions', group: 'card-transactions', method: 'GET',
    path: '/rest/v2/transactions', params: searchParams, payloadType: 'transactions', safety: 'read',
    doc: 'Searches card transactions of the last 90 days by id, amount, type, card, dates and more, one page at a time.',
  },
  {
    id: 'transactions.auth', title: 'Authorize', group: 'card-transactions', method: 'POST',
    verifyWith: 'transactions.search',
    path: '/rest/v2/transactions/auth', payloadType: 'transaction', safety: 'moves-money',
    doc: 'Authorizes an amount on a card without capturing it; capture it later by id.',
    body: {
      kind: 'json+xml', xmlRoot,
      fields: [typeField('AUTH'), amount, ...cardFields, ...salesTax, ...common],
      sample: { type: 'AUTH', amount: '25.00', ...cardSample, invoice: 'INV-1001', ...sampleSoftware },
    },
  },
  {
    id: 'transactions.sale', title: 'Sale', group: 'card-transactions', method: 'POST',
    verifyWith: 'transactions.search',
    path: '/rest/v2/transactions/sale', payloadType: 'transaction', safety: 'moves-money',
    doc: 'Authorizes and captures an amount on a card (or a stored card token) in one step.',
    body: {
      kind: 'json+xml', xmlRoot,
      fields: [typeField('SALE'), amount, ...cardFields, tipAmount, ...salesTax,
        { name: 'service-fee', type: 'string', check: 'amount', doc: 'Service fee; at most 3.99% of amount plus tax plus tip.' },
        ...common],
      sample: { type: 'SALE', amount: '25.00', ...cardSample, invoice: 'INV-1001', ...sampleSoftware },
    },
  },
  {
    id: 'transactions.capture', title: 'Capture', group: 'card-transactions', method: 'POST',
    verifyWith: 'transactions.search',
    path: '/rest/v2/transactions/capture', payloadType: 'transaction', safety: 'moves-money',
    doc: 'Captures an earlier authorization by id, for its full amount or a smaller one.',
    body: {
      kind: 'json+xml', xmlRoot,
      fields: [typeField('CAPTURE'), id, { ...amount, required: false, doc: 'Amount to capture; defaults to the authorized amount.' },
        tipAmount, ...salesTax, ...softwareFields],
      sample: { type: 'CAPTURE', id: '{{transactionId}}', amount: '25.00', ...sampleSoftware },
    },
  },
  {
    id: 'transactions.forcedSale', title: 'Forced sale', group: 'card-transactions', method: 'POST',
    verifyWith: 'transactions.search',
    path: '/rest/v2/transactions/forced-sale', payloadType: 'transaction', safety: 'moves-money',
    doc: 'Records a sale that was authorized outside the gateway (for example by phone) using its authorization code.',
    body: {
      kind: 'json+xml', xmlRoot,
      fields: [typeField('FORCED SALE'),
        { name: 'authorization-code', type: 'string', required: true, doc: 'Authorization code obtained from the issuer, e.g. "APPC10".' },
        amount, card, expDate, csc, ...common],
      sample: { type: 'FORCED SALE', 'authorization-code': 'APPC10', amount: '25.00', ...cardSample, ...sampleSoftware },
    },
  },
  {
    id: 'transactions.refund', title: 'Refund', group: 'card-transactions', method: 'POST',
    verifyWith: 'transactions.search',
    path: '/rest/v2/transactions/refund', payloadType: 'transaction', safety: 'moves-money',
    doc: 'Refunds an earlier transaction by id, up to the captured amount less what was already refunded.',
    body: {
      kind: 'json+xml', xmlRoot,
      fields: [typeField('REFUND'), amount, id, ...common],
      sample: { type: 'REFUND', id: '{{transactionId}}', amount: '25.00', ...sampleSoftware },
    },
  },
  {
    id: 'transactions.void', title: 'Void', group: 'card-transactions', method: 'POST',
    verifyWith: 'transactions.search',
    path: '/rest/v2/transactions/void', payloadType: 'transaction', safety: 'moves-money',
    doc: 'Voids an earlier transaction by id before its batch closes.',
    body: {
      kind: 'json+xml', xmlRoot,
      fields: [typeField('VOID'), id, ...softwareFields],
      sample: { type: 'VOID', id: '{{transactionId}}', ...sampleSoftware },
    },
  },
  {
    id: 'transactions.adjustTip', title: 'Adjust tip', group: 'card-transactions', method: 'PUT',
    verifyWith: 'transactions.search',
    path: '/rest/v2/transactions/{id}', payloadType: 'transaction', safety: 'moves-money',
    params: [{ name: 'id', in: 'path', required: true, type: 'string', doc: 'Gateway id of the transaction whose tip to adjust.' }],
    doc: 'Sets the tip of an earlier transaction before its batch closes.',
    body: {
      kind: 'json+xml', xmlRoot,
      fields: [{ ...tipAmount, required: true, doc: 'New tip amount, e.g. "5.00".' }, ...softwareFields],
      sample: { 'tip-amount': '5.00' },
    },
  },
];

export const cardTransactions = entries.map(defineOperation);
