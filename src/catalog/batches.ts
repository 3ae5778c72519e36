// Batches: every approved card transaction lands in the open batch; closing it settles them.
import { defineOperation, type OperationEntry } from './defineOperation';
import { sampleSoftware } from './sharedFields';

const entries: readonly OperationEntry[] = [
  {
    id: 'batches.getOpen', title: 'Get open batch', group: 'batches', method: 'GET',
    path: '/rest/v1/batches/open', responseFormat: 'xml', payloadType: 'batch', safety: 'read',
    doc: 'Reads the current open batch: its counts and totals of sales and refunds and its net amount.',
  },
  {
    id: 'batches.closeOpen', title: 'Close open batch', group: 'batches', method: 'PUT',
    verifyWith: 'batches.getOpen',
    path: '/rest/v1/batches/open', responseFormat: 'xml', payloadType: 'batch', safety: 'moves-money',
    doc: 'Closes the open batch so its transactions settle, and opens a new one; answers the closed batch.',
    body: {
      kind: 'xml+json', xmlRoot: 'batch',
      fields: [
        { name: 'lastBatchClosedRequiredInResponse', type: 'boolean', doc: 'Answer with the batch just closed.' },
        { name: 'software-type', type: 'string', doc: 'Name of the integrating application.' },
      ],
      sample: { lastBatchClosedRequiredInResponse: true, 'software-type': sampleSoftware['software-type'] },
    },
  },
];

export const batches = entries.map(defineOperation);
