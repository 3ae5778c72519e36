import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { matchOperation, operations, pathsMatching } from '../../src/catalog';

const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

describe('path matching', () => {
  it('matches every catalog operation on its own path with sample parameter values', () => {
    for (const op of operations) {
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => `v-${name}`);
      const found = matchOperation(op.method, path);
      assert.equal(found?.op.id, op.id, `${op.method} ${path}`);
      assert.deepEqual(found?.params, Object.fromEntries(pathParamNames(op.path).map((n) => [n, `v-${n}`])));
    }
  });

  it('lets literal segments win over {param} segments', () => {
    assert.equal(matchOperation('GET', '/api/documents/v1.0/document/123/DocumentTypes')?.op.id, 'documents.types');
    assert.equal(matchOperation('GET', '/api/documents/v1.0/document/123/Documents')?.op.id, 'documents.byType');
    const doc = matchOperation('GET', '/api/documents/v1.0/document/123/0b5c1f0e-3c1d-4d6e-9a1b-6f7e8d9c0a1b');
    assert.equal(doc?.op.id, 'documents.get');
    assert.deepEqual(doc?.params, { merchantNumber: '123', documentId: '0b5c1f0e-3c1d-4d6e-9a1b-6f7e8d9c0a1b' });
    assert.equal(matchOperation('POST', '/rest/v2/ach/transactions/credit')?.op.id, 'achTransactions.credit');
    assert.equal(matchOperation('GET', '/rest/v2/ach/transactions/credit'), undefined, 'a literal path is not an id');
  });

  it('answers undefined for unknown paths and wrong methods', () => {
    assert.equal(matchOperation('GET', '/rest/v2/nothing'), undefined);
    assert.equal(matchOperation('GET', '/rest/v2/tokens/'), undefined, 'an empty segment is not a token id');
    assert.equal(matchOperation('GET', '/rest/v2/tokens/1/extra'), undefined);
    assert.equal(matchOperation('PATCH', '/rest/v2/tokens/1'), undefined);
    assert.equal(matchOperation('GET', '/rest/v2/tokens/%E0%A4%A'), undefined, 'malformed percent-encoding');
  });

  it('decodes parameters and accepts lower-case methods', () => {
    const found = matchOperation('get', '/api/launchIntegratorSetup/v1.0/integrateMerchant/merchants/85%2F82%20x');
    assert.equal(found?.op.id, 'merchants.get');
    assert.deepEqual(found?.params, { merchantNumber: '85/82 x' });
  });

  it('gives the operations of a path regardless of method', () => {
    assert.deepEqual(pathsMatching('/rest/v2/settings/terminal/hpp').map((o) => o.method).sort(), ['DELETE', 'GET', 'POST', 'PUT']);
    assert.deepEqual(pathsMatching('/rest/v2/tokens/42').map((o) => o.id).sort(), ['tokens.delete', 'tokens.get', 'tokens.update']);
    assert.deepEqual(pathsMatching('/rest/v2/transactions/sale').map((o) => o.id), ['transactions.sale']);
    assert.deepEqual(pathsMatching('/rest/v2/unknown'), []);
  });
});
