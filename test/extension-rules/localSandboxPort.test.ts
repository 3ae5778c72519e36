// Which port the Local sandbox listens on (src/extension/environments/localSandboxPort.ts), with
// real sockets on 127.0.0.1: the setting fixes one, else the remembered one, else any; a remembered
// port another program holds gives way to a free one and is said once; a fixed one is an error
// that names the port and the setting.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { PORT_SETTING, listenOnChosenPort, portChoice } from '../../src/extension/environments/localSandboxPort';

interface Listening { port: number; close(): Promise<void> }

/** A real listen on 127.0.0.1, failing as Node fails (EADDRINUSE…). */
function listen(port: number): Promise<Listening> {
  const server = net.createServer(socket => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({
      port: (server.address() as net.AddressInfo).port,
      close: () => new Promise(done => server.close(() => done())),
    }));
  });
}

describe('the Local sandbox\'s port', () => {
  it('the setting fixes it; 0, unset or nonsense: the remembered one, else any', () => {
    assert.deepEqual(portChoice(8123, 40000), { port: 8123, fixed: true });
    assert.deepEqual(portChoice(0, 40000), { port: 40000, fixed: false });
    assert.deepEqual(portChoice(undefined, 40000), { port: 40000, fixed: false });
    assert.deepEqual(portChoice(undefined, undefined), { port: 0, fixed: false });
    // Kept in memory (another window has the saved state and its port): any free port, unless fixed.
    assert.deepEqual(portChoice(0, 40000, false), { port: 0, fixed: false });
    assert.deepEqual(portChoice(8123, 40000, false), { port: 8123, fixed: true });
    for (const bad of [-1, 65536, 1.5, '8123', null, Number.NaN]) {
      assert.deepEqual(portChoice(bad, bad), { port: 0, fixed: false }, String(bad));
    }
  });

  it('binds the remembered port again once it is free', async () => {
    const first = await listen(0);
    await first.close();
    const told: string[] = [];
    const again = await listenOnChosenPort(portChoice(0, first.port), listen, m => told.push(m));
    try {
      assert.equal(again.port, first.port);
      assert.deepEqual(told, []);
    } finally {
      await again.close();
    }
  });

  it('a remembered port another program holds: a free one, said once with both ports', async () => {
    const holder = await listen(0);
    const told: string[] = [];
    const sandbox = await listenOnChosenPort(portChoice(0, holder.port), listen, m => told.push(m));
    try {
      assert.notEqual(sandbox.port, holder.port);
      assert.equal(told.length, 1);
      assert.match(told[0], new RegExp(`port ${holder.port} is in use.*port ${sandbox.port} this time`));
      assert.ok(told[0].includes(PORT_SETTING));
    } finally {
      await Promise.all([sandbox.close(), holder.close()]);
    }
  });

  it('a fixed port another program holds: an error naming the port and the setting, nothing bound', async () => {
    const holder = await listen(0);
    const tried: number[] = [];
    try {
      await assert.rejects(listenOnChosenPort(portChoice(holder.port, undefined), port => {
        tried.push(port);
        return listen(port);
      }, () => assert.fail('nothing to tell: it fails')), (err: Error & { code?: string }) => {
        assert.match(err.message, new RegExp(`port ${holder.port}, which the setting ${PORT_SETTING.replace(/\./g, '\\.')} fixes`));
        assert.equal(err.code, 'EADDRINUSE');
        return true;
      });
      assert.deepEqual(tried, [holder.port], 'no other port is tried');
    } finally {
      await holder.close();
    }
  });

  it('other failures are not taken for a port in use', async () => {
    await assert.rejects(listenOnChosenPort(portChoice(0, 40001), () => Promise.reject(new Error('unreadable data file')), () => undefined), /unreadable data file/);
  });
});
