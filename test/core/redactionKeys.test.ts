// The environment's keys, removed wherever they appear (as written, URL-encoded, JSON-escaped),
// and key-shaped literals of other payment APIs. Rows of text in and text out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { credentialSecrets, redact, redactValue, Redactor } from '../../src/core/protection/redaction';

/** A key holding every character a regular expression reads as syntax, and letters that escape to classes (\d, \s, \w, \b). */
const ODD_KEY = 'k.e*y+(1)?[a]{2}|^$\\/dswb"';

describe('redaction: the environment keys', () => {
  it('credentialSecrets: the keys that are set, nothing else', () => {
    assert.deepEqual(credentialSecrets(undefined), []);
    assert.deepEqual(credentialSecrets({ apiKey: 'Zq9-api', accessKey: 'Zq9-access', merchantId: '1' }), ['Zq9-api', 'Zq9-access']);
    assert.deepEqual(credentialSecrets({ apiKey: '', accessKey: 'Zq9-access', merchantId: '1' }), ['Zq9-access']);
    assert.deepEqual(credentialSecrets({ apiKey: 'Zq9-api', merchantId: '1' }), ['Zq9-api']);
  });

  it('a key with characters that are regular-expression syntax is removed as written, URL-encoded and JSON-escaped, and only there', () => {
    const rows: Array<[string, string]> = [
      [`sent ${ODD_KEY} ok`, 'sent [REDACTED] ok'],
      [`/x?k=${encodeURIComponent(ODD_KEY)}&y=1`, '/x?k=[REDACTED]&y=1'],
      [JSON.stringify({ note: ODD_KEY }), '{"note":"[REDACTED]"}'],
      [ODD_KEY, '[REDACTED]'],
      // What the key's characters would match as a pattern, but is not the key.
      ['kXeyy1aa', 'kXeyy1aa'],
      ['k.e*y+1?a{2}dswb', 'k.e*y+1?a{2}dswb'],
      ['k7e y 3 9 \t', 'k7e y 3 9 \t'],
    ];
    for (const [text, expected] of rows) assert.equal(redact(text, [ODD_KEY]), expected, text);
  });

  it('one key the start of another: the longer is removed whole, in any order given', () => {
    for (const keys of [['Zq9-key', 'Zq9-key-and-more'], ['Zq9-key-and-more', 'Zq9-key']]) {
      assert.equal(redact('a Zq9-key-and-more b Zq9-key c', keys), 'a [REDACTED] b [REDACTED] c', keys.join());
    }
  });

  it('an empty key is no key: text stays as it is, the other keys are still removed', () => {
    assert.equal(redact('hello world', ['']), 'hello world');
    assert.equal(redact('hello Zq9-k1 world', ['', 'Zq9-k1']), 'hello [REDACTED] world');
    assert.deepEqual(redactValue({ a: 'hello', b: 'Zq9-k1' }, ['', 'Zq9-k1']), { a: 'hello', b: '[REDACTED]' });
  });

  it('a text or a value exactly as long as the shortest key, or shorter than any', () => {
    const redactor = new Redactor(['abc', 'Zq9-long-key']);
    assert.equal(redactor.text('abc'), '[REDACTED]');
    assert.equal(redactor.text('ab'), 'ab');
    assert.deepEqual(redactor.value({ a: 'abc', b: ['Zq9-long-key'], c: 'ab' }), { a: '[REDACTED]', b: ['[REDACTED]'], c: 'ab' });
    assert.equal(redactor.reportText('abc'), '[REDACTED]');
    const source = '{"a":"abc"}';
    assert.deepEqual(redactor.parsedJsonInPlace(JSON.parse(source), source), { a: '[REDACTED]' });
  });

  it('key-shaped literals of payment APIs: from the shortest one, as a word of their own', () => {
    const rows: Array<[string, string]> = [
      ['sk_live_abcdef', '[REDACTED]'],
      ['sk_live_abcde', 'sk_live_abcde'],
      ['rk_test_0123456789 and pk_live_ABCdef', '[REDACTED] and [REDACTED]'],
      ['pk_test_abcdef', '[REDACTED]'],
      ['xsk_live_abcdef', 'xsk_live_abcdef'],
      ['sk_prod_abcdef', 'sk_prod_abcdef'],
      ['first sk_live_abc123 then sk_test_def456', 'first [REDACTED] then [REDACTED]'],
    ];
    for (const [text, expected] of rows) assert.equal(redact(text), expected, text);
    assert.deepEqual(redactValue({ k: 'sk_live_abcdef', short: 'sk_live_abcde' }), { k: '[REDACTED]', short: 'sk_live_abcde' });
    const source = '{"k":"sk_live_abcdef","n":"ok"}';
    assert.deepEqual(new Redactor().parsedJsonInPlace(JSON.parse(source), source), { k: '[REDACTED]', n: 'ok' });
  });
});
