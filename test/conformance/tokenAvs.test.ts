// AVS on tokenization (issue 33): a card token created with `require-avs` and the billing
// address answers the token with `avs-result-code`, as the gateway's Java sample (API-Examples
// branch java, TokenAVS.java: require-avs sent as the string "true" with avs-address and
// avs-zip 85284) and the e-commerce platform's payment profiles (class.clearent.php: avs-address
// cut to 20 characters and avs-zip, no require-avs; reads payload.tokenResponse["token-id"], or
// payload.error["error-message"]) send them. The token object's `avs-result-code` is in the
// facts (§3, S7 tokenization guide). Facts only; decisions and evidence in docs/sandbox.md.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flowName, missingPaths, ReplaySandbox } from './replay';

let sb: ReplaySandbox;
before(async () => { sb = await ReplaySandbox.start(); });
after(() => sb.stop());

const headers = () => ({ Accept: 'application/json', 'Content-Type': 'application/json', 'api-key': sb.info.apiKey });

/** The Java sample's body (TokenAVS.java); its expiry 0818 is long past, so a future one. */
const javaToken = (zip = '85284', extra: Record<string, unknown> = {}) => ({
  card: '4111111111111111', 'exp-date': '1230', csc: '999', description: 'test', 'card-type': 'VISA',
  'avs-address': '123 test', 'avs-zip': zip, 'require-avs': 'true', ...extra,
});

async function createToken(body: unknown) {
  return sb.send('POST', '/rest/v2/tokens', { headers: headers(), json: body });
}

describe('conformance: AVS on tokenization', () => {
  it(flowName('samples-token-avs'), async () => {
    const r = await createToken(javaToken());
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.code, '200');
    assert.deepEqual(missingPaths(r.json, ['payload.tokenResponse.token-id', 'payload.tokenResponse.avs-result-code']), []);
    const token = r.json.payload.tokenResponse;
    assert.equal(token['avs-result-code'], 'Y');
    assert.equal(token['avs-address'], '123 test');
    assert.equal(token['avs-zip'], '85284');
    // Stored with the token: reading it back shows the same result, as does the list.
    const read = await sb.send('GET', `/rest/v2/tokens/${token['token-id']}`, { headers: headers() });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.json.payload.tokenResponse['avs-result-code'], 'Y');
    const listed = await sb.send('GET', `/rest/v2/tokens?token-id=${token['token-id']}`, { headers: headers() });
    assert.equal(listed.json.payload.tokens.token[0]['avs-result-code'], 'Y');
  });

  it(flowName('token-avs-test-values'), async () => {
    // The sandbox's AVS test zips (docs/sandbox.md "AVS and CSC test values") give their codes
    // on a token as on a charge; a street with no zip is U. require-avs may be a JSON boolean.
    const cases: [Record<string, unknown>, string][] = [
      [javaToken('20000'), 'A'], [javaToken('40000'), 'N'], [javaToken('300001234'), 'W'],
      [javaToken('60000'), 'R'], [javaToken('852841234'), 'X'],
      [{ ...javaToken(), 'avs-zip': undefined, 'require-avs': true }, 'U'],
    ];
    for (const [body, code] of cases) {
      const r = await createToken(body);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.payload.tokenResponse['avs-result-code'], code, JSON.stringify(body));
    }
    // With the terminal's AVS rules on, a required AVS result they do not allow refuses the
    // token (402 046, the charge's answer), and no token is stored.
    const before = (await sb.send('GET', '/rest/v2/tokens', { headers: headers() })).json.page['total-elements'];
    const avs = await sb.send('PUT', '/rest/v2/settings/terminal/avs', { headers: headers(), json: { enabled: true, 'response-filters': { 'response-filter': [{ name: 'NO_MATCH', allowed: false }] } } });
    assert.equal(avs.status, 200, avs.text);
    const refused = await createToken(javaToken('40000'));
    assert.equal(refused.status, 402, refused.text);
    assert.equal(refused.json.payload.payloadType, 'error');
    assert.equal(refused.json.payload.error['result-code'], '046');
    assert.match(refused.json.payload.error['error-message'], /AVS Response Not Accepted/);
    const after = (await sb.send('GET', '/rest/v2/tokens', { headers: headers() })).json.page['total-elements'];
    assert.equal(after, before);
    // The same rules do not touch a token created without require-avs.
    const unchecked = await createToken(javaToken('40000', { 'require-avs': 'false' }));
    assert.equal(unchecked.status, 200, unchecked.text);
    assert.equal(unchecked.json.payload.tokenResponse['avs-result-code'], undefined);
    await sb.send('PUT', '/rest/v2/settings/terminal/avs', { headers: headers(), json: { enabled: false } });
  });

  it(flowName('token-avs-no-address'), async () => {
    // A decision (docs/sandbox.md): AVS required with neither avs-zip nor avs-address is a 400
    // naming the fields, rather than a token nobody verified.
    const r = await createToken({ ...javaToken(), 'avs-zip': undefined, 'avs-address': undefined });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.json.payload.payloadType, 'error');
    assert.match(r.json.payload.error['error-message'], /avs-zip/);
  });

  it(flowName('shop-token-no-require-avs'), async () => {
    // The platform's payment profile: address and zip without require-avs; no AVS result.
    const r = await createToken({
      'customer-key': 'shop-10000', 'avs-address': 'PO Box 439482'.slice(0, 20), 'avs-zip': '75771',
      card: '4111111111111111', 'exp-date': '1230', csc: '234',
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.code, '200');
    const token = r.json.payload.tokenResponse;
    assert.ok(token['token-id']);
    assert.equal(token['avs-result-code'], undefined);
    const read = await sb.send('GET', `/rest/v2/tokens/${token['token-id']}`, { headers: headers() });
    assert.equal(read.json.payload.tokenResponse['avs-result-code'], undefined);
    assert.equal(read.json.payload.tokenResponse['avs-zip'], '75771');
  });
});
