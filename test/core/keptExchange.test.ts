// An exchange as the Traffic view and the recording proxy keep it: the credentials it carried are
// removed wherever they appear, and so are the values its keeper was told are secret (a token the
// user typed unseen into a `# @prompt`, which no header name gives away).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { keptExchange } from '../../src/core/traffic/exchange';

const TYPED = 'typed-token-51d2e8';

const raw = {
  at: new Date('2026-11-29T10:00:00Z'),
  method: 'POST',
  path: `/rest/v2/transactions/sale?session=${TYPED}`,
  requestHeaders: { 'api-key': 'header-key-0123456789', 'x-session': TYPED, 'content-type': 'application/json' },
  requestBody: JSON.stringify({ amount: '1.00', description: TYPED, comments: 'header-key-0123456789' }),
  status: 200,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: JSON.stringify({ payload: { transaction: { description: TYPED } } }),
  timeMs: 3,
  findings: [],
};

describe('keptExchange', () => {
  it('removes the credentials the request carried from its body and query, and keeps what nobody marked secret', () => {
    const kept = keptExchange(raw);
    assert.ok(!JSON.stringify(kept).includes('header-key-0123456789'));
    assert.equal(kept.requestHeaders['api-key'], undefined);
    assert.ok(kept.requestBody?.includes(TYPED), 'an unmarked value is shown');
  });

  it('removes the secrets it is given everywhere: path, headers, both bodies', () => {
    const kept = keptExchange({ ...raw, secrets: [TYPED] });
    const text = JSON.stringify(kept);
    assert.ok(!text.includes(TYPED), text);
    assert.equal(kept.path, '/rest/v2/transactions/sale?session=[REDACTED]');
    assert.equal(kept.requestHeaders['x-session'], '[REDACTED]');
    assert.match(kept.responseBody ?? '', /"description":"\[REDACTED\]"/);
    assert.ok(!text.includes('header-key-0123456789'), 'the credentials too');
  });
});
