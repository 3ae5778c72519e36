// The HAR exporter (what "Export as HAR…" writes for the Traffic view and History): a HAR 1.2
// document with every required field, keys left out wherever they were, card and account numbers
// masked to their last four, CSC hidden — and one that `import` reads back into a request file.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { harText } from '../../src/core/traffic/harExport';
import { harShapeProblems } from '../../src/core/import/harShape';
import { importFiles } from '../../src/core/import/importFiles';

const KEY = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const SALE = { type: 'SALE', amount: '5.00', card: '4111111111111111', 'exp-date': '1230', csc: '999' };

describe('HAR export', () => {
  const text = harText([
    {
      at: '2026-11-20T16:02:13.000Z', method: 'POST', url: `http://127.0.0.1:8484/rest/v2/transactions/sale?api-key=${KEY}`,
      requestHeaders: { 'content-type': 'application/json', 'api-key': KEY, 'x-echo': KEY }, requestBody: JSON.stringify(SALE),
      status: 200, responseHeaders: { 'content-type': 'application/json' }, responseBody: JSON.stringify({ payload: { transaction: { id: '1001', card: '4111111111111111', 'account-number': '000123456789' } } }), timeMs: 12.5, comment: 'Local sandbox',
    },
    { at: '2026-11-20T16:02:11.000Z', method: 'GET', url: 'http://127.0.0.1:8484/rest/v2/transactions?page-size=1', comment: 'History · Local sandbox' },
  ], { name: 'Gateway Workbench', version: '0.1.0' }, [KEY]);
  const har = JSON.parse(text);

  it('has every field HAR 1.2 requires, oldest exchange first', () => {
    assert.deepEqual(harShapeProblems(har), []);
    assert.equal(har.log.version, '1.2');
    assert.deepEqual(har.log.entries.map((e: { request: { method: string } }) => e.request.method), ['GET', 'POST']);
    assert.deepEqual(har.log.entries[0].request.queryString, [{ name: 'page-size', value: '1' }]);
    assert.equal(har.log.entries[0].response.status, 0, 'no answer kept: HAR\'s 0');
  });

  it('holds no key, no full card or account number, no CSC', () => {
    assert.ok(!text.includes(KEY), 'a key');
    assert.ok(!text.includes('4111111111111111'), 'a full card number');
    assert.ok(!text.includes('000123456789'), 'a full account number');
    assert.doesNotMatch(text, /\\"csc\\":\s*\\"999\\"/, 'a CSC');
    assert.ok(!har.log.entries[1].request.headers.some((h: { name: string }) => h.name === 'api-key'));
    assert.match(text, /1111/, 'card numbers keep their last four');
  });

  it('is read back by import as a request file for the same operation', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-har-'));
    try {
      await writeFile(path.join(dir, 'traffic.har'), text);
      const report = await importFiles([path.join(dir, 'traffic.har')], { outDir: dir });
      const written = await readFile(report.files[0].output!, 'utf8');
      assert.match(written, /POST \{\{gatewayUrl\}\}\/rest\/v2\/transactions\/sale/);
      assert.match(written, /GET \{\{gatewayUrl\}\}\/rest\/v2\/transactions\?page-size=1/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
