// Issue 11, item 7: ids in a result link to what they name (a refund's ref-id to its sale).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resultLinks } from '../../src/extension/results/resultLinks';

const json = '{\n  "payload": {\n    "payloadType": "transaction",\n    "transaction": {\n      "id": "100002",\n      "type": "REFUND",\n      "ref-id": "100001",\n      "token-id": "1000000000127291111"\n    }\n  }\n}';

describe('links in a result', () => {
  it('a transaction\'s id and ref-id open that transaction; a token-id its token', () => {
    const links = resultLinks(json, 'transaction');
    assert.deepEqual(links.map((l) => [json.slice(l.offset, l.offset + l.length), l.operationId, l.vars]), [
      ['100002', 'transactions.search', { id: '100002' }],
      ['100001', 'transactions.search', { id: '100001' }],
      ['1000000000127291111', 'tokens.get', { tokenId: '1000000000127291111' }],
    ]);
  });

  it('works on XML and on ACH transactions; other results have none', () => {
    const xml = '<ach-transaction><id>2000001</id></ach-transaction>';
    const [link] = resultLinks(xml, 'ach-transaction');
    assert.equal(xml.slice(link.offset, link.offset + link.length), '2000001');
    assert.equal(link.operationId, 'achTransactions.get');
    assert.deepEqual(resultLinks('{"id": "1"}', 'terminal-settings'), []);
    assert.deepEqual(resultLinks(json, undefined), []);
  });
});
