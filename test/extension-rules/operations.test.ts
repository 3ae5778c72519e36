// Pure parts of the operations feature: request document text (held to the real request-file
// parser) and variable resolution for request documents.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { operations, requireOperation } from '../../src/catalog';
import { parseRequestFile, resolveTarget, substituteVariables } from '../../src/core/requestFile';
import { requestDocumentText, filledPath, fillPlaceholders } from '../../src/extension/requestDocuments/requestDocumentText';
import { createVariableResolver, isAuthHeader, type NamedExchange } from '../../src/core/runner';
import { requestIndexAt } from '../../src/core/requestFile';
import { resourceChangeOf } from '../../src/extension/operations/resourceEffects';

const env = { name: 'Local sandbox', kind: 'local' as const, gatewayUrl: 'http://127.0.0.1:4000', boardingUrl: 'http://127.0.0.1:4001' };

describe('request document text', () => {
  it('every operation with a body gives one request the parser reads without errors', () => {
    for (const op of operations.filter((o) => o.bodyFormat !== 'none')) {
      const text = requestDocumentText({ operation: op, environmentName: env.name, vars: { id: '42', tokenId: 't1', hierarchyNodeKey: '4788000000000009' } });
      const file = parseRequestFile(text);
      assert.deepEqual(file.diagnostics.filter((d) => d.severity === 'error'), [], `${op.id}: ${JSON.stringify(file.diagnostics)}`);
      assert.equal(file.requests.length, 1, op.id);
      const request = file.requests[0];
      assert.equal(request.method, op.method, op.id);
      assert.equal(request.title, op.title);
      assert.ok(request.body?.text.trim(), `${op.id} has a body`);
      assert.ok(request.headers.some((h) => h.name === 'Content-Type'), op.id);
    }
  });

  it('names the operation, its safety, the environment and that auth is added at send time', () => {
    const text = requestDocumentText({ operation: requireOperation('transactions.sale'), environmentName: 'Prod EU' });
    assert.match(text, /^# Sale \(transactions\.sale\) — moves money/);
    assert.match(text, /Environment: Prod EU/);
    assert.match(text, /api-key header is added at send time/);
    assert.match(text, /\nPOST \/rest\/v2\/transactions\/sale\nContent-Type: application\/json\nAccept: application\/json\n\n\{/);
    assert.ok(!/^api-key:/im.test(text), 'no auth header in the document');
  });

  it('fills placeholders it knows and leaves the others as variables', () => {
    const refund = requireOperation('transactions.refund');
    assert.match(requestDocumentText({ operation: refund, environmentName: 'x', vars: { transactionId: '777' } }), /"id": "777"/);
    assert.match(requestDocumentText({ operation: refund, environmentName: 'x' }), /"id": "\{\{transactionId\}\}"/);
    assert.equal(fillPlaceholders('{{a}}-{{ b }}-{{c}}', { a: '1', b: '2' }), '1-2-{{c}}');
  });

  it('fills path parameters (encoded) and leaves missing ones as variables', () => {
    const tip = requireOperation('transactions.adjustTip');
    assert.equal(filledPath(tip, { id: 'a/b' }), '/rest/v2/transactions/a%2Fb');
    assert.equal(filledPath(tip), '/rest/v2/transactions/{{id}}');
    const text = requestDocumentText({ operation: tip, environmentName: 'x' });
    const request = parseRequestFile(text).requests[0];
    assert.deepEqual(request.variableRefs.map((r) => r.name).filter((n) => n === 'id'), ['id']);
  });

  it('a body given in the args replaces the sample', () => {
    const text = requestDocumentText({ operation: requireOperation('transactions.sale'), environmentName: 'x', body: '{"amount": "1.00"}' });
    assert.equal(parseRequestFile(text).requests[0].body!.text, '{"amount": "1.00"}');
  });

  it('the path resolves against the right base URL family', () => {
    const merchant = requireOperation('merchants.create');
    const request = parseRequestFile(requestDocumentText({ operation: merchant, environmentName: 'x', vars: { hierarchyNodeKey: '4788000000000009' } })).requests[0];
    assert.equal(resolveTarget(request.target, env), 'http://127.0.0.1:4001/api/launchIntegratorSetup/v1.0/integrateMerchant/4788000000000009');
  });
});

describe('request document variables', () => {
  const sources = (named: Map<string, NamedExchange> = new Map()) => ({
    builtins: { gatewayUrl: env.gatewayUrl, boardingUrl: env.boardingUrl },
    fileVariables: [
      { name: 'amount', value: '12.00' },
      { name: 'base', value: '{{gatewayUrl}}/rest/v2' },
      { name: 'loop', value: '{{loop}}' },
      { name: 'broken', value: '{{nowhere}}' },
    ],
    namedResponses: named,
  });

  it('resolves builtins, file variables that use others, and named responses', () => {
    const answered = (body: unknown): NamedExchange => ({ body, headers: {}, request: { headers: {} } });
    const named = new Map<string, NamedExchange>([
      ['sale', answered({ payload: { transaction: { id: '9001', amount: '12.00' }, items: [{ id: 'x' }] } })],
      ['batch', answered({ object: { payload: { batch: { 'sales-count': '3' } } } })],
    ]);
    const resolve = createVariableResolver(sources(named));
    assert.equal(resolve('gatewayUrl'), env.gatewayUrl);
    assert.equal(resolve('amount'), '12.00');
    assert.equal(resolve('base'), `${env.gatewayUrl}/rest/v2`);
    assert.equal(resolve('sale.payload.transaction.id'), '9001');
    assert.equal(resolve('sale.payload.items[0].id'), 'x');
    assert.equal(resolve('batch.payload.batch.sales-count'), '3', 'the XML root may be left out');
    assert.equal(resolve('sale.payload.transaction'), JSON.stringify({ id: '9001', amount: '12.00' }));
  });

  it('leaves unknown, self-referencing and dangling names unresolved', () => {
    const resolve = createVariableResolver(sources());
    assert.equal(resolve('nope'), undefined);
    assert.equal(resolve('loop'), undefined);
    assert.equal(resolve('broken'), undefined);
    assert.equal(resolve('sale.payload.transaction.id'), undefined, 'no such named response yet');
    const s = substituteVariables('POST {{base}}/transactions/refund {{sale.payload.transaction.id}}', resolve);
    assert.deepEqual(s.unresolved, ['sale.payload.transaction.id']);
  });

  it('finds the request under the cursor by its ### block', () => {
    const text = ['# header', '### One', 'GET /rest/v2/transactions', '', '### Two', '# @name two', 'GET /rest/v2/tokens', ''].join('\n');
    const requests = parseRequestFile(text).requests;
    assert.equal(requests.length, 2);
    assert.equal(requestIndexAt(text, requests, 0), 0);
    assert.equal(requestIndexAt(text, requests, 2), 0);
    assert.equal(requestIndexAt(text, requests, 4), 1, 'on the separator line');
    assert.equal(requestIndexAt(text, requests, 5), 1, 'on the @name line');
    assert.equal(requestIndexAt(text, requests, 7), 1);
    assert.equal(requestIndexAt('', [], 0), -1);
  });

  it('knows the auth headers core replaces', () => {
    assert.ok(isAuthHeader('api-key') && isAuthHeader('AccessKey') && isAuthHeader('MerchantId'));
    assert.ok(!isAuthHeader('Content-Type'));
  });
});

describe('known resources from results', () => {
  it('an ACH token created or retrieved is added; a deleted one removed', () => {
    const parsed = { payload: { 'ach-token': { 'token-id': 'T1', 'token-description': 'Payroll' } } };
    assert.deepEqual(resourceChangeOf('achTokens.create', { parsed }), { action: 'add', kind: 'ach-token', resource: { id: 'T1', label: 'Payroll' } });
    assert.deepEqual(resourceChangeOf('achTokens.delete', {}, { tokenId: 'T1' }), { action: 'remove', kind: 'ach-token', id: 'T1' });
  });

  it('a merchant created is added with its DBA name; other operations change nothing', () => {
    const parsed = { merchant: { merchantInformation: { merchantNumber: '6588000000000001', dbaName: 'Cafe' } } };
    assert.deepEqual(resourceChangeOf('merchants.create', { parsed }), { action: 'add', kind: 'merchant', resource: { id: '6588000000000001', label: 'Cafe' } });
    assert.equal(resourceChangeOf('transactions.sale', { parsed }), undefined);
    assert.equal(resourceChangeOf('merchants.create', { parsed: {} }), undefined);
  });

  it('reads the tree only of an operation that teaches something: reading it makes the client parse the answer', () => {
    const untouchable = { get parsed(): unknown { throw new Error('the tree was read'); } };
    assert.equal(resourceChangeOf('transactions.search', untouchable), undefined);
    assert.deepEqual(resourceChangeOf('achTokens.delete', untouchable, { tokenId: 'T1' }), { action: 'remove', kind: 'ach-token', id: 'T1' });
  });
});
