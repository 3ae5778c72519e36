// The one spelling of a path and query that every HTTP client sends alike (src/core/http/canonicalUrl.ts),
// as a table, and a property: WHATWG's URL (the runner's client, fetch) leaves it as it is.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { canonicalPieces, canonicalUrl } from '../../src/core/http/canonicalUrl';
import { named } from '../testNames';

const BASE = 'http://127.0.0.1:1';

describe('canonicalUrl', () => {
  const KEPT: ReadonlyArray<[string, string]> = [
    ['/rest/v2/transactions/sale', 'what the catalog writes is kept'],
    ["/a-b._~/!$&()*+,;=:@/x?q=1&r=a/b?c", 'unreserved characters, sub-delimiters, ":" "@" "/" and "?" as they are'],
    ['/a%2Fb?x=%3D%26', 'an escape of a reserved character stays escaped'],
    ['/', 'the root'],
    ['', 'nothing'],
  ];
  for (const [path, why] of KEPT) {
    it(`keeps ${named(path)}: ${why}`, () => assert.deepEqual(canonicalUrl(BASE + path), { ok: true, text: BASE + path }));
  }

  const ENCODED: ReadonlyArray<[string, string, string]> = [
    ['/a b', '/a%20b', 'a space'],
    ["/it's?q='", '/it%27s?q=%27', "' (WHATWG encodes it in a query, other clients do not)"],
    ['/"<>\\^`{|}[]', '/%22%3C%3E%5C%5E%60%7B%7C%7D%5B%5D', 'characters outside RFC 3986'],
    ['/café', '/caf%C3%A9', 'a letter past ASCII, as UTF-8'],
    ['/😀', '/%F0%9F%98%80', 'an astral character, as its four bytes'],
    ['/\u2028\u0000\r\n', '/%E2%80%A8%00%0D%0A', 'line ends and NUL'],
    ['/%2f%3d', '/%2F%3D', 'escapes upper-cased (urllib3 does)'],
    ['/%41%7e%2D%5f', '/A~-_', 'an escaped letter, digit or -._~ written as itself (requests does)'],
    ['/100%', '/100%25', 'a "%" that starts no escape'],
    ['/%4', '/%254', 'a "%" with one hex digit'],
    ['/%zz', '/%25zz', 'a "%" with no hex digits'],
  ];
  for (const [path, expected, why] of ENCODED) {
    it(`writes ${named(path)} as ${expected}: ${why}`, () => assert.deepEqual(canonicalUrl(BASE + path), { ok: true, text: BASE + expected }));
  }

  const REFUSED: ReadonlyArray<[string, RegExp]> = [
    ['/rest?x=1#frag', /a "#" in a URL starts a fragment/],
    ['/rest/../admin', /"\.\." segment/],
    ['/rest/./x', /"\." segment/],
    ['/rest/%2e%2E/x', /"\.\." segment/],
    ['/rest/.%2e', /"\.\." segment/],
    ['/..', /"\.\." segment/],
  ];
  for (const [path, message] of REFUSED) {
    it(`refuses ${named(path)}`, () => {
      const result = canonicalUrl(BASE + path);
      assert.equal(result.ok, false);
      assert.match(result.ok ? '' : result.message, message);
    });
  }

  it('leaves dots that are no segment, and dot segments in the query', () => {
    assert.deepEqual(canonicalUrl(`${BASE}/a.b/..c/.../x?y=../.`), { ok: true, text: `${BASE}/a.b/..c/.../x?y=../.` });
  });

  it('leaves the scheme and authority as written (an IPv6 host\'s brackets too), and a URL without one is all path and query', () => {
    assert.deepEqual(canonicalUrl('HTTPS://User@Example.COM:8443/a b'), { ok: true, text: 'HTTPS://User@Example.COM:8443/a%20b' });
    assert.deepEqual(canonicalUrl('http://[::1]:8080/[a]'), { ok: true, text: 'http://[::1]:8080/%5Ba%5D' });
    assert.deepEqual(canonicalUrl('svn+ssh://[::1]?[q]'), { ok: true, text: 'svn+ssh://[::1]?%5Bq%5D' });
    assert.deepEqual(canonicalUrl('/rest/[x]'), { ok: true, text: '/rest/%5Bx%5D' });
    assert.deepEqual(canonicalUrl(''), { ok: true, text: '' });
    assert.deepEqual(canonicalUrl('x://[::1]'), { ok: true, text: 'x://[::1]' });
    assert.deepEqual(canonicalUrl('1http://[::1]/'), { ok: true, text: '1http://%5B::1%5D/' }, 'a scheme starts with a letter');
  });

  it('pieces: an opaque value counts as one path character, never as a dot segment of its own', () => {
    assert.deepEqual(canonicalPieces([{ text: '/rest/v2/tokens/' }, { opaque: true }, { text: '/x y' }]), { ok: true, texts: ['/rest/v2/tokens/', undefined, '/x%20y'] });
    assert.deepEqual(canonicalPieces([{ text: '/a/.' }, { opaque: true }]), { ok: true, texts: ['/a/.', undefined] });
    const dots = canonicalPieces([{ text: '/a/' }, { opaque: true }, { text: '/../b' }]);
    assert.equal(dots.ok, false);
    assert.equal(canonicalPieces([{ text: '../x' }]).ok, false, 'a dot segment first, before any "/"');
    assert.equal(canonicalPieces([{ text: '.' }]).ok, false);
  });

  it('WHATWG URL (the runner\'s client, fetch) leaves what it makes unchanged, for any text without a fragment mark', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 30 }).filter((t) => !t.includes('#') && !/[\ud800-\udfff]/.test(t)), (text) => {
      const result = canonicalUrl(`${BASE}/x/${text}`);
      if (!result.ok) return /segment/.test(result.message);
      const url = new URL(result.text);
      assert.equal(url.href, result.text);
      assert.match(result.text.slice(BASE.length), /^[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/);
      return true;
    }), { numRuns: 2000 });
  });
});
