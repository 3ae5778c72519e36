// A Local sandbox asked for a port something else holds: refused with what to do, and its data
// file let go, so the same process can start it again on another port with its state intact.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../../src/sandbox/server';

/** The files this process holds open (Linux), by path. */
function openFiles(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];   // closed since the listing
    }
  });
}

describe('a sandbox port already in use', () => {
  it('is refused with what to do, and the data file is free for a start on another port', async () => {
    const data = path.join(await mkdtemp(path.join(tmpdir(), 'gw-port-')), 'state.json');
    const first = await startSandbox({ dataFile: data });
    const apiKey = first.apiKey;
    await first.close();

    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      await assert.rejects(startSandbox({ dataFile: data, port }), (e: Error & { code?: string }) => {
        assert.equal(e.code, 'EADDRINUSE', 'the code is kept for callers that test it');
        assert.match(e.message, new RegExp(`^port ${port} on 127\\.0\\.0\\.1 is already in use: .*Stop it, or give another port; port 0 picks a free one$`));
        return true;
      });
    } finally {
      holder.close();
    }
    assert.deepEqual(openFiles().filter((f) => f.startsWith(data)), [], 'the refused start keeps none of the data files open');

    const again = await startSandbox({ dataFile: data, port: 0 });
    try {
      assert.equal(again.apiKey, apiKey, 'the same state, from the same data file');
      const sale = await fetch(`${again.gatewayUrl}/rest/v2/transactions/sale`, {
        method: 'POST', headers: { 'api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'SALE', amount: '5.00', card: '4111111111111111', 'exp-date': '1230' }),
      });
      assert.equal(sale.status, 200);
    } finally {
      await again.close();
    }
  });
});
