// Merchant documents (eDocs) on the boarding host: statements, tax forms and other documents.
// The `MerchantId` header must equal the path's merchant number.
import type { ParamSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';

const merchantNumber: ParamSpec = {
  name: 'merchantNumber', in: 'path', required: true, type: 'string', check: 'digits', doc: 'Merchant number; must equal the MerchantId header.',
};
const year: ParamSpec = { name: 'year', in: 'path', required: true, type: 'string', check: 'year', doc: 'Statement year, YYYY.' };
const month: ParamSpec = { name: 'month', in: 'path', required: true, type: 'string', check: 'month', doc: 'Statement month, 01-12.' };

const base = '/api/documents/v1.0/document/{merchantNumber}';

const entries: readonly OperationEntry[] = [
  {
    id: 'documents.get', title: 'Retrieve document', group: 'documents', method: 'GET',
    path: `${base}/{documentId}`, responseFormat: 'pdf', safety: 'read',
    params: [merchantNumber, { name: 'documentId', in: 'path', required: true, type: 'string', doc: 'GUID of the document.' }],
    doc: 'Downloads one merchant document (a file stream, usually PDF) by its GUID.',
  },
  {
    id: 'documents.types', title: 'Retrieve document types', group: 'documents', method: 'GET',
    path: `${base}/DocumentTypes`, params: [merchantNumber], safety: 'read',
    doc: 'Lists the kinds of documents available for the merchant.',
  },
  {
    id: 'documents.byType', title: 'Retrieve documents by type', group: 'documents', method: 'GET',
    path: `${base}/Documents`, safety: 'read',
    params: [merchantNumber, { name: 'documentType', in: 'query', required: true, type: 'string', doc: 'Document type, as listed by "Retrieve document types".' }],
    doc: 'Lists the merchant\'s documents of one type.',
  },
  {
    id: 'documents.statementsByYear', title: 'Retrieve statements by year', group: 'documents', method: 'GET',
    path: `${base}/Statements/{year}`, params: [merchantNumber, year], safety: 'read',
    doc: 'Lists the merchant\'s monthly statements of one year.',
  },
  {
    id: 'documents.statementsByMonth', title: 'Retrieve statements by year and month', group: 'documents', method: 'GET',
    path: `${base}/Statements/{year}/{month}`, params: [merchantNumber, year, month], safety: 'read',
    doc: 'Lists the merchant\'s statements of one month.',
  },
];

export const documents = entries.map(defineOperation);
