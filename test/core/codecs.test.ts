import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildXml, parseJson, parseXml, prettyJson, prettyXml } from '../../src/core/codecs/codecs';

describe('codecs: XML', () => {
  it('keeps attributes and keeps every value a string', () => {
    const parsed = parseXml('<response><exchange-id>ID-1</exchange-id><payload type="transaction"><transaction><amount>25.00</amount><result-code>000</result-code><id>262246</id></transaction></payload></response>');
    assert.ok(parsed.ok);
    const payload = (parsed.value.response as Record<string, any>).payload;
    assert.equal(payload['@_type'], 'transaction');
    assert.deepEqual(payload.transaction, { amount: '25.00', 'result-code': '000', id: '262246' });
  });

  it('decodes the five predefined entities', () => {
    const parsed = parseXml('<a><b>&lt;x&gt; &amp; &quot;y&quot; &apos;z&apos;</b></a>');
    assert.ok(parsed.ok);
    assert.equal((parsed.value.a as Record<string, string>).b, `<x> & "y" 'z'`);
  });

  it('refuses DOCTYPE entities ("billion laughs") instead of expanding them', () => {
    const lol = ['<?xml version="1.0"?>', '<!DOCTYPE lolz [', ' <!ENTITY lol "lol">'];
    for (let i = 1; i <= 9; i++) lol.push(` <!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
    lol.push(']>', '<lolz>&lol9;</lolz>');
    const started = Date.now();
    const parsed = parseXml(lol.join('\n'));
    assert.ok(Date.now() - started < 500);
    assert.equal(parsed.ok, false);
    if (!parsed.ok) {
      assert.match(parsed.error.message, /entit/i);
      assert.equal(parsed.error.line, 3);
    }
    const simple = parseXml('<!DOCTYPE a [<!ENTITY x "expanded">]><a>&x;</a>');
    assert.equal(simple.ok, false);
    assert.ok(!JSON.stringify(simple).includes('"expanded"}'));
  });

  it('reports malformed XML with line and column', () => {
    const parsed = parseXml('<a>\n  <b>1</c>\n</a>');
    assert.equal(parsed.ok, false);
    if (!parsed.ok) {
      assert.equal(parsed.error.line, 2);
      assert.equal(parsed.error.column, 7);
      assert.equal(parsed.error.col, parsed.error.column);
      assert.match(parsed.error.message, /closing tag/);
    }
  });

  it('pretty-prints XML text and objects with two spaces, and builds under a root', () => {
    assert.equal(prettyXml('<object><payloadType>batch</payloadType><batch id="7"><net-amount>10.00</net-amount></batch></object>'),
      '<object>\n  <payloadType>batch</payloadType>\n  <batch id="7">\n    <net-amount>10.00</net-amount>\n  </batch>\n</object>');
    assert.equal(prettyXml('<not xml'), '<not xml');
    const built = buildXml('transaction', { type: 'SALE', amount: '25.00', 'exp-date': '0128' });
    assert.equal(built, '<transaction>\n  <type>SALE</type>\n  <amount>25.00</amount>\n  <exp-date>0128</exp-date>\n</transaction>');
    const round = parseXml(built);
    assert.ok(round.ok);
    assert.equal((round.value.transaction as Record<string, string>)['exp-date'], '0128');
  });
});

describe('codecs: JSON', () => {
  it('parses JSON and pretty-prints with two spaces', () => {
    const parsed = parseJson('{"amount":"25.00","n":[1]}');
    assert.deepEqual(parsed, { ok: true, value: { amount: '25.00', n: [1] } });
    assert.equal(prettyJson('{"a":{"b":"000"}}'), '{\n  "a": {\n    "b": "000"\n  }\n}');
    assert.equal(prettyJson({ a: 1 }), '{\n  "a": 1\n}');
    assert.equal(prettyJson('{oops'), '{oops');
  });

  it('gives the line and column of every kind of JSON error', () => {
    const cases: Array<[string, number, number]> = [
      ['{"a":}', 1, 6],
      ['{\n  "a": 1,\n  "b": x\n}', 3, 8],
      ['[1,2,]', 1, 6],
      ['{"a" 1}', 1, 6],
      ['{"a":1}}', 1, 8],
      ['{\n"a": "unterminated', 2, 19],
      ['', 1, 1],
    ];
    for (const [text, line, column] of cases) {
      const parsed = parseJson(text);
      assert.equal(parsed.ok, false, text);
      if (!parsed.ok) {
        assert.deepEqual([parsed.error.line, parsed.error.column], [line, column], JSON.stringify(text));
        assert.ok(!/position \d+/.test(parsed.error.message), parsed.error.message);
      }
    }
  });
});
