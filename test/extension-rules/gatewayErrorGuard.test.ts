// The extension tells a GatewayError apart by the runtime bundle's own guard, not by the
// error's name: the activation bundle has no copy of the class, and a name can be faked by any
// error. Loads the shipped dist/runtime.js, as the extension does. Needs "npm run build" first.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RuntimeModule } from '../../src/extension/lazy/runtime';
import { GatewayError as SourceGatewayError } from '../../src/core/http/gatewayErrors';

const RUNTIME = path.resolve(__dirname, '../../dist/runtime.js');

describe('isGatewayError from the runtime bundle', () => {
  const runtime = require(RUNTIME) as RuntimeModule;
  let sandbox: Awaited<ReturnType<RuntimeModule['startLocalSandbox']>>;

  before(async () => {
    sandbox = await runtime.startLocalSandbox({ port: 0 });
  });
  after(() => sandbox.close());

  test('recognises the failure the bundle\'s own client throws', async () => {
    const client = new runtime.GatewayClient({
      environment: { name: 'gone', kind: 'custom', gatewayUrl: 'http://127.0.0.1:1', boardingUrl: 'http://127.0.0.1:1' },
      credentials: { apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId },
    });
    try {
      const failure = await client.send({ operation: 'batches.getOpen' }).then(() => undefined, (e: unknown) => e);
      assert.ok(runtime.isGatewayError(failure), `expected a GatewayError, got ${String(failure)}`);
      assert.equal(failure.kind, 'unreachable');
    } finally {
      await client.close();
    }
  });

  test('refuses an error that only carries the name and a kind', () => {
    const lookalike = Object.assign(new Error('cancelled'), { name: 'GatewayError', kind: 'aborted' });
    assert.equal(runtime.isGatewayError(lookalike), false);
    assert.equal(runtime.isGatewayError(undefined), false);
    assert.equal(runtime.isGatewayError('GatewayError'), false);
  });

  test('the sandbox\'s error replies are not GatewayErrors and are not named so', async () => {
    const refusal = await fetch(`${sandbox.gatewayUrl}/rest/v2/transactions/sale`, {
      method: 'POST', headers: { 'api-key': sandbox.apiKey, 'content-type': 'application/json', accept: 'application/json' }, body: '{}',
    });
    assert.equal(refusal.status, 400);
    const source = await import('../../src/sandbox/domain/domain');
    assert.equal('GatewayError' in source, false);
    assert.equal(new source.ErrorAnswer(400, '002', 'x').name, 'ErrorAnswer');
  });

  test('a GatewayError of another bundle (here: the sources) is that bundle\'s to recognise', () => {
    assert.equal(runtime.isGatewayError(new SourceGatewayError('network', 'x')), false);
    assert.equal(runtime.isGatewayError(new runtime.GatewayError('network', 'x')), true);
  });
});
