// A web checkout on the gateway's JavaScript SDK, as the browser and the shop's back end talk to the
// gateway (issue 33 §3), replayed against the Local sandbox serving its stand-in: the page loads
// /js-sdk/js/clearent-host.js from the gateway's host with no key (provisio_print's checkout.js,
// scoutline-beta's billing page), the script tokenizes from the page's origin (a CORS preflight for
// the JSON body and the public-key header, then POST /rest/v2/mobilejwt/manual, whose answer the
// page reads: payload["mobile-jwt"].jwt, status "success", card-type, last-four), and the back end
// charges the token with mobilejwt and api-key. Facts, not code; evidence in docs/sandbox.md
// ("JavaScript SDK stand-in"). What the script does in a browser: test/vscode/e2eCheckout.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

const PAGE = 'http://localhost:3000';

describe('conformance: a web checkout on the JavaScript SDK', () => {
  it(flowName('web-jssdk-checkout'), async () => {
    const script = await sb.send('GET', '/js-sdk/js/clearent-host.js');
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /^application\/javascript/);
    for (const name of ['init', 'getPaymentToken', 'reset', 'initialized', 'ClearentTokenSuccess', 'ClearentTokenError']) assert.ok(script.text.includes(name), name);

    const preflight = await sb.send('OPTIONS', '/rest/v2/mobilejwt/manual', {
      headers: { Origin: PAGE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,public-key' },
    });
    assert.ok(preflight.status >= 200 && preflight.status < 300, `preflight ${preflight.status}`);
    assert.ok(['*', PAGE].includes(preflight.headers.get('access-control-allow-origin') ?? ''));
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    for (const h of ['content-type', 'public-key']) assert.match(preflight.headers.get('access-control-allow-headers') ?? '', new RegExp(h, 'i'));

    const hpp = await sb.send('GET', '/rest/v2/settings/terminal/hpp', { headers: { Accept: 'application/json', 'api-key': sb.info.apiKey } });
    const pk = hpp.json.payload['hpp-settings']['hpp-public-key'];
    const token = await sb.send('POST', '/rest/v2/mobilejwt/manual', {
      headers: { Origin: PAGE, Accept: 'application/json', 'public-key': pk },
      json: { card: '4111111111111111', 'exp-date': '1230', csc: '999' },
    });
    assert.equal(token.status, 200, token.text);
    assert.ok(['*', PAGE].includes(token.headers.get('access-control-allow-origin') ?? ''), 'the page may read the answer');
    assert.equal(token.json.status, 'success');
    const jwt = token.json.payload['mobile-jwt'];
    assert.equal(typeof jwt.jwt, 'string');
    assert.equal(jwt['card-type'], 'VISA');
    assert.equal(jwt['last-four'], '1111');

    const sale = await sb.send('POST', '/rest/v2/mobile/transactions/sale', {
      headers: { Accept: 'application/json', 'api-key': sb.info.apiKey, mobilejwt: jwt.jwt },
      json: { type: 'SALE', amount: '25.00', 'software-type': 'AwesomePOSSoftware', 'software-type-version': '1' },
    });
    assert.equal(sale.status, 200, sale.text);
    assert.equal(sale.json.payload.transaction.result, 'APPROVED');
  });
});
