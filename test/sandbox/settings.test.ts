import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operations } from '../../src/catalog';
import type { RunningSandbox } from '../../src/sandbox/server';
import { call, startTestSandbox } from './sandboxTestClient';

let sb: RunningSandbox;
before(async () => { sb = await startTestSandbox(); });
after(() => sb.close());

/** Expected status and answer element per operation id; everything else answers 200 with its group element. */
const EXPECTED: Record<string, { status: number; payloadType?: string; element?: string; generic?: boolean }> = {
  'settings.hpp.create': { status: 201, payloadType: 'terminal-settings', element: 'hpp-settings' },
  'settings.hpp.update': { status: 200, payloadType: 'terminal-settings', element: 'hpp-settings' },
  'settings.hpp.get': { status: 200, payloadType: 'terminal-settings', element: 'hpp-settings' },
  'settings.hpp.delete': { status: 204 },
  'settings.device.get': { status: 200, payloadType: 'terminal-settings', element: 'terminal-settings' },
  'settings.device.create': { status: 200, payloadType: 'terminal-settings', element: 'device-settings' },
  'settings.device.update': { status: 200, payloadType: 'terminal-settings', element: 'device-settings' },
  'settings.device.delete': { status: 200, payloadType: 'terminal-settings', element: 'terminal-settings' },
  'settings.csc.update': { status: 200, payloadType: 'csc-settings', generic: true },
};

describe('settings', () => {
  for (const op of operations.filter(o => o.group === 'settings')) {
    it(`${op.id}: ${op.method} ${op.path} answers as the interface says (XML)`, async () => {
      const r = await call(sb, op.method, op.path, op.sample ? { xml: op.sample } : {});
      const want = EXPECTED[op.id] ?? { status: 200, payloadType: op.payloadType, element: op.payloadType };
      assert.equal(r.status, want.status, r.text);
      assert.ok(r.headers.get('exchange-id')?.startsWith('ID-clearent-gss-2-'));
      if (want.status === 204) {
        assert.equal(r.text, '');
        return;
      }
      assert.match(r.headers.get('content-type') ?? '', /application\/xml/);
      const object = r.body.object;
      if (want.generic) {
        assert.equal(object.code, '200');
        assert.equal(object.status, 'SUCCESS');
        assert.equal(object.payload.payloadType, want.payloadType);
        return;
      }
      assert.equal(object.payloadType, want.payloadType);
      assert.ok(object[want.element!] !== undefined, `element ${want.element} in ${r.text}`);
      if (want.payloadType === 'terminal-settings') assert.equal(object['terminal-settings']['terminal-id'], '10018001');
    });
  }

  it('GET HPP is 404 after DELETE; PUT then answers 201 and GET 200 with the sandbox\'s own hpp-public-key', async () => {
    assert.equal((await call(sb, 'DELETE', '/rest/v2/settings/terminal/hpp')).status, 204);
    assert.equal((await call(sb, 'GET', '/rest/v2/settings/terminal/hpp')).status, 404);
    const foreign = await call(sb, 'PUT', '/rest/v2/settings/terminal/hpp', { xml: '<hpp-settings><enabled>true</enabled><hpp-public-key>abc123</hpp-public-key></hpp-settings>' });
    assert.equal(foreign.status, 400, 'the key is the sandbox\'s own: it signs with its private half');
    const put = await call(sb, 'PUT', '/rest/v2/settings/terminal/hpp', { xml: '<hpp-settings><enabled>true</enabled></hpp-settings>' });
    assert.equal(put.status, 201);
    const key = put.body.object['hpp-settings']['hpp-public-key'];
    assert.match(key, /^307a3014[0-9a-f]{240}$/);
    const echoed = await call(sb, 'PUT', '/rest/v2/settings/terminal/hpp', { xml: `<hpp-settings><enabled>true</enabled><hpp-public-key>${key}</hpp-public-key></hpp-settings>` });
    assert.equal(echoed.status, 200, echoed.text);
    const get = await call(sb, 'GET', '/rest/v2/settings/terminal/hpp');
    assert.equal(get.status, 200);
    assert.equal(get.body.object['hpp-settings']['hpp-public-key'], key);
  });

  it('stores what was written (terminal PUT, then GET), accepting an <object> wrapper', async () => {
    const put = await call(sb, 'PUT', '/rest/v2/settings/terminal', { xml: '<object><terminal-settings><enable-tip>false</enable-tip><time-zone>UTC</time-zone></terminal-settings></object>' });
    assert.equal(put.status, 200);
    const get = await call(sb, 'GET', '/rest/v2/settings/terminal');
    assert.equal(get.body.object['terminal-settings']['enable-tip'], 'false');
    assert.equal(get.body.object['terminal-settings']['time-zone'], 'UTC');
    const csc = await call(sb, 'GET', '/rest/v2/settings/terminal/csc');
    assert.ok(csc.body.object['csc-settings'].enabled);
  });

  const invalid: Array<[string, string, string, RegExp]> = [
    ['PUT', '/rest/v2/settings/terminal', '<terminal-settings><enable-tip>yes</enable-tip></terminal-settings>', /enable-tip.*"true" or "false"/],
    ['PUT', '/rest/v2/settings/terminal', '<terminal-settings><batch-time-utc>25:00</batch-time-utc></terminal-settings>', /batch-time-utc/],
    ['PUT', '/rest/v2/settings/terminal', '<terminal-settings><terminal-id>999</terminal-id></terminal-settings>', /terminal-id.*cannot be changed/],
    ['POST', '/rest/v2/settings/transaction/duplicates', '<check-duplicate-transaction-settings><time-range-in-minutes>ten</time-range-in-minutes></check-duplicate-transaction-settings>', /whole number/],
    ['POST', '/rest/v2/settings/terminal/rps', '<rps-settings><colour>red</colour></rps-settings>', /colour.*not a known field/],
  ];
  for (const [method, path, xml, message] of invalid) {
    it(`refuses ${xml.slice(0, 60)}… with 400 and a clear message`, async () => {
      const r = await call(sb, method, path, { xml });
      assert.equal(r.status, 400);
      assert.equal(r.body.object.payloadType, 'error');
      assert.match(r.body.object.error['error-message'], message);
    });
  }

  it('takes a JSON body too (the facts list both media types), and refuses other media types with 415', async () => {
    const r = await call(sb, 'PUT', '/rest/v2/settings/terminal/rps', { json: { enabled: true } });
    assert.equal(r.status, 200);
    assert.equal(r.body.payload['rps-settings'].enabled, true, 'a JSON request gets a JSON answer with typed booleans');
    const form = await call(sb, 'PUT', '/rest/v2/settings/terminal/rps', { raw: { contentType: 'text/plain', text: 'enabled=true' } });
    assert.equal(form.status, 415);
  });
});
