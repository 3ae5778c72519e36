import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { CheckName } from '../../src/catalog/types';
import { abaValid, cardBrand, checks, isAmount, luhnValid } from '../../src/core/inputChecks';

const CASES: Record<CheckName, { good: string[]; bad: string[] }> = {
  luhn: {
    good: ['4111111111111111', '4012000098765439', '378282246310005', '6011111111111117', '501800000009', '6759649826438453', '4111111111111111110'],
    bad: ['4111111111111112', '4111 1111 1111 1111', '6011.1111.1111.1117', '41111', '50180000009', '41111111111111111113', 'abcd', ''],
  },
  aba: { good: ['081009813', '063100277', '011000015'], bad: ['081009814', '12345678', '0810098130', 'A81009813'] },
  amount: { good: ['25.00', '0.49', '1000.10'], bad: ['25', '25.0', '25.000', '-1.00', '0.00', '01.00', '1,000.00', ''] },
  expDate: { good: ['1228', '0127'], bad: ['1328', '0027', '12/28', '122', '12288'] },
  time: { good: ['00:00', '21:30', '23:59'], bad: ['24:00', '9:30', '12:60', '1230'] },
  date: { good: ['2025-01-31', '2024-02-29'], bad: ['2025-02-29', '2025-13-01', '2025-1-01', '31-01-2025'] },
  secCode: { good: ['PPD', 'CCD', 'WEB', 'TEL'], bad: ['ppd', 'ARC', ''] },
  csc: { good: ['999', '1234'], bad: ['99', '12345', '12a'] },
  accountNumber: { good: ['1', '1234567890', '12345678901234567'], bad: ['', '123456789012345678', '12-34'] },
  email: { good: ['dev@example.com', 'a.b+c@mail.example.org'], bad: ['dev@', '@example.com', 'dev example.com', 'dev@example'] },
  url: { good: ['https://shop.example.com/pay', 'http://127.0.0.1:8080/x', 'http://localhost/cb'], bad: ['http://shop.example.com', 'ftp://x.example', 'not a url'] },
  year: { good: ['2025', '1999'], bad: ['25', '3025', '20255'] },
  month: { good: ['01', '12'], bad: ['1', '13', '00'] },
  digits: { good: ['0', '0042'], bad: ['', '4a', '-1'] },
};

describe('inputChecks', () => {
  for (const [name, { good, bad }] of Object.entries(CASES) as [CheckName, { good: string[]; bad: string[] }][]) {
    it(`${name}: accepts good values and explains bad ones`, () => {
      for (const value of good) assert.equal(checks[name](value), undefined, `${name} should accept "${value}"`);
      for (const value of bad) {
        const message = checks[name](value);
        assert.ok(message && message.startsWith('not '), `${name} should reject "${value}" with a message, got ${message}`);
      }
    });
  }

  it('names the Luhn failure and the ABA checksum', () => {
    assert.match(checks.luhn('4111111111111112') ?? '', /Luhn checksum fails/);
    assert.match(checks.aba('081009814') ?? '', /checksum/);
  });

  it('luhnValid, abaValid and isAmount agree with the checks', () => {
    assert.equal(luhnValid('4111111111111111'), true);
    assert.equal(luhnValid('1100005607145041111x'), false);
    assert.equal(abaValid('081009813'), true);
    assert.equal(abaValid('081009812'), false);
    assert.equal(isAmount('0.01'), true);
    assert.equal(isAmount('.50'), false);
  });

  it('property: luhnValid is the Luhn checksum over 12-19 digits, as written out by hand here', () => {
    const byHand = (digits: string): boolean =>
      [...digits].reverse().reduce((sum, d, i) => sum + (i % 2 === 1 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(d)] : Number(d)), 0) % 10 === 0;
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 22 }), (digits) => {
      assert.equal(luhnValid(digits), digits.length >= 12 && digits.length <= 19 && byHand(digits), digits);
    }), { numRuns: 2000 });
  });

  it('cardBrand recognises brands by prefix', () => {
    const brands: Array<[string, string | undefined]> = [
      ['4111111111111111', 'VISA'],
      ['5555555555554444', 'MASTERCARD'],
      ['2223003122003222', 'MASTERCARD'],
      ['378282246310005', 'AMERICAN EXPRESS'],
      ['6011111111111117', 'DISCOVER'],
      ['6500000000000002', 'DISCOVER'],
      ['30569309025904', 'DINERS CLUB'],
      ['3530111333300000', 'JCB'],
      ['1100005607145041111', undefined],
    ];
    for (const [pan, brand] of brands) assert.equal(cardBrand(pan), brand, pan);
  });
});
