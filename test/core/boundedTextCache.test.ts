// The one cache the core's text-keyed lookups share (expectations, paths, catalog matches,
// constant fills): made once per key, and bounded.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BoundedTextCache } from '../../src/core/text/boundedTextCache';

describe('BoundedTextCache', () => {
  it('makes a value once per key, and keeps null as "known to be nothing"', () => {
    const cache = new BoundedTextCache<string | null>();
    let made = 0;
    const make = (key: string): string | null => { made++; return key === 'none' ? null : key.toUpperCase(); };
    assert.equal(cache.getOrMake('status 200', make), 'STATUS 200');
    assert.equal(cache.getOrMake('status 200', make), 'STATUS 200');
    assert.equal(cache.getOrMake('none', make), null);
    assert.equal(cache.getOrMake('none', make), null);
    assert.equal(made, 2);
    cache.set('other', 'set');
    assert.equal(cache.get('other'), 'set');
    assert.equal(cache.get('missing'), undefined);
  });

  it('starts again at its limit rather than growing with every new key', () => {
    const cache = new BoundedTextCache<number>(3);
    for (let i = 0; i < 3; i++) cache.getOrMake(`key ${i}`, () => i);
    assert.equal(cache.size, 3);
    cache.getOrMake('key 3', () => 3);
    assert.equal(cache.size, 1, 'cleared whole, then the new key kept');
    assert.equal(cache.get('key 0'), undefined);
    assert.equal(cache.get('key 3'), 3);
    for (let i = 0; i < 10; i++) cache.set(`more ${i}`, i);
    assert.ok(cache.size <= 3);
  });
});
