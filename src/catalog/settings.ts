// Gateway settings: 10 groups, each a path with a subset of GET/POST/PUT/DELETE, XML in and out
// by default (JSON too, when asked).
// The 30 operations are generated from the one table below; each row states only what the
// interface and the facts file (docs/gateway-interface.md, docs/gateway-facts.md) say about its group.
import type { FieldSpec, HttpMethod, ParamSpec, Safety } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';
import type { SampleValue } from './types';

interface SettingsGroup {
  /** Middle part of the operation id: `settings.<key>.<action>`. */
  key: string;
  /** Lower-case noun used in titles and docs, e.g. "device settings". */
  noun: string;
  path: string;
  /** Settings element: the XML request root and the response element. */
  element: string;
  methods: readonly HttpMethod[];
  fields: readonly FieldSpec[];
  sample: SampleValue;
  about: string;
  /** Defaults to `element`; device and HPP answer with the terminal settings object. */
  payloadType?: string;
  /** Success statuses per method where they differ from 200. */
  statuses?: Partial<Record<HttpMethod, readonly number[]>>;
  getParams?: readonly ParamSpec[];
}

const actions: Record<HttpMethod, { action: string; verb: string; doc: string; safety: Safety }> = {
  GET: { action: 'get', verb: 'Get', doc: 'Reads', safety: 'read' },
  POST: { action: 'create', verb: 'Create', doc: 'Creates', safety: 'write' },
  PUT: { action: 'update', verb: 'Update', doc: 'Updates', safety: 'write' },
  DELETE: { action: 'delete', verb: 'Delete', doc: 'Removes', safety: 'destructive' },
};

const enabled = (doc: string, required = false): FieldSpec => ({ name: 'enabled', type: 'boolean', doc, ...(required ? { required } : {}) });
const flag = (name: string, doc: string): FieldSpec => ({ name, type: 'boolean', required: true, doc });

const terminalFields: readonly FieldSpec[] = [
  { name: 'merchant-id', type: 'string', doc: 'Merchant identifier.' },
  { name: 'merchant-name', type: 'string', doc: 'Merchant name.' },
  { name: 'terminal-id', type: 'string', doc: 'Terminal identifier.' },
  { name: 'terminal-name', type: 'string', doc: 'Terminal name.' },
  { name: 'business-phone', type: 'string', doc: 'Business phone number.' },
  { name: 'commerce-type', type: 'string', values: ['ECOMMERCE', 'RETAIL'], doc: 'Kind of commerce; the full value list is not published.' },
  { name: 'enable-tip', type: 'boolean', doc: 'Whether tips can be added and adjusted.' },
  { name: 'time-zone', type: 'string', doc: 'Time zone of transaction times, e.g. Central/US.' },
  { name: 'batch-time-utc', type: 'string', check: 'time', doc: 'Time of day (UTC, HH:MM) at which the open batch closes automatically.' },
  { name: 'enable-auto-close-batch', type: 'boolean', doc: 'Close the open batch automatically at batch-time-utc.' },
  { name: 'service-fee', type: 'string', doc: 'Service fee value (percentage or flat amount per service-fee-type).' },
  { name: 'service-fee-type', type: 'string', values: ['PERCENTAGE', 'FLATFEE'], doc: 'How service-fee is applied.' },
  { name: 'service-fee-state', type: 'string', values: ['ENABLED', 'DISABLED'], doc: 'Whether the service fee is charged.' },
  { name: 'service-fee-program-type', type: 'string', values: ['SURCHARGE', 'NON_CASH_ADJUSTMENT', 'EMPOWER_LITE', 'SERVICE_FEE', 'CONVENIENCE_FEE'], doc: 'Service fee program.' },
];

const responseFilters: FieldSpec = {
  name: 'response-filters', type: 'object', doc: 'Which AVS results are accepted; in XML each filter is a response-filter element.',
  fields: [{
    name: 'response-filter', type: 'array', doc: 'One AVS result and whether it is accepted.',
    fields: [
      { name: 'name', type: 'string', required: true, doc: 'AVS result name, e.g. ADDRESS_AND_NINE_DIGIT_ZIP_MATCH (the Local sandbox\'s names and codes: docs/sandbox.md, "AVS and CSC test values").' },
      { name: 'allowed', type: 'boolean', required: true, doc: 'Accept transactions with this result.' },
    ],
  }],
};

const emailList = (doc: string): FieldSpec => ({
  name: 'emails', type: 'array', doc: `${doc} In XML each item is an email element.`,
  fields: [{ name: 'address', type: 'string', required: true, check: 'email', doc: 'Email address.' }],
});

const groups: readonly SettingsGroup[] = [
  {
    key: 'transactionAlert', noun: 'transaction alert settings', path: '/rest/v2/settings/merchant/transaction-alert',
    element: 'alert-settings', methods: ['GET', 'POST', 'DELETE'],
    about: 'Transaction alerts notify email addresses and a callback URL about transactions.',
    fields: [
      { name: 'merchantId', type: 'string', doc: 'Merchant the alerts are for.' },
      { name: 'terminalId', type: 'string', doc: 'Terminal the alerts are for.' },
      emailList('Addresses that receive the alerts (shape not published; modelled like report settings).'),
      { name: 'callbackUrl', type: 'string', check: 'url', doc: 'URL called for each alert.' },
    ],
    sample: {
      merchantId: '000000843334', terminalId: '10018001',
      emails: { email: [{ address: 'alerts@example.com' }] }, callbackUrl: 'https://shop.example.com/gateway/alerts',
    },
  },
  {
    key: 'terminal', noun: 'terminal settings', path: '/rest/v2/settings/terminal', element: 'terminal-settings',
    methods: ['GET', 'PUT'], fields: terminalFields,
    about: 'Terminal settings cover tips, time zone, automatic batch closing and service fees.',
    sample: { 'enable-tip': true, 'batch-time-utc': '23:00', 'enable-auto-close-batch': false },
  },
  {
    key: 'avs', noun: 'AVS settings', path: '/rest/v2/settings/terminal/avs', element: 'avs-settings',
    methods: ['GET', 'PUT'], fields: [enabled('Whether address verification results are checked.'), responseFilters],
    about: 'AVS settings decide which address verification results are accepted.',
    sample: {
      enabled: true,
      'response-filters': { 'response-filter': [{ name: 'ADDRESS_AND_NINE_DIGIT_ZIP_MATCH', allowed: true }] },
    },
  },
  {
    key: 'csc', noun: 'CSC settings', path: '/rest/v2/settings/terminal/csc', element: 'csc-settings',
    methods: ['GET', 'PUT'], statuses: { PUT: [200, 201] },
    fields: [
      enabled('Whether card security code results are checked.'),
      { name: 'response-filters', type: 'string', doc: 'Which CSC results are accepted, separated by commas: CSC_MATCHED, CSC_NOT_MATCHED, CSC_NOT_PROCESSED, CSC_SHOULD_BE_PRESENT, CSC_ISSUER_NOT_CERTIFIED, CSC_NO_RESPONSE (the Local sandbox refuses others with 047 or 048).' },
    ],
    about: 'CSC settings decide which card security code results are accepted; the update answers with the generic envelope.',
    sample: { enabled: true, 'response-filters': 'CSC_MATCHED' },
  },
  {
    key: 'device', noun: 'device settings', path: '/rest/v2/settings/terminal/device', element: 'device-settings',
    methods: ['GET', 'POST', 'PUT', 'DELETE'], payloadType: 'terminal-settings',
    fields: [
      { name: 'device-api-key', type: 'string', doc: 'The key entered into the device, used to verify it.' },
      enabled('Whether the device is enabled.'),
      { name: 'manufacturer', type: 'string', doc: 'Manufacturer of the terminal boarded to the cloud; the value list is not published.' },
    ],
    about: 'Device settings board a payment terminal to the cloud; every call answers with the terminal settings object.',
    sample: { enabled: true, manufacturer: 'IDTECH' },
  },
  {
    key: 'hpp', noun: 'HPP settings', path: '/rest/v2/settings/terminal/hpp', element: 'hpp-settings',
    methods: ['GET', 'POST', 'PUT', 'DELETE'], payloadType: 'terminal-settings',
    statuses: { POST: [200, 201], PUT: [200, 201], DELETE: [200, 204] },
    fields: [
      enabled('Whether the hosted payment page key is enabled.'),
      { name: 'hpp-domain', type: 'string', check: 'url', doc: 'Domain of the page that shows the pay button, as a URL.' },
      { name: 'hpp-public-key', type: 'string', doc: 'Public key used for client-side storage; keep it out of published pages.' },
    ],
    about: 'HPP settings configure the hosted payment page; calls answer with the terminal settings object.',
    sample: { enabled: true, 'hpp-domain': 'https://shop.example.com' },
  },
  {
    key: 'paylink', noun: 'PayLink settings', path: '/rest/v2/settings/terminal/paylink', element: 'paylink-settings',
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    fields: [
      { name: 'terminalId', type: 'integer', required: true, check: 'digits', doc: 'Terminal the pay links belong to.' },
      enabled('Whether pay links are enabled.', true),
      { name: 'success-url', type: 'string', required: true, check: 'url', doc: 'Page the shopper returns to after paying.' },
      { name: 'cancel-url', type: 'string', required: true, check: 'url', doc: 'Page the shopper returns to after cancelling.' },
      {
        name: 'metadata', type: 'object', required: true, doc: 'Pay link page options.',
        fields: [
          { name: 'show-billing-address', type: 'boolean', doc: 'Show billing address fields on the pay link page.' },
          { name: 'require-billing-address', type: 'boolean', doc: 'Require the billing address on the pay link page.' },
        ],
      },
    ],
    about: 'PayLink settings configure payment links the merchant can send to customers.',
    sample: {
      terminalId: 10018001, enabled: true,
      'success-url': 'https://shop.example.com/paylink/success', 'cancel-url': 'https://shop.example.com/paylink/cancel',
      metadata: { 'show-billing-address': true, 'require-billing-address': false },
    },
  },
  {
    key: 'report', noun: 'report settings', path: '/rest/v2/settings/terminal/report', element: 'report-settings',
    methods: ['GET', 'POST', 'PUT'],
    getParams: [{ name: 'type', in: 'query', required: false, type: 'string', values: ['LAST_CLOSED_BATCH'], doc: 'Which report to read the settings of.' }],
    fields: [
      emailList('Addresses that receive the report.'),
      enabled('Whether the report is sent.'),
      { name: 'type', type: 'string', values: ['LAST_CLOSED_BATCH'], doc: 'Report kind; sent right after each batch closes.' },
    ],
    about: 'Report settings schedule the batch report email.',
    sample: { emails: { email: [{ address: 'reports@example.com' }] }, enabled: true, type: 'LAST_CLOSED_BATCH' },
  },
  {
    key: 'rps', noun: 'recurring payments (RPS) settings', path: '/rest/v2/settings/terminal/rps', element: 'rps-settings',
    methods: ['GET', 'POST', 'PUT'], fields: [enabled('Whether recurring payments are enabled.')],
    about: 'RPS settings turn recurring payment plans on or off.',
    sample: { enabled: true },
  },
  {
    key: 'duplicates', noun: 'duplicate transaction settings', path: '/rest/v2/settings/transaction/duplicates',
    element: 'check-duplicate-transaction-settings', methods: ['GET', 'POST', 'PUT'],
    fields: [
      flag('enabled', 'Whether duplicate transactions are detected.'),
      { name: 'time-range-in-minutes', type: 'integer', required: true, check: 'digits', doc: 'How far back (minutes) to look for a duplicate.' },
      flag('if-duplicate-found-respond-with-error', 'Refuse a duplicate with an error rather than only flagging it.'),
      flag('include-invoice', 'Compare invoice numbers as well.'),
      flag('check-merchant-level', 'Look across every terminal of the merchant, not only this one.'),
      flag('use-invoice-instead-of-card', 'Match on invoice number instead of card number.'),
    ],
    about: 'Duplicate transaction settings decide when a repeated transaction is refused.',
    sample: {
      enabled: true, 'time-range-in-minutes': 10, 'if-duplicate-found-respond-with-error': true,
      'include-invoice': false, 'check-merchant-level': false, 'use-invoice-instead-of-card': false,
    },
  },
];

/** A PUT changes only the fields it names (the sandbox merges them), so none is required at the top. */
function updatable(fields: readonly FieldSpec[]): readonly FieldSpec[] {
  return fields.map(({ required: _required, ...field }) => field);
}

function settingsOperation(group: SettingsGroup, method: HttpMethod): OperationEntry {
  const a = actions[method];
  const hasBody = method === 'POST' || method === 'PUT';
  return {
    id: `settings.${group.key}.${a.action}`,
    title: `${a.verb} ${group.noun}`,
    group: 'settings',
    method,
    path: group.path,
    params: method === 'GET' ? group.getParams ?? [] : [],
    responseFormat: 'xml',
    successStatuses: group.statuses?.[method] ?? [200],
    payloadType: group.payloadType ?? group.element,
    safety: a.safety,
    ...(method !== 'GET' && group.methods.includes('GET') ? { verifyWith: `settings.${group.key}.get` } : {}),
    doc: `${a.doc} the ${group.noun}. ${group.about}`,
    ...(hasBody ? { body: { kind: 'xml+json' as const, xmlRoot: group.element, fields: method === 'PUT' ? updatable(group.fields) : group.fields, sample: group.sample } } : {}),
  };
}

export const settings = groups.flatMap((g) => g.methods.map((m) => defineOperation(settingsOperation(g, m))));
