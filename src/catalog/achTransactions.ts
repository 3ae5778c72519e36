// ACH transactions: bank-to-bank payments. Creation answers Pending; the processing queue at
// 3 PM and 6 PM local time moves it on. Samples that act on an earlier ACH transaction use the
// request-file variable `{{achTransactionId}}`, filled from a tree item or an earlier response.
import type { FieldSpec, ParamSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';
import { pagingParams } from './sharedParams';
import {
  achAccountFields, addressBlock, duplicateCheckFields, referenceFields, sampleAccount, sampleSoftware, secCodes,
  softwareFields, tokenizeFields, trueFalse,
} from './sharedFields';

const xmlRoot = 'ach-transaction';

const transactionTypes = ['Debit', 'Credit'];
const statuses = ['Pending', 'Settling', 'Settled', 'Returned', 'Void'];

const idParam: ParamSpec = { name: 'id', in: 'path', required: true, type: 'string', doc: 'ACH transaction id returned by a creating call.' };

const paymentFields: readonly FieldSpec[] = [
  ...achAccountFields,
  { name: 'standard-entry-class-code', type: 'string', required: true, values: secCodes, check: 'secCode', doc: 'SEC code: PPD (consumer), CCD (business), WEB (internet) or TEL (telephone).' },
  { name: 'amount', type: 'string', required: true, check: 'amount', doc: 'Amount as a decimal string with two places, e.g. "25.00".' },
  { name: 'token-id', type: 'string', replaces: ['routing-number', 'account-number', 'account-type', 'individual-name'], doc: 'A stored ACH token id; it replaces routing-number, account-number, account-type and individual-name.' },
  { name: 'check-number', type: 'string', doc: 'Check number, for check-based entries.' },
  { name: 'validate-account', type: 'string', values: trueFalse, doc: 'Set "true" to validate the account before submitting.' },
  ...tokenizeFields, ...referenceFields, ...addressBlock, ...softwareFields, ...duplicateCheckFields,
];

const paymentSample = { ...sampleAccount, 'standard-entry-class-code': 'PPD', amount: '25.00', invoice: 'INV-2001', ...sampleSoftware };

const searchParams: readonly ParamSpec[] = [
  { name: 'id', in: 'query', required: false, type: 'string', doc: 'ACH transaction id.' },
  { name: 'status', in: 'query', required: false, type: 'string', values: statuses, doc: 'Processing status.' },
  { name: 'type', in: 'query', required: false, type: 'string', values: transactionTypes, doc: 'Debit or Credit.' },
  { name: 'start-date', in: 'query', required: false, type: 'string', check: 'date', doc: 'Earliest creation date, YYYY-MM-DD.' },
  { name: 'end-date', in: 'query', required: false, type: 'string', check: 'date', doc: 'Latest creation date, YYYY-MM-DD.' },
  ...pagingParams,
];

const payment = (sample: Record<string, unknown>, extra: readonly FieldSpec[] = []) => ({
  kind: 'json+xml' as const, xmlRoot, fields: [...extra, ...paymentFields], sample,
});

const entries: readonly OperationEntry[] = [
  {
    id: 'achTransactions.search', title: 'Search ACH transactions', group: 'ach-transactions', method: 'GET',
    path: '/rest/v2/ach/transactions', params: searchParams, payloadType: 'ach-transactions', safety: 'read',
    doc: 'Searches ACH transactions by id, status, type and creation date, one page at a time.',
  },
  {
    id: 'achTransactions.create', title: 'Create ACH transaction', group: 'ach-transactions', method: 'POST',
    verifyWith: 'achTransactions.search',
    path: '/rest/v2/ach/transactions', payloadType: 'ach-transaction', safety: 'moves-money',
    doc: 'Submits a debit or credit (chosen by type) against a bank account or an ACH token; answers its id and status Pending.',
    body: payment({ type: 'Debit', ...paymentSample }, [
      { name: 'type', type: 'string', required: true, values: transactionTypes, anyCase: true, doc: 'Debit takes money from the account; Credit pays into it (any case).' },
    ]),
  },
  {
    id: 'achTransactions.credit', title: 'Create ACH credit', group: 'ach-transactions', method: 'POST',
    verifyWith: 'achTransactions.search',
    path: '/rest/v2/ach/transactions/credit', payloadType: 'ach-transaction', safety: 'moves-money',
    doc: 'Pays money into a bank account (or the account behind an ACH token); answers its id and status Pending.',
    body: payment(paymentSample),
  },
  {
    id: 'achTransactions.debit', title: 'Create ACH debit', group: 'ach-transactions', method: 'POST',
    verifyWith: 'achTransactions.search',
    path: '/rest/v2/ach/transactions/debit', payloadType: 'ach-transaction', safety: 'moves-money',
    doc: 'Takes money from a bank account (or the account behind an ACH token); answers its id and status Pending.',
    body: payment(paymentSample),
  },
  {
    id: 'achTransactions.reversal', title: 'Reverse ACH transaction', group: 'ach-transactions', method: 'POST',
    verifyWith: 'achTransactions.search',
    path: '/rest/v2/ach/transactions/reversal', payloadType: 'ach-transaction', safety: 'moves-money',
    doc: 'Reverses an earlier ACH transaction by id (alpha provider only).',
    body: {
      kind: 'json+xml', xmlRoot,
      fields: [{ name: 'id', type: 'string', required: true, doc: 'Id of the ACH transaction to reverse.' }, ...softwareFields],
      sample: { id: '{{achTransactionId}}', ...sampleSoftware },
    },
  },
  {
    id: 'achTransactions.validate', title: 'Validate ACH account', group: 'ach-transactions', method: 'POST',
    path: '/rest/v2/ach/transactions/validate', payloadType: 'ach-validation', safety: 'read',
    doc: 'Checks a bank account (routing checksum and account data) before submitting a payment; moves no money.',
    body: {
      kind: 'json+xml', xmlRoot, fields: [...achAccountFields, ...softwareFields],
      sample: { ...sampleAccount, ...sampleSoftware },
    },
  },
  {
    id: 'achTransactions.get', title: 'Get ACH transaction', group: 'ach-transactions', method: 'GET',
    path: '/rest/v2/ach/transactions/{id}', params: [idParam], payloadType: 'ach-transaction', safety: 'read',
    doc: 'Reads one ACH transaction: its status, and its trace number, settled or returned date and return reason once known.',
  },
  {
    id: 'achTransactions.void', title: 'Void ACH transaction', group: 'ach-transactions', method: 'DELETE',
    verifyWith: 'achTransactions.get',
    path: '/rest/v2/ach/transactions/{id}', params: [idParam], payloadType: 'ach-transaction', safety: 'moves-money',
    doc: 'Voids an ACH transaction while it is still Pending.',
  },
];

export const achTransactions = entries.map(defineOperation);
