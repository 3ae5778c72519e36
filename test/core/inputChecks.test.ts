import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { CheckName } from '../../src/catalog/types';
import { abaValid, cardBrand, checks, isAmount, LuhnSum, luhnValid } from '../../src/core/checks/inputChecks';

const CASES: Record<CheckName, { good: string[]; bad: string[] }> = {
  luhn: {
    good: ['4111111111111111', '4012000098765439', '378282246310005', '6011111111111117', '501800000009', '6759649826438453', '4111111111111111110'],
    bad: ['4111111111111112', '4111 1111 1111 1111', '6011.1111.1111.1117', '41111', '50180000009', '41111111111111111113', 'abcd', ''],
  },
  aba: { good: ['081009813', '063100277', '011000015'], bad: ['081009814', '12345678', '0810098130', 'A81009813', 'x081009813', '081009813x'] },
  amount: { good: ['25.00', '0.49', '1000.10'], bad: ['25', '25.0', '25.000', '-1.00', '0.00', '01.00', '1,000.00', ''] },
  expDate: { good: ['1228', '0127'], bad: ['1328', '0027', '12/28', '122', '12288', 'x1228'] },
  time: { good: ['00:00', '21:30', '23:59'], bad: ['24:00', '9:30', '12:60', '1230', 'x21:30', '21:30x'] },
  // Year 0050 is no year of a payment: Date.UTC reads 0-99 as 1900-1999, so the calendar check refuses it.
  date: { good: ['2025-01-31', '2024-02-29', '2025-12-31'], bad: ['2025-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '2025-01-00', '2025-1-01', '31-01-2025', 'x2025-01-31', '2025-01-31x', '0050-01-01'] },
  secCode: { good: ['PPD', 'CCD', 'WEB', 'TEL'], bad: ['ppd', 'ARC', ''] },
  csc: { good: ['999', '1234'], bad: ['99', '12345', '12a'] },
  accountNumber: { good: ['1', '1234567890', '12345678901234567'], bad: ['', '123456789012345678', '12-34'] },
  email: { good: ['dev@example.com', 'a.b+c@mail.example.org'], bad: ['dev@', '@example.com', 'dev example.com', 'dev@example', 'dev example@mail.example.com', 'dev@example.com and more'] },
  url: {
    good: ['https://shop.example.com/pay', 'http://127.0.0.1:8080/x', 'http://127.10.200.30/x', 'http://localhost/cb', 'http://[::1]:3000/cb'],
    // Plain http only to this machine: not to a host whose name starts or ends like one, and no other protocol even there.
    bad: ['http://shop.example.com', 'ftp://x.example', 'not a url', 'http://localhost.evil.example/cb', 'http://evil-localhost/cb', 'http://127.0.0.1.evil.example/cb', 'ftp://localhost/x', 'ws://127.0.0.1/x'],
  },
  year: { good: ['2025', '1999'], bad: ['25', '3025', '20255', 'x2025'] },
  month: { good: ['01', '12'], bad: ['1', '13', '00', '001', '011'] },
  digits: { good: ['0', '0042'], bad: ['', '4a', '-1'] },
};

/** What each check says about a value, where the reason differs by what is wrong. */
const MESSAGES: ReadonlyArray<[CheckName, string, RegExp]> = [
  ['luhn', '4111 1111 1111 1111', /^not a valid card number: write its 16 digits without spaces, dashes or dots$/],
  ['luhn', '41111', /^not a valid card number: use 12 to 19 digits with no spaces, dashes or dots$/],
  ['luhn', '4111111111111112', /^not a valid card number: the Luhn checksum fails/],
  ['aba', '0810098130', /^not a valid routing number: use exactly 9 digits$/],
  ['aba', 'x081009813', /^not a valid routing number: use exactly 9 digits$/],
  ['aba', '081009813x', /^not a valid routing number: use exactly 9 digits$/],
  ['aba', '081009814', /^not a valid routing number: the ABA checksum \(3-7-1\) fails/],
  ['date', '2025-02-29', /^not a valid date: 2025-02-29 does not exist in the calendar$/],
  ['date', '2025-1-01', /^not a valid date: write YYYY-MM-DD/],
  ['date', 'x2025-01-31', /^not a valid date: write YYYY-MM-DD/],
  ['date', '2025-01-31x', /^not a valid date: write YYYY-MM-DD/],
  ['secCode', 'ARC', /^not a valid SEC code: use one of PPD, CCD, WEB, TEL$/],
  ['url', 'not a url', /^not a valid URL: write it like https:\/\/example.com\/path$/],
  ['url', 'ftp://localhost/x', /^not a valid URL: use https \(plain http only for localhost\)$/],
];

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

  for (const [name, value, message] of MESSAGES) {
    it(`${name} says what is wrong with ${JSON.stringify(value)}`, () => assert.match(checks[name](value) ?? '', message));
  }

  it('abaValid takes nine digits and nothing else, whatever the checksum of the characters says', () => {
    // Each bad row passes the 3-7-1 checksum if its characters are read as digits (D and : are 20 and 10 past "0").
    const rows: Array<[string, boolean]> = [['081009813', true], ['000000000', true], ['D81009813', false], [':81009813', false], ['081009813x', false], ['0810098130', false], ['D000000000', false]];
    for (const [routing, valid] of rows) assert.equal(abaValid(routing), valid, routing);
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

  it('property: LuhnSum answers for the digits so far after each digit, at any length, and starts again on reset', () => {
    const byHand = (digits: string): boolean =>
      [...digits].reverse().reduce((sum, d, i) => sum + (i % 2 === 1 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(d)] : Number(d)), 0) % 10 === 0;
    const sum = new LuhnSum();
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 24 }), (digits) => {
      sum.reset();
      for (let i = 0; i < digits.length; i++) {
        sum.add(Number(digits[i]));
        assert.equal(sum.passes(), byHand(digits.slice(0, i + 1)), digits.slice(0, i + 1));
      }
    }), { numRuns: 1000 });
  });

  it('cardBrand recognises brands by prefix, at both ends of each range, and only at the start', () => {
    const brands: Array<[string, string | undefined]> = [
      ['4111111111111111', 'VISA'],
      ['4111 1111 1111 1111', 'VISA'],
      ['4111-1111-1111-1111', 'VISA'],
      ['5105105105105100', 'MASTERCARD'],
      ['5555555555554444', 'MASTERCARD'],
      ['5000000000000009', undefined],
      ['5600000000000003', undefined],
      ['2220999999999990', undefined],
      ['2221000000000009', 'MASTERCARD'],
      ['2223003122003222', 'MASTERCARD'],
      ['2230000000000000', 'MASTERCARD'],
      ['2299000000000000', 'MASTERCARD'],
      ['2300000000000000', 'MASTERCARD'],
      ['2699000000000000', 'MASTERCARD'],
      ['2700000000000000', 'MASTERCARD'],
      ['2719000000000000', 'MASTERCARD'],
      ['2720999999999999', 'MASTERCARD'],
      ['2721000000000000', undefined],
      ['2800000000000000', undefined],
      ['378282246310005', 'AMERICAN EXPRESS'],
      ['341111111111111', 'AMERICAN EXPRESS'],
      ['30569309025904', 'DINERS CLUB'],
      ['36148900647913', 'DINERS CLUB'],
      ['30600000000000', undefined],
      ['3527000000000000', undefined],
      ['3528000000000000', 'JCB'],
      ['3530111333300000', 'JCB'],
      ['3589000000000000', 'JCB'],
      ['3590000000000000', undefined],
      ['6011111111111117', 'DISCOVER'],
      ['6500000000000002', 'DISCOVER'],
      ['6430000000000000', undefined],
      ['6440000000000000', 'DISCOVER'],
      ['6490000000000000', 'DISCOVER'],
      ['6221250000000000', undefined],
      ['6221260000000000', 'DISCOVER'],
      ['6221300000000000', 'DISCOVER'],
      ['6221990000000000', 'DISCOVER'],
      ['6222000000000000', 'DISCOVER'],
      ['6228990000000000', 'DISCOVER'],
      ['6229000000000000', 'DISCOVER'],
      ['6229190000000000', 'DISCOVER'],
      ['6229200000000000', 'DISCOVER'],
      ['6229250000000000', 'DISCOVER'],
      ['6229260000000000', undefined],
      ['1100005607145041111', undefined],
      // A brand's prefix later in the number says nothing.
      ['1341111111111111', undefined],
      ['1352811111111111', undefined],
      ['1555555555554444', undefined],
      ['1222100000000000', undefined],
      ['1601111111111111', undefined],
      ['1622126000000000', undefined],
      ['1644000000000000', undefined],
      ['9650000000000000', undefined],
    ];
    for (const [pan, brand] of brands) assert.equal(cardBrand(pan), brand, pan);
  });
});
