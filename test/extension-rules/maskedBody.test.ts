// Re-running a money request from history: its stored body is masked, and the card comes back
// from the Local sandbox's test cards or from the user (issue 11, item 4).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redact } from '../../src/core/protection/redaction';
import { maskedCardIn, testCardFor, withCard } from '../../src/extension/history/maskedBody';

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
