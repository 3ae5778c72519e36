// What code generation refuses, with the reason, because no HTTP client of the seven sends it as
// the request file writes it (src/core/codegen/requestChecks.ts, codeRequest.ts): fast tables,
// no toolchain needed. What it writes instead for everything else is proven by running the
// programs (hostileRequests.test.ts, codegenProperties.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, generateFromText } from '../../src/core/codegen/programs';
import { CodeGenerationError, checkHeaders } from '../../src/core/codegen/requestChecks';

const SALE_LINE = 'POST {{gatewayUrl}}/rest/v2/transactions/sale';

describe('what no HTTP client of the seven sends as written is refused, with the reason', () => {
  const REFUSED: ReadonlyArray<[string, string, RegExp]> = [
    ['a GET with a body', 'GET {{gatewayUrl}}/rest/v2/transactions\nContent-Type: application/json\n\n{"a": "1"}\n', /a GET request with a body/],
    ['a Host header', `${SALE_LINE}\nHost: evil.example\n\n{}\n`, /the Host header is written by the HTTP client itself/],
    ['a Content-Length header', `${SALE_LINE}\nContent-Length: 5\n\n{}\n`, /the Content-Length header is written by the HTTP client itself/],
    ['a header written twice', `${SALE_LINE}\nX-A: 1\nx-a: 2\n\n{}\n`, /the x-a header is written twice/],
    ['a header value past ASCII', `@v = café\n${SALE_LINE}\nX-A: {{v}}\n\n{}\n`, /holds U\+00E9/],
    ['a fragment', `${SALE_LINE}?a=1#frag\n\n{}\n`, /starts a fragment/],
    ['a dot segment', 'POST {{gatewayUrl}}/rest/v2/../v2/transactions/sale\n\n{}\n', /has a "\.\." segment/],
    ['a lowercase method', 'post {{gatewayUrl}}/rest/v2/transactions/sale\n\n{}\n', /unknown method "post"/],
    ['a malformed # @name', `# @name a b\n${SALE_LINE}\n\n{}\n`, /malformed @name/],
    ['a user name in a literal URL', 'POST http://user:pw@127.0.0.1:1/rest/v2/transactions/sale\n\n{}\n', /a user name or password in the URL/],
    ['a scheme other than http(s)', 'POST file:///etc/passwd\n\n{}\n', /not a URL|only http and https/],
  ];
  for (const [name, text, message] of REFUSED) {
    it(`${name}, in every language`, () => {
      for (const language of LANGUAGES) assert.throws(() => generateFromText(language, text), message, language.id);
    });
  }
});

describe('checkHeaders: what a program could not send as written', () => {
  const text = (t: string) => [{ text: t }];
  const ROWS: ReadonlyArray<[string, Array<{ name: string; value: Array<{ text: string } | { param: string }> }>, RegExp | undefined]> = [
    ['plain headers', [{ name: 'X-A', value: text('1') }, { name: 'Accept', value: text('application/json') }], undefined],
    ['an empty value', [{ name: 'X-A', value: [] }], undefined],
    ['a value from a parameter', [{ name: 'api-key', value: [{ param: 'GATEWAY_API_KEY' }] }], undefined],
    ['printable ASCII at both ends of the range', [{ name: 'X-A', value: text(' ~!"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}') }], undefined],
    ...['Host', 'content-length', 'Transfer-Encoding', 'CONNECTION', 'Keep-Alive', 'Upgrade', 'Expect', 'TE', 'Trailer', 'Proxy-Connection'].map((name): [string, Array<{ name: string; value: Array<{ text: string }> }>, RegExp] => [name, [{ name, value: text('x') }], new RegExp(`the ${name} header is written by the HTTP client itself`)]),
    ['a name twice, in two cases', [{ name: 'X-A', value: text('1') }, { name: 'x-a', value: text('2') }], /the x-a header is written twice/],
    ['a tab', [{ name: 'X-A', value: text('a\tb') }], /holds U\+0009/],
    ['DEL', [{ name: 'X-A', value: text('a\u007f') }], /holds U\+007F/],
    ['a CR', [{ name: 'X-A', value: text('a\rb') }], /holds U\+000D/],
    ['a letter past ASCII', [{ name: 'X-A', value: [{ param: 'P' }, { text: 'é' }] }], /X-A header's value holds U\+00E9/],
  ];
  for (const [name, headers, refused] of ROWS) {
    it(name, () => {
      if (!refused) return assert.doesNotThrow(() => checkHeaders(headers));
      assert.throws(() => checkHeaders(headers), (err: unknown) => err instanceof CodeGenerationError && refused.test(err.message));
    });
  }
});
