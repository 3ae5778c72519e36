// ACH providers: which provider settles ACH for a SEC code. The provider-less path is the
// legacy lookup, kept because integrators still call it, and marked deprecated.
import type { ParamSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';
import { secCodes } from './sharedFields';

const secCodeParam = (name: string, location: 'path' | 'query'): ParamSpec => ({
  name, in: location, required: location === 'path', type: 'string', values: secCodes, check: 'secCode',
  doc: 'Standard entry class code: PPD (consumer), CCD (business), WEB (internet) or TEL (telephone).',
});

const entries: readonly OperationEntry[] = [
  {
    id: 'achProviders.legacyLookup', title: 'Legacy provider lookup', group: 'ach-providers', method: 'GET',
    path: '/rest/v2/ach/provider', params: [secCodeParam('sec-code', 'query')], payloadType: 'ach-provider',
    safety: 'read', deprecated: true,
    doc: 'Deprecated: looks up the ACH provider the old way. Use "Get provider by SEC code" instead.',
  },
  {
    id: 'achProviders.getBySecCode', title: 'Get provider by SEC code', group: 'ach-providers', method: 'GET',
    path: '/rest/v2/ach/provider/alpha/{secCode}', params: [secCodeParam('secCode', 'path')], payloadType: 'ach-provider',
    safety: 'read',
    doc: 'Reads the alpha ACH provider that handles the given SEC code.',
  },
  {
    id: 'achProviders.list', title: 'List ACH providers', group: 'ach-providers', method: 'GET',
    path: '/rest/v2/ach/providers', payloadType: 'ach-providers', safety: 'read',
    doc: 'Lists every ACH provider configured for the merchant.',
  },
];

export const achProviders = entries.map(defineOperation);
