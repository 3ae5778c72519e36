// The stream parser (RequestFileStreamParser) gives what parseRequestFile gives for the whole
// text — requests, variables and diagnostics with the same lines and offsets — however the
// text is cut into chunks, with \n, \r\n and lone \r line endings (a \r\n may be cut in two).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseRequestFile, RequestFileStreamParser, type RequestFile } from '../../src/core/requestFile';

const EXAMPLES = path.resolve(__dirname, '../../examples');

function streamed(text: string, chunk: number, positions = true, more: { warnings?: boolean; outlineOnly?: boolean } = {}): RequestFile {
  const parser = new RequestFileStreamParser({ positions, ...more });
  const all: RequestFile = { requests: [], variables: [], diagnostics: [] };
  const take = (): void => {
    const part = parser.take();
    all.requests.push(...part.requests);
    all.variables.push(...part.variables);
    all.diagnostics.push(...part.diagnostics);
  };
  for (let at = 0; at < text.length; at += chunk) {
    parser.push(text.slice(at, at + chunk));
    take();
  }
  parser.end();
  take();
  return all;
}

const ODD = [
  '',
  '###',
  '\r',
  'GET {{gatewayUrl}}/rest/v2/transactions\r\n\r###\r\n# @name a\rPOST {{gatewayUrl}}/rest/v2/transactions/sale\r',
  '@v = {{a.payload.x}}\n### t\n# @expect status 200\n',
  '### broken\nFETCH {{gatewayUrl}}/x\nnot a header\n\n{"a": "{{unclosed"}\n### ok\nGET {{gatewayUrl}}/rest/v2/tokens/{{v}}',
];

describe('request file stream parser', () => {
  const texts = [...ODD, ...readdirSync(EXAMPLES).filter((n) => n.endsWith('.gwreq')).map((n) => readFileSync(path.join(EXAMPLES, n), 'utf8'))];
  for (const chunk of [1, 2, 3, 17, 4096, Number.MAX_SAFE_INTEGER]) {
    it(`equals parseRequestFile in chunks of ${chunk === Number.MAX_SAFE_INTEGER ? 'the whole text' : chunk}`, () => {
      for (const text of texts) {
        assert.deepEqual(streamed(text, chunk), parseRequestFile(text));
        assert.deepEqual(streamed(text.replace(/\n/g, '\r\n'), chunk), parseRequestFile(text.replace(/\n/g, '\r\n')));
      }
    });
  }

  it('without positions: the same requests, variables and diagnostics, with only the method line and the diagnostics located (the runner\'s parse)', () => {
    const LOCATED = new Set(['range', 'startOffset', 'endOffset', 'nameRange', 'valueRange', 'targetRange']);
    /** The value with every location but a request's method range and a diagnostic's replaced by a mark. */
    const unlocated = (value: unknown, key = ''): unknown => {
      if (LOCATED.has(key)) return 'located';
      if (Array.isArray(value)) return value.map((item) => unlocated(item));
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unlocated(v, k)]));
      return value;
    };
    let requests = 0;
    for (const text of texts) {
      const whole = parseRequestFile(text);
      const lean = streamed(text, 4096, false);
      assert.deepEqual(unlocated(lean.requests), unlocated(whole.requests));
      assert.deepEqual(unlocated(lean.variables), unlocated(whole.variables));
      assert.deepEqual(lean.diagnostics, whole.diagnostics, 'diagnostics keep their places');
      assert.deepEqual(lean.requests.map((r) => r.methodRange), whole.requests.map((r) => r.methodRange), 'a report\'s line comes from the method range');
      for (const request of lean.requests) assert.equal(request.range.start.line, -1, 'nothing else is located');
      requests += lean.requests.length;
    }
    assert.ok(requests > 20, `the examples hold requests to compare (${requests})`);
  });

  it('the runner\'s reads: without warnings, the same requests and errors; outline-only, without headers and body too', () => {
    let headers = 0;
    let bodies = 0;
    for (const text of texts) {
      for (const chunk of [3, 4096]) {
        const whole = parseRequestFile(text);
        const errors = whole.diagnostics.filter((d) => d.severity === 'error');
        const requests = streamed(text, chunk, false, { warnings: false });
        assert.deepEqual(requests.diagnostics, errors, 'every error, in order; no warning');
        assert.deepEqual(requests.requests, streamed(text, chunk, false).requests);
        assert.deepEqual(requests.variables, streamed(text, chunk, false).variables);
        const outline = streamed(text, chunk, false, { warnings: false, outlineOnly: true });
        assert.deepEqual(outline.diagnostics, errors, 'an outline stops the file on the same errors');
        assert.deepEqual(outline.variables, requests.variables);
        assert.deepEqual(outline.requests, requests.requests.map(({ headers: _h, body: _b, ...rest }) => ({ ...rest, headers: [] })), 'all but headers and body, references from them included');
        headers += whole.requests.reduce((n, r) => n + r.headers.length, 0);
        bodies += whole.requests.filter((r) => r.body).length;
      }
    }
    assert.ok(headers > 20 && bodies > 10, `the examples hold headers and bodies that an outline leaves out (${headers}, ${bodies})`);
  });

  it('lets go of what it handed out', () => {
    const parser = new RequestFileStreamParser();
    parser.push('GET {{gatewayUrl}}/rest/v2/transactions\n###\nGET {{gatewayUrl}}/rest/v2/tokens\n###\n');
    assert.equal(parser.take().requests.length, 2, 'the two blocks closed by a separator are parsed at once');
    assert.equal(parser.take().requests.length, 0);
    parser.end();
    assert.deepEqual(parser.take(), { requests: [], variables: [], diagnostics: [] });
  });
});
