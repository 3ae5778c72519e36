// A reconciliation poller: it pages through the transaction search from page=1 and stops when
// the answer's page.number equals total-pages (the community OpenAPI example shows page 1
// answering number 1, first true).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

describe('conformance: reconciliation poller', () => {
  it(flowName('poller-pages'), async () => {
    const headers = { 'api-key': sb.info.apiKey, Accept: 'application/json' };
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await sb.send('POST', '/rest/v2/transactions/sale', { headers, json: { amount: `${10 + i}.00`, card: '4111111111111111', 'exp-date': '1230', 'order-id': 'RECON' } });
      created.push(r.json.payload.transaction.id);
    }
    const seen: string[] = [];
    let page = 1;
    for (;;) {
      const r = await sb.send('GET', `/rest/v2/transactions?order-id=RECON&page=${page}&page-size=3&isDescending=false`, { headers });
      assert.equal(r.status, 200, r.text);
      const info = r.json.page;
      assert.equal(info.number, page);
      assert.equal(info.first, page === 1);
      seen.push(...r.json.payload.transactions.transaction.map((t: { id: string }) => t.id));
      if (info.number === info['total-pages']) break;
      assert.ok(page < 10, 'the poller stops');
      page += 1;
    }
    assert.deepEqual(seen, created, 'every transaction, the first page included, exactly once');
  });
});
