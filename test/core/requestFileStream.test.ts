// The stream parser (RequestFileStreamParser) gives what parseRequestFile gives for the whole
// text — requests, variables and diagnostics with the same lines and offsets — however the
// text is cut into chunks, with \n, \r\n and lone \r line endings (a \r\n may be cut in two).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseRequestFile, RequestFileStreamParser, type RequestFile } from '../../src/core/requestFile';

const EXAMPLES = path.resolve(__dirname, '../../examples');

function streamed(text: string, chunk: number): RequestFile {
  const parser = new RequestFileStreamParser();
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

  it('lets go of what it handed out', () => {
    const parser = new RequestFileStreamParser();
    parser.push('GET {{gatewayUrl}}/rest/v2/transactions\n###\nGET {{gatewayUrl}}/rest/v2/tokens\n###\n');
    assert.equal(parser.take().requests.length, 2, 'the two blocks closed by a separator are parsed at once');
    assert.equal(parser.take().requests.length, 0);
    parser.end();
    assert.deepEqual(parser.take(), { requests: [], variables: [], diagnostics: [] });
  });
});
