import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument } from '../../src/language/handlers';
import { DocumentCache } from '../../src/language/documents/analyzedDocument';

const FILE = ['@a = 1', '', '### one', 'GET {{gatewayUrl}}/rest/v2/tokens', '', '### two', '# @name t', 'GET {{gatewayUrl}}/rest/v2/tokens/1', '', '', '### three (no request)', '# just a comment'].join('\r\n');

describe('analyzed document', () => {
  it('finds the request of a line by its ### block, -1 where a block has none (variables above the first ###)', () => {
    const doc = analyzeDocument(FILE);
    assert.deepEqual([0, 2, 3, 4, 5, 6, 7, 9, 10, 11].map((l) => doc.requestIndexAt(l)), [-1, 0, 0, 0, 1, 1, 1, 1, -1, -1]);
  });

  it('converts positions and offsets with CRLF line ends, without counting the CR', () => {
    const doc = analyzeDocument(FILE);
    assert.equal(doc.lineText(3), 'GET {{gatewayUrl}}/rest/v2/tokens');
    const offset = doc.offsetAt({ line: 3, character: 4 });
    assert.equal(FILE.slice(offset, offset + 2), '{{');
    assert.deepEqual(doc.positionAt(offset), { line: 3, character: 4 });
    assert.equal(doc.offsetAt({ line: 3, character: 999 }), FILE.indexOf('\r\n', offset), 'past the end of a line is its end');
  });

  it('parses each (uri, version, text) once and forgets the oldest beyond its capacity', () => {
    assert.equal(analyzeDocument(FILE, 'file:///a.gwreq', 4), analyzeDocument(FILE, 'file:///a.gwreq', 4));
    assert.notEqual(analyzeDocument(FILE, 'file:///a.gwreq', 4), analyzeDocument(FILE + ' ', 'file:///a.gwreq', 4));
    const cache = new DocumentCache(2);
    const first = cache.get('u1', 1, 'x');
    cache.get('u2', 1, 'y');
    cache.get('u3', 1, 'z');
    assert.notEqual(cache.get('u1', 1, 'x'), first, 'u1 was evicted');
  });
});
