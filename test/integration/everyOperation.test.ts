// Every catalog operation (the interface's 67 and those public clients use past it), through the core client, against the Local sandbox on a real
// socket: each is sent with its catalog sample (placeholders filled from earlier answers) and
// must answer one of the success statuses the interface lists, with the catalog's payloadType.
// The steps run in an order a user would follow (a refund needs a sale first); a final check
// fails if any catalog operation was never sent.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operations, requireOperation } from '../../src/catalog';
import { GatewayClient } from '../../src/core/http/client';
import type { GatewayResult } from '../../src/core/answers/result';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

type Vars = Record<string, string>;
interface Step {
  op: string;
  params?: (v: Vars) => Record<string, string>;
  query?: (v: Vars) => Record<string, string>;
  /** Headers the operation needs besides the credentials (the mobile paths' public-key, mobilejwt). */
  headers?: (v: Vars) => Record<string, string>;
  /** Placeholder values for the sample body, e.g. `transactionId`. */
  fill?: (v: Vars) => Vars;
  /** Remember values from the answer for later steps. */
  keep?: (result: GatewayResult, v: Vars) => void;
  /** Something to do before sending (advance the sandbox clock). */
  prepare?: (sandbox: RunningSandbox) => void;
}

/** First value of `key` found anywhere in a parsed body (depth-first). */
function find(value: unknown, key: string): string {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v && typeof v === 'object') {
      if (!Array.isArray(v) && key in v) return String((v as Record<string, unknown>)[key]);
      stack.push(...Object.values(v).reverse());
    }
  }
  throw new Error(`no "${key}" in ${JSON.stringify(value).slice(0, 300)}`);
}

const txId = (r: GatewayResult) => find((r.parsed as any).payload.transaction, 'id');

const steps: Step[] = [
  // Past the interface: a typed card becomes a one-time JWT (with the HPP public key), charged once each.
  { op: 'mobile.manualToken', headers: v => ({ 'public-key': v.hppPublicKey }), keep: (r, v) => { v.saleJwt = find(r.parsed, 'jwt'); } },
  { op: 'mobile.sale', headers: v => ({ mobilejwt: v.saleJwt }), keep: (r, v) => { v.mobileSaleId = txId(r); } },
  // After the sale, the SDK sends its signature and a receipt; a reader fetches its configuration.
  { op: 'mobile.signature', fill: v => ({ transactionId: v.mobileSaleId }) },
  { op: 'mobile.receipt', fill: v => ({ transactionId: v.mobileSaleId }) },
  { op: 'mobile.readerConfiguration', headers: v => ({ 'public-key': v.hppPublicKey }), params: () => ({ serial: '737T003754', kernel: 'EMV Common L2 V1.10' }) },
  { op: 'mobile.manualToken', headers: v => ({ 'public-key': v.hppPublicKey }), keep: (r, v) => { v.refundJwt = find(r.parsed, 'jwt'); } },
  { op: 'mobile.refund', headers: v => ({ mobilejwt: v.refundJwt }) },
  // Typed bank-account data becomes a one-time ACH JWT, charged once each on the ACH mobile path.
  { op: 'mobile.achToken', headers: v => ({ 'public-key': v.hppPublicKey }), keep: (r, v) => { v.achDebitJwt = find(r.parsed, 'jwt'); } },
  { op: 'mobile.achDebit', headers: v => ({ achmobilejwt: v.achDebitJwt }) },
  { op: 'mobile.achToken', headers: v => ({ 'public-key': v.hppPublicKey }), keep: (r, v) => { v.achCreditJwt = find(r.parsed, 'jwt'); } },
  { op: 'mobile.achCredit', headers: v => ({ achmobilejwt: v.achCreditJwt }) },
  { op: 'transactions.sale', keep: (r, v) => { v.saleId = txId(r); } },
  { op: 'transactions.refund', fill: v => ({ transactionId: v.saleId }) },
  { op: 'transactions.sale', keep: (r, v) => { v.tipSaleId = txId(r); } },
  { op: 'transactions.adjustTip', params: v => ({ id: v.tipSaleId }) },
  { op: 'transactions.auth', keep: (r, v) => { v.authId = txId(r); } },
  { op: 'transactions.capture', fill: v => ({ transactionId: v.authId }) },
  { op: 'transactions.forcedSale', keep: (r, v) => { v.forcedId = txId(r); } },
  { op: 'transactions.void', fill: v => ({ transactionId: v.forcedId }) },
  { op: 'transactions.search', query: () => ({ 'page-size': '5' }) },

  { op: 'tokens.create', keep: (r, v) => { v.tokenId = find(r.parsed, 'token-id'); } },
  { op: 'tokens.get', params: v => ({ tokenId: v.tokenId }) },
  { op: 'tokens.update', params: v => ({ tokenId: v.tokenId }) },
  { op: 'tokens.search' },

  { op: 'customers.create', keep: (r, v) => { v.customerKey = find(r.parsed, 'customer-key'); } },
  { op: 'customers.get', params: v => ({ customerKey: v.customerKey }) },
  { op: 'customers.update', params: v => ({ customerKey: v.customerKey }) },
  { op: 'customers.list' },
  { op: 'customers.tokens', params: v => ({ customerKey: v.customerKey }) },
  {
    op: 'paymentPlans.create', fill: v => ({ customerKey: v.customerKey, tokenId: v.tokenId }),
    keep: (r, v) => { v.planKey = find(r.parsed, 'plan-key'); },
  },
  { op: 'paymentPlans.get', params: v => ({ planKey: v.planKey }) },
  { op: 'paymentPlans.update', params: v => ({ planKey: v.planKey }) },
  { op: 'paymentPlans.list', query: v => ({ 'customer-key': v.customerKey }) },
  { op: 'paymentPlans.delete', params: v => ({ planKey: v.planKey }) },
  { op: 'customers.delete', params: v => ({ customerKey: v.customerKey }) },

  { op: 'achProviders.list' },
  { op: 'achProviders.getBySecCode', params: () => ({ secCode: 'PPD' }) },
  { op: 'achProviders.legacyLookup' },

  { op: 'achTransactions.validate' },
  { op: 'achTransactions.create' },
  { op: 'achTransactions.credit', keep: (r, v) => { v.creditId = find(r.parsed, 'id'); } },
  { op: 'achTransactions.void', params: v => ({ id: v.creditId }) },
  { op: 'achTransactions.debit', keep: (r, v) => { v.debitId = find(r.parsed, 'id'); } },
  { op: 'achTransactions.get', params: v => ({ id: v.debitId }) },
  { op: 'achTransactions.search' },
  {
    op: 'achTransactions.reversal',
    // Two windows: Pending -> Settling -> Settled; only a settled transaction can be reversed.
    prepare: s => { s.control.advanceToNextAchWindow(); s.control.advanceToNextAchWindow(); },
    fill: v => ({ achTransactionId: v.debitId }),
  },

  { op: 'achTokens.create', keep: (r, v) => { v.achTokenId = find(r.parsed, 'token-id'); } },
  { op: 'achTokens.get', params: v => ({ tokenId: v.achTokenId }) },
  { op: 'achTokens.update', params: v => ({ tokenId: v.achTokenId }) },
  { op: 'achTokens.delete', params: v => ({ tokenId: v.achTokenId }) },

  // Settings: per group, write first, then read, then delete where the group allows it.
  ...operations
    .filter(o => o.group === 'settings')
    .sort((a, b) => settingsOrder(a.id) - settingsOrder(b.id))
    .map(o => ({ op: o.id })),

  { op: 'batches.getOpen' },
  { op: 'batches.closeOpen' },

  { op: 'documents.types', params: v => ({ merchantNumber: v.merchantId }) },
  {
    op: 'documents.byType', params: v => ({ merchantNumber: v.merchantId }), query: () => ({ documentType: '1' }),
    keep: (r, v) => { v.documentId = find(r.parsed, 'documentId'); },
  },
  { op: 'documents.statementsByYear', params: v => ({ merchantNumber: v.merchantId, year: v.year }) },
  { op: 'documents.statementsByMonth', params: v => ({ merchantNumber: v.merchantId, year: v.year, month: '01' }) },
  { op: 'documents.get', params: v => ({ merchantNumber: v.merchantId, documentId: v.documentId }) },

  {
    op: 'merchants.create', params: () => ({ hierarchyNodeKey: '4788000000000009' }),
    keep: (r, v) => { v.newMerchant = find(r.parsed, 'merchantNumber'); },
  },
  { op: 'merchants.get', params: v => ({ merchantNumber: v.newMerchant }) },

  { op: 'tokens.delete', params: v => ({ tokenId: v.tokenId }) },
];

function settingsOrder(id: string): number {
  const group = operations.findIndex(o => o.id.startsWith(id.slice(0, id.lastIndexOf('.') + 1)));
  const action = ['create', 'update', 'get', 'delete'].indexOf(id.slice(id.lastIndexOf('.') + 1));
  return group * 10 + action;
}

function fillSample(sample: string, values: Vars): string {
  return sample.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`sample placeholder {{${name}}} has no value in this step`);
    return values[name];
  });
}

describe('every operation through the core client against the Local sandbox', () => {
  let sandbox: RunningSandbox;
  let client: GatewayClient;
  const vars: Vars = {};
  const sent = new Set<string>();

  before(async () => {
    sandbox = await startSandbox({ port: 0 });
    client = new GatewayClient({
      environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      credentials: { apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId },
    });
    vars.merchantId = sandbox.merchantId;
    vars.year = String(sandbox.control.now().getUTCFullYear());
    const hpp = await fetch(`${sandbox.gatewayUrl}/rest/v2/settings/terminal/hpp`, { headers: { 'api-key': sandbox.apiKey, accept: 'application/json' } });
    vars.hppPublicKey = ((await hpp.json()) as any).payload['hpp-settings']['hpp-public-key'];
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });

  for (const [i, step] of steps.entries()) {
    const op = requireOperation(step.op);
    it(`${i + 1}. ${op.method} ${op.path} (${op.id}) answers ${op.successStatuses.join(' or ')}`, async () => {
      step.prepare?.(sandbox);
      const body = op.sample ? fillSample(op.sample, step.fill?.(vars) ?? {}) : undefined;
      const result = await client.send({ operation: op, params: step.params?.(vars), query: step.query?.(vars), body, extraHeaders: step.headers?.(vars) });
      sent.add(op.id);
      assert.ok(op.successStatuses.includes(result.status),
        `${op.id}: got ${result.status}, expected ${op.successStatuses.join('/')}: ${result.bodyText?.slice(0, 400)}`);
      if (op.payloadType && result.status !== 204) assert.equal(result.payloadType, op.payloadType, `${op.id} payloadType`);
      if (op.responseFormat === 'pdf') assert.equal(result.format, 'pdf');
      else if (result.status !== 204) assert.equal(result.format, op.responseFormat, `${op.id} answers ${op.responseFormat}`);
      step.keep?.(result, vars);
    });
  }

  it('sent every catalog operation: the interface\'s 67 and those past it', () => {
    const missing = operations.map(o => o.id).filter(id => !sent.has(id));
    assert.deepEqual(missing, []);
    assert.equal(sent.size, operations.length);
    assert.equal(operations.filter(o => o.source === 'interface').length, 67);
  });
});
