// What the masker hides is what the input checks accept as a card number: every string
// `checks.luhn` accepts, written with any separators and standing anywhere, comes out of `redact`
// as its last four. And where the identifier exemption (ids that pass Luhn by chance) ends, each
// side pinned by a row.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checks } from '../../src/core/checks/inputChecks';
import { maskAccount, maskPan, redact, redactValue, Redactor } from '../../src/core/protection/redaction';

const PAN = '4111111111111111';
const MASKED = 'XXXXXXXXXXXX1111';

/** `body` with the Luhn check digit appended, computed here and not by the code under test. */
function withCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return body + ((10 - (sum % 10)) % 10);
}

/** Digit strings `checks.luhn` accepts: generated around the accepted lengths, kept only when it says yes. */
const accepted = fc
  .string({ unit: fc.constantFrom(...'0123456789'), minLength: 7, maxLength: 21 })
  .map(withCheckDigit)
  .filter((pan) => checks.luhn(pan) === undefined);

/** The separators people write in a card number, each cut chosen on its own (so mixed forms too). */
const SEPARATORS = [' ', '-', '.'];

/** `pan` cut anywhere, each cut with any one separator: `4111 1111-1111.1111`, `41.11111111111111`, … */
function writtenForms(pan: string): fc.Arbitrary<string> {
  const cuts = fc.array(fc.constantFrom('', ...SEPARATORS), { minLength: pan.length - 1, maxLength: pan.length - 1 });
  const groupsOfFour = fc.constantFrom(...SEPARATORS).map((sep) => pan.match(/.{1,4}/g)!.join(sep));
  return fc.oneof(groupsOfFour, cuts.map((between) => [...pan].map((digit, i) => digit + (between[i] ?? '')).join('')));
}

/** Text beside a card number that no other rule acts on: no digits, no `X`, no field or id syntax (`:`, `=`, `<`, quotes, `-`, `_`). */
const prose = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ,;!?()/.'), maxLength: 24 });

/** Where a card number can stand, each with the text it makes: free text, a JSON string, an XML element and attribute. */
const PLACES: Record<string, (field: string, value: string) => string> = {
  'free text': (_field, value) => value,
  'a JSON string': (field, value) => JSON.stringify({ transaction: { [field]: value, amount: '25.00' } }),
  'an XML element': (field, value) => `<transaction><${field}>${value}</${field}><amount>25.00</amount></transaction>`,
  'an XML attribute': (field, value) => `<payload type="transaction" ${field}="${value}"/>`,
};
const FIELDS = ['description', 'invoice', 'customer-key', 'card', 'note'];

/**
 * Which digits of `input` `output` still shows, in order: redaction replaces a digit by `X` (and
 * drops separators inside what it masks), so the n-th digit-or-X of the output is the n-th digit
 * of the input. Only for inputs with no `X` and no other rule's matter.
 */
function shownDigits(input: string, output: string): boolean[] {
  const outputDigits = output.replace(/[^0-9X]/g, '');
  const inputDigits = input.replace(/\D/g, '');
  assert.equal(outputDigits.length, inputDigits.length, `every digit is kept or replaced by X: ${input} → ${output}`);
  return [...outputDigits].map((c, i) => c === inputDigits[i]);
}

describe('card numbers: one definition for the checks and the masker', () => {
  it('the reported cases: a 12-digit Maestro number, a PAN written with dots', () => {
    assert.equal(checks.luhn('501800000009'), undefined, 'the editor accepts it');
    assert.equal(redact('{"card":"501800000009"}'), '{"card":"XXXXXXXX0009"}');
    assert.equal(redact('paid with 6011.1111.1111.1117 today'), 'paid with XXXXXXXXXXXX1117 today');
    assert.deepEqual(redactValue({ message: 'expected 6011.1111.1111.1117, got XXXXXXXXXXXX1117' }), { message: 'expected XXXXXXXXXXXX1117, got XXXXXXXXXXXX1117' });
    assert.deepEqual(redactValue({ note: 501800000009, count: 99999999999 }), { note: 'XXXXXXXX0009', count: 99999999999 }, 'a 12-digit number is masked, an 11-digit one stays a number');
  });

  it('property: every string checks.luhn accepts, in every separator form, in free text, JSON strings and XML, is masked to its last four', () => {
    const cases = fc.tuple(accepted, fc.constantFrom(...Object.keys(PLACES)), fc.constantFrom(...FIELDS), prose, prose)
      .chain(([pan, place, field, before, after]) => writtenForms(pan).map((written) => ({ pan, written, place, field, before, after })));
    fc.assert(fc.property(cases, ({ pan, written, place, field, before, after }) => {
      const make = PLACES[place]!;
      const text = make(field, before + written + after);
      const expected = make(field, before + maskPan(pan) + after);
      assert.equal(redact(text), expected);
      if (place === 'a JSON string') {
        assert.equal(JSON.stringify(redactValue(JSON.parse(text))), expected);
        assert.equal(JSON.stringify(new Redactor().parsedJsonInPlace(JSON.parse(text), text)), expected);
      }
      if (place === 'free text') assert.equal(new Redactor().reportText(text), expected);
    }), { numRuns: 3000 });
  });

  it('property: digit groups beside a card number, joined by one separator, never leave more than four of its digits shown', () => {
    const group = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 6 });
    const joined = fc.array(fc.tuple(group, fc.constantFrom(...SEPARATORS)), { maxLength: 4 });
    const cases = fc.tuple(accepted, joined, joined)
      .chain(([pan, before, after]) => writtenForms(pan).map((written) => ({ pan, written, before, after })));
    fc.assert(fc.property(cases, ({ pan, written, before, after }) => {
      const head = before.map(([digits, sep]) => digits + sep).join('');
      const tail = after.map(([digits, sep]) => sep + digits).join('');
      const text = `ref ${head}${written}${tail} ok`;
      const out = redact(text);
      const shown = shownDigits(text, out);
      const start = head.replace(/\D/g, '').length;
      const panShown = shown.slice(start, start + pan.length).filter(Boolean).length;
      assert.ok(panShown <= 4, `${panShown} digits of ${pan} shown: ${text} → ${out}`);
    }), { numRuns: 3000 });
  });

  it('digit groups beside a card that make another card number with part of it are masked with it: one last four for all', () => {
    // `713698 5378 0628` passes Luhn too: masked on its own, as the longest card from the left, it would show `0628` and leave `0005`.
    assert.equal(redact('ref 713698 5378 0628 0005 ok'), 'ref XXXXXXXXXXXXXX0005 ok');
    assert.equal(redact('ref 7 24236683046 9 ok'), 'ref XXXXXXXXX0469 ok');
    assert.equal(redact('4111111111111111-5555555555554444'), 'XXXXXXXXXXXX1111-XXXXXXXXXXXX4444', 'two cards side by side keep a last four each');
  });

  it('what is no card number by the definition stays as it is; a card number stands on whole groups, from any group', () => {
    const rows: Array<[string, string, string]> = [
      ['the Luhn checksum fails', '4111111111111112', '4111111111111112'],
      ['11 digits, Luhn-valid', '50180000007', '50180000007'],
      ['20 digits, Luhn-valid', '41111111111111111115', '41111111111111111115'],
      ['a comma is no separator', '4111,1111,1111,1111', '4111,1111,1111,1111'],
      ['a letter is no separator', '4111a1111a1111a1111', '4111a1111a1111a1111'],
      ['two separators in a row end a run', '4111  1111--1111..1111', '4111  1111--1111..1111'],
      ['a Luhn-valid group too short for a card, after a longer one', '9999999 000000000', '9999999 000000000'],
      ['a group beside a card, too long to be one with it', `order 123456 ${PAN}`, `order 123456 ${MASKED}`],
      ['the last three groups are a 12-digit card number', '1234 5678 9012 3456', '1234 XXXXXXXX3456'],
    ];
    for (const [what, text, expected] of rows) assert.equal(redact(text), expected, what);
    assert.equal(maskPan('6011.1111.1111.1117'), 'XXXXXXXXXXXX1117');
    assert.deepEqual(['1234567890', '7890', '12-34 56', '321', '', '12 3'].map(maskAccount), ['XXXXXX7890', '7890', 'XX3456', '321', '', '123'], 'four digits or fewer are their own last four');
  });

  it('a UUID (an order id) stays whole although its dashed digit groups make a Luhn-valid run of card length; a card beside one is masked', () => {
    for (const uuid of ['12345678-1236-4abc-8def-0123456789ab', 'df4b1234-5678-4123-8abc-def012345678']) {
      assert.equal(redact(uuid), uuid);
      assert.equal(redact(`{"order-id":"${uuid}"}`), `{"order-id":"${uuid}"}`);
      assert.equal(redact(`<order-id>${uuid}</order-id>`), `<order-id>${uuid}</order-id>`);
      assert.equal(redact(`order ${uuid} card ${PAN}`), `order ${uuid} card ${MASKED}`);
    }
    assert.equal(redact('12345678-1236-4abc-8def'), 'XXXXXXXX1236-4abc-8def', 'no UUID: the same digits are a card number');
  });

  it('a long key, signature or token word keeps a Luhn-valid digit run inside it; a short word or a card beside one is masked', () => {
    // The run 760960123015989 passes Luhn: it was found masked inside a real HPP key the sandbox served.
    const hpp = `307a301406072a8648ce3d020106092b240303020801010c036200045c52e3a880cc7505daadc072a575fa6edc2d39be1a1f80dbe9e60603f36dc4dc2373144760e687c3d342859be59a0eb20f134a529e547d5d141d4cc80f760960123015989d3f59547753be71fb515ed5614053049d84ffb3dcc21f621267c650`;
    assert.ok(checks.luhn('760960123015989') === undefined, 'the run inside is a card number on its own');
    const rows: Array<[string, string, string]> = [
      ['an HPP key in JSON', `{"hpp-public-key":"${hpp}"}`, `{"hpp-public-key":"${hpp}"}`],
      ['an HPP key in XML', `<hpp-public-key>${hpp}</hpp-public-key>`, `<hpp-public-key>${hpp}</hpp-public-key>`],
      ['a JWT part', `eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ${PAN}abcdefghijklmnopqrstuv.sig`, `eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ${PAN}abcdefghijklmnopqrstuv.sig`],
      ['a short word', `PAN${PAN}`, `PAN${MASKED}`],
      ['a short word after', `${PAN}x`, `${MASKED}x`],
      ['the card beside a key', `${hpp} ${PAN}`, `${hpp} ${MASKED}`],
      ['a card in spaced groups glued to a long word', `${'a'.repeat(40)}4111 1111 1111 1111`, `${'a'.repeat(40)}${MASKED}`],
      ['a word of exactly 40 characters', `${'a'.repeat(24)}${PAN}`, `${'a'.repeat(24)}${PAN}`],
      ['a word of 39 characters that starts the text', `${'a'.repeat(23)}${PAN}`, `${'a'.repeat(23)}${MASKED}`],
      ['a word of 39 characters after a space', `x ${'a'.repeat(23)}${PAN}`, `x ${'a'.repeat(23)}${MASKED}`],
      ['glued to letters before it only, in JSON', `{"k":"${'a'.repeat(40)}${PAN}"}`, `{"k":"${'a'.repeat(40)}${PAN}"}`],
      ['glued to letters after it only', `${PAN}${'a'.repeat(40)}`, `${PAN}${'a'.repeat(40)}`],
      ['in a long word but glued to no letter (the text starts with it)', `${PAN}${'_'.repeat(31)}`, `${MASKED}${'_'.repeat(31)}`],
      ['in a long word but glued to no letter (the text ends with it)', `${'_'.repeat(31)}${PAN}`, `${'_'.repeat(31)}${MASKED}`],
      ['a short word after a long one and a space', `${'x'.repeat(40)} PAN${PAN}`, `${'x'.repeat(40)} PAN${MASKED}`],
    ];
    for (const [what, text, want] of rows) assert.equal(redact(text), want, what);
  });

  it('a UUID joined to a word by a dash (order-..., txn-...) stays whole too; hex digits around it make it no UUID', () => {
    const uuid = '12345678-1236-4abc-8def-0123456789ab';
    const rows: Array<[string, string, string]> = [
      ['a word and a dash before it', `order-${uuid}`, `order-${uuid}`],
      ['in a JSON id field', `{"order-id":"txn-${uuid}"}`, `{"order-id":"txn-${uuid}"}`],
      ['a dash and digits after it', `${uuid}-01`, `${uuid}-01`],
      ['in capitals', `order-${uuid.toUpperCase()}`, `order-${uuid.toUpperCase()}`],
      ['a hex word before it (ff is hex, the dash still ends it)', `ff-${uuid}`, `ff-${uuid}`],
      ['a ninth hex digit in the first group', `a${uuid}`, `aXXXXXXXX1236-4abc-8def-0123456789ab`],
      ['a thirteenth hex digit in the last group', `${uuid}c`, `XXXXXXXX1236-4abc-8def-0123456789abc`],
      ['a card after a UUID joined by a dash', `${uuid}-${PAN}`, `${uuid}-${MASKED}`],
    ];
    for (const [what, text, expected] of rows) assert.equal(redact(text), expected, what);
  });

  it('checks.luhn tells a card number written with separators to drop them, from the same definition', () => {
    assert.match(checks.luhn('4111 1111 1111 1111') ?? '', /^not a valid card number: write its 16 digits without spaces, dashes or dots$/);
    assert.match(checks.luhn('6011.1111.1111.1117') ?? '', /write its 16 digits without/);
    assert.match(checks.luhn('41111111111') ?? '', /^not a valid card number: use 12 to 19 digits/);
    assert.match(checks.luhn('41111111111111111111') ?? '', /^not a valid card number: use 12 to 19 digits/);
    assert.match(checks.luhn('4111  1111 1111 1111') ?? '', /^not a valid card number: use 12 to 19 digits/, 'two separators in a row are no written card number');
    assert.match(checks.luhn('4111,1111,1111,1111') ?? '', /^not a valid card number: use 12 to 19 digits/);
  });
});

/**
 * The identifier exemption: digits right after an id field's name (or inside an exchange id) are
 * the id's, even when they pass Luhn; digits joined to them by dashes are too. Anything else is
 * text again. Each row: the text, and what redact makes of it.
 */
const EXEMPTION_ROWS: ReadonlyArray<[string, string, string]> = [
  // What is exempt.
  ['an id field\'s value, Luhn-valid by chance', `trace-number=${PAN}`, `trace-number=${PAN}`],
  ['digits joined to the id by a dash are the id\'s', `trace-number=123456-${PAN}`, `trace-number=123456-${PAN}`],
  ['a JSON id field', `{"token-id":"${PAN}"}`, `{"token-id":"${PAN}"}`],
  ['a JSON id field with spaces around the colon', `{"merchant-legacy-token-id" : "${PAN}"}`, `{"merchant-legacy-token-id" : "${PAN}"}`],
  ['a JSON id field as a number', `{"merchantNumber":${PAN}}`, `{"merchantNumber":${PAN}}`],
  ['an XML id element', `<terminal-id>${PAN}</terminal-id>`, `<terminal-id>${PAN}</terminal-id>`],
  ['a header-like id', `merchant-id: ${PAN}`, `merchant-id: ${PAN}`],
  ['a query id', `/x?a=1&token-id=${PAN}&b=2`, `/x?a=1&token-id=${PAN}&b=2`],
  ['an id name in capitals', `TOKEN-ID=${PAN}`, `TOKEN-ID=${PAN}`],
  ['an exchange id\'s 16-digit part, adjacent to its host part', `ID-clearent-cgw-1-${PAN}`, `ID-clearent-cgw-1-${PAN}`],
  ['an exchange id in any case', `id-clearent-cgw-1-${PAN}-0-1228863`, `id-clearent-cgw-1-${PAN}-0-1228863`],
  // Where it ends: each the near side of a row above.
  ['a space ends the id', `trace-number=123456 ${PAN}`, `trace-number=123456 ${MASKED}`],
  ['a dot ends the id', `trace-number=123456.${PAN}`, `trace-number=123456.${MASKED}`],
  ['an id, then a card after a space', `trace-number=${PAN} ${PAN}`, `trace-number=${PAN} ${MASKED}`],
  ['a card after a space in a JSON id field', `{"trace-number":"123456 ${PAN}"}`, `{"trace-number":"123456 ${MASKED}"}`],
  ['text between the id name and the digits', `trace-number=x ${PAN}`, `trace-number=x ${MASKED}`],
  ['a longer name is not the id name', `trace-numbers=${PAN}`, `trace-numbers=${MASKED}`],
  ['an id name inside a longer word', `mytoken-id=${PAN}`, `mytoken-id=${MASKED}`],
  ['an order number is no id', `{"order-number":"${PAN}"}`, `{"order-number":"${MASKED}"}`],
  ['an invoice is no id', `invoice=${PAN}`, `invoice=${MASKED}`],
  ['"ID-" right before the digits is no exchange id', `ID-${PAN}`, `ID-${MASKED}`],
  ['"ID" inside a word is no exchange id', `PAID-x-${PAN}`, `PAID-x-${MASKED}`],
  ['a card after an exchange id and a space', `ID-clearent-cgw-1-1650386640436-0-1228863 ${PAN}`, `ID-clearent-cgw-1-1650386640436-0-1228863 ${MASKED}`],
  ['an exchange id earlier in the text', `ID-clearent-cgw-1 paid ${PAN}`, `ID-clearent-cgw-1 paid ${MASKED}`],
  ['text before the digits in a JSON id field', `{"trace-number":"TN ${PAN}"}`, `{"trace-number":"TN ${MASKED}"}`],
  ['a 12-digit card after an id and a space', `trace-number=123456 501800000009`, `trace-number=123456 XXXXXXXX0009`],
];

describe('the identifier exemption, both sides of each boundary', () => {
  for (const [what, text, expected] of EXEMPTION_ROWS) {
    it(`${what}: ${text}`, () => {
      assert.equal(redact(text), expected);
      // A JSON text and its parsed tree are redacted alike.
      if (text.startsWith('{')) {
        assert.equal(JSON.stringify(redactValue(JSON.parse(text))), expected.replace(/ : /, ':'));
        assert.equal(JSON.stringify(new Redactor().parsedJsonInPlace(JSON.parse(text), text)), expected.replace(/ : /, ':'));
      }
    });
  }
});
