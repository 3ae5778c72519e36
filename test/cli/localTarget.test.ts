// `gateway-workbench run` with the default local environment starts a Local sandbox in
// process; its state is thrown away with the run, so it needs no disk at all.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startLocalTarget } from '../../src/cli/run/runTarget';

describe('the run\'s Local sandbox', () => {
  it('starts, answers and stops with no usable temporary directory', async () => {
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = '/nonexistent/gateway-workbench-no-disk';
    try {
      const target = await startLocalTarget();
      try {
        const res = await fetch(`${target.environment.gatewayUrl}/rest/v2/transactions/sale`, {
          method: 'POST',
          headers: { 'api-key': target.credentials.apiKey!, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: '7.00', card: '4111111111111111', 'exp-date': '1230' }),
        });
        assert.equal(res.status, 200);
      } finally {
        await target.close();
      }
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});
