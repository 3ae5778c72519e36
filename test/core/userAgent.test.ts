// Who sent a request, by its User-Agent: the Traffic view's label and whether the Workbench (and
// which part of it) sent it; and the client naming itself on the wire, where a request file's
// own User-Agent wins.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { senderOf, workbenchUserAgent } from '../../src/core/http/userAgent';
import { GatewayClient } from '../../src/core/http/client';
import { json, startServer } from './httpFixture';

const VERSION = (JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string }).version;
const CREDS = { apiKey: 'test-api-key-123', accessKey: 'test-access-key-456', merchantId: '8582949932024942' };

describe('senderOf', () => {
  it('names the Workbench by where it sent from, with the package\'s version on the wire', () => {
    assert.equal(workbenchUserAgent('view'), `GatewayWorkbench/${VERSION} (Gateway view)`);
    assert.deepEqual(senderOf(workbenchUserAgent('view')), { label: 'Gateway view', workbench: 'view' });
    assert.deepEqual(senderOf(workbenchUserAgent('editor')), { label: 'Gateway Workbench (VS Code)', workbench: 'editor' });
    assert.deepEqual(senderOf(workbenchUserAgent('cli')), { label: 'Gateway Workbench (CLI)', workbench: 'cli' });
  });

  it('names any other client by its first product token', () => {
    assert.deepEqual(senderOf('curl/8.1.2'), { label: 'curl/8.1.2' });
    assert.deepEqual(senderOf('python-requests/2.31.0 CPython/3.11.4 Linux/6.1'), { label: 'python-requests/2.31.0' });
    assert.deepEqual(senderOf('node'), { label: 'node' });
    assert.deepEqual(senderOf(['okhttp/4.12.0', 'second']), { label: 'okhttp/4.12.0' });
  });

  it('is not fooled by a look-alike, and keeps a label one short printable line', () => {
    assert.deepEqual(senderOf('GatewayWorkbench/9.9 (Somewhere else)'), { label: 'GatewayWorkbench/9.9' });
    assert.deepEqual(senderOf('GatewayWorkbenchX/1.0 (Gateway view)'), { label: 'GatewayWorkbenchX/1.0' });
    assert.deepEqual(senderOf(undefined), { label: 'no User-Agent' });
    assert.deepEqual(senderOf('  \u0000\u001b '), { label: 'no User-Agent' });
    assert.equal(senderOf('evil\u001b[31m/1.0').label, 'evil');
    const long = senderOf(`${'x'.repeat(200)}/1.0`).label;
    assert.equal(long.length, 40);
    assert.ok(long.endsWith('…'));
  });
});

describe('client: User-Agent', () => {
  it('sends its own on catalog and raw requests, a request\'s own instead when it has one, none when not given', async () => {
    const fixture = await startServer((_req, res) => json(res, 200, { code: '200', status: 'success', payload: { payloadType: 'transaction' } }));
    const client = new GatewayClient({ environment: fixture.environment, credentials: CREDS, userAgent: workbenchUserAgent('cli') });
    const plain = new GatewayClient({ environment: fixture.environment, credentials: CREDS });
    try {
      await client.send({ operation: 'tokens.get', params: { tokenId: '1100005607145041111' } });
      await client.send({ operation: 'tokens.get', params: { tokenId: '1100005607145041111' }, userAgent: workbenchUserAgent('view') });
      await client.sendRaw({ method: 'GET', url: `${fixture.url}/rest/v2/tokens/1` });
      await client.sendRaw({ method: 'GET', url: `${fixture.url}/rest/v2/tokens/1`, headers: { 'User-Agent': 'my-shop/2.0' } });
      await plain.sendRaw({ method: 'GET', url: `${fixture.url}/rest/v2/tokens/1` });
      const agents = fixture.received.map((r) => r.headers['user-agent']);
      assert.deepEqual(agents, [workbenchUserAgent('cli'), workbenchUserAgent('view'), workbenchUserAgent('cli'), 'my-shop/2.0', undefined]);
    } finally {
      await client.close();
      await plain.close();
      await fixture.close();
    }
  });
});
