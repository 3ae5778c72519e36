// Re-running a money request from history: its stored body is masked, and the card comes back
// from the Local sandbox's test cards or from the user (issue 11, item 4).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redact } from '../../src/core/protection/redaction';
import { hasMaskedCsc, maskedCardIn, testCardFor, withCard, withCsc, withoutMaskedCsc } from '../../src/extension/history/maskedBody';

const sent = '{\n  "amount": "25.00",\n  "card": "5555555555554444",\n  "exp-date": "1230",\n  "csc": "999"\n}';

describe('a masked history body', () => {
  const stored = redact(sent, []);

  it('is masked as history keeps it, and says which card it was', () => {
    assert.ok(!stored.includes('5555555555554444'));
    assert.deepEqual(maskedCardIn(stored), { lastFour: '4444' });
    assert.equal(maskedCardIn(sent), undefined);
  });

  it('gets the Local sandbox test card with the same last four back, CSC included', () => {
    assert.equal(testCardFor('4444'), '5555555555554444');
    assert.equal(testCardFor('9999'), '4111111111111111');
    assert.deepEqual(JSON.parse(withCard(stored, testCardFor('4444'), '999')), JSON.parse(sent));
  });

  it('takes an entered card without a CSC by dropping the masked one', () => {
    const body = JSON.parse(withCard(stored, '4012000098765439')) as Record<string, string>;
    assert.equal(body.card, '4012000098765439');
    assert.equal('csc' in body, false);
  });

  it('works on XML bodies too', () => {
    const xml = redact('<transaction><amount>25.00</amount><card>4111111111111111</card><csc>123</csc></transaction>', []);
    assert.equal(withCard(xml, '4111111111111111', '123'), '<transaction><amount>25.00</amount><card>4111111111111111</card><csc>123</csc></transaction>');
  });
});

// Issue 35, defect 6: a token sale's body has no card number to mask, only its CSC.
describe('a masked CSC without a masked card (a token sale)', () => {
  const token = '1000000000188871111';
  const bodies = [
    { type: 'SALE', amount: '12.00', card: token, csc: '999', invoice: 'T-1' },
    { csc: '999', type: 'SALE', card: token },
    { type: 'SALE', card: token, csc: '999' },
    { csc: '999' },
  ];

  it('is found, and the token is not taken for a card', () => {
    for (const b of bodies) {
      const stored = redact(JSON.stringify(b, null, 2), []);
      assert.ok(hasMaskedCsc(stored), stored);
      assert.ok(!stored.includes('"999"'));
    }
    assert.equal(hasMaskedCsc(redact(JSON.stringify(bodies[0]), [])), true);
    assert.equal(maskedCardIn(redact(JSON.stringify(bodies[0]), [])), undefined);
    assert.equal(hasMaskedCsc('{"card": "x"}'), false);
    assert.equal(hasMaskedCsc(undefined), false);
  });

  it('leaves valid JSON without the field, wherever it was, indented or not', () => {
    for (const b of bodies) {
      for (const text of [JSON.stringify(b, null, 2), JSON.stringify(b)]) {
        const { csc: _csc, ...rest } = b;
        assert.deepEqual(JSON.parse(withoutMaskedCsc(redact(text, []))), rest, text);
      }
    }
  });

  it('takes a typed CSC back in its place', () => {
    for (const b of bodies) assert.deepEqual(JSON.parse(withCsc(redact(JSON.stringify(b, null, 2), []), '123')), { ...b, csc: '123' });
  });

  it('works on XML and on a "cvv" field too', () => {
    const xml = redact(`<transaction><amount>12.00</amount><card>${token}</card><csc>999</csc></transaction>`, []);
    assert.ok(hasMaskedCsc(xml));
    assert.equal(withoutMaskedCsc(xml), `<transaction><amount>12.00</amount><card>${token}</card></transaction>`);
    assert.equal(withCsc(xml, '123'), `<transaction><amount>12.00</amount><card>${token}</card><csc>123</csc></transaction>`);
    const cvv = redact('{"card": "x", "cvv": "123"}', []);
    assert.ok(hasMaskedCsc(cvv));
    assert.deepEqual(JSON.parse(withoutMaskedCsc(cvv)), { card: 'x' });
  });
});
