// Parsed bodies: every kind of leaf a JSON or XML parser makes (and a few more), redacted as a
// copy (`redactValue`) or in place (`parsedJsonInPlace`, on a tree the caller owns), and JSON
// that was already redacted as text. Rows of value in and value out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { redact, redactValue, Redactor } from '../../src/core/protection/redaction';

const PAN = '4111111111111111';
const MASKED = 'XXXXXXXXXXXX1111';

describe('redaction: parsed bodies', () => {
  it('leaves of every type: card numbers masked in strings, numbers and bigints, the rest kept as it is', () => {
    const buffer = Buffer.from(PAN);
    const tree = {
      text: `paid ${PAN}`,
      number: 4111111111111111,
      negative: -501800000009,
      bigint: 4111111111111111n,
      smallBigint: 200n,
      eleven: 99999999999,
      amount: 25.5,
      yes: true,
      none: null,
      missing: undefined,
      buffer,
      list: [PAN, 12, [PAN, null]],
    };
    const before = structuredClone(tree);
    const out = redactValue(tree);
    assert.deepEqual(out, {
      text: `paid ${MASKED}`,
      number: MASKED,
      negative: '-XXXXXXXX0009',
      bigint: MASKED,
      smallBigint: 200n,
      eleven: 99999999999,
      amount: 25.5,
      yes: true,
      none: null,
      missing: undefined,
      buffer,
      list: [MASKED, 12, [MASKED, null]],
    });
    assert.ok(Buffer.isBuffer(out.buffer), 'a Buffer stays a Buffer, not a copy of its bytes as an object');
    // (structuredClone makes a Uint8Array of a Buffer: that leaf is compared by the line above.)
    assert.deepEqual({ ...tree, buffer: null }, { ...before, buffer: null }, 'the input is left as it was, nested arrays too');
  });

  it('an id key keeps its value whatever its type; a rule key hides it whatever its type', () => {
    assert.deepEqual(redactValue({ 'token-id': 4111111111111111n, 'merchant-id': [PAN, 4111111111111111] }), { 'token-id': 4111111111111111n, 'merchant-id': [PAN, 4111111111111111] });
    assert.deepEqual(redactValue({ cvv: 737n, 'account-number': 9876543210n }), { cvv: '***', 'account-number': 'XXXXXX3210' });
  });

  it('a root that is a leaf', () => {
    assert.equal(redactValue(PAN), MASKED);
    assert.equal(redactValue(4111111111111111), MASKED);
    assert.equal(redactValue(null), null);
    const source = JSON.stringify(PAN);
    assert.equal(new Redactor().parsedJsonInPlace(JSON.parse(source), source), MASKED);
  });

  it('in place: the same objects and arrays come back, the leaves that needed it replaced and no other', () => {
    const source = JSON.stringify({ rows: [{ card: PAN, id: '100001', csc: '737' }, { card: 'XXXXXXXXXXXX4444', id: '100002' }], count: 2, note: 'csc: 737' });
    const tree = JSON.parse(source) as { rows: Array<Record<string, string>>; count: number; note: string };
    const rows = tree.rows;
    const second = rows[1];
    const out = new Redactor().parsedJsonInPlace(tree, source);
    assert.equal(out, tree);
    assert.equal(tree.rows, rows);
    assert.equal(rows[1], second);
    assert.deepEqual(tree, { rows: [{ card: MASKED, id: '100001', csc: '***' }, { card: 'XXXXXXXXXXXX4444', id: '100002' }], count: 2, note: 'csc: ***' });
    assert.deepEqual(Object.keys(rows[0]), ['card', 'id', 'csc'], 'keys keep their order');
  });

  it('a source with only card numbers to look for: a 12-digit card in a string is masked, an 11-digit one kept, key rules still apply', () => {
    const rows: Array<[string, unknown]> = [
      ['{"a":"501800000009"}', { a: 'XXXXXXXX0009' }],
      ['{"a":"50180000007","b":"ok"}', { a: '50180000007', b: 'ok' }],
      ['{"a":[501800000009,7]}', { a: ['XXXXXXXX0009', 7] }],
    ];
    for (const [source, expected] of rows) assert.deepEqual(new Redactor().parsedJsonInPlace(JSON.parse(source), source), expected, source);
  });

  it('JSON already redacted as text: what the text rules could not see is still hidden in its tree', () => {
    for (const redactor of [new Redactor(), new Redactor(['Zq9-environment-key'])]) redactedRows(redactor);
  });

  function redactedRows(redactor: Redactor): void {
    const rows: Array<[string, unknown]> = [
      // A string in an array under a rule key: no text rule reads a value that is not a string or a number.
      ['{"csc":["737"]}', { csc: ['***'] }],
      ['{"api-key":["Zq9-other-key"]}', { 'api-key': ['[REDACTED]'] }],
      // A number that is a card number only as a value.
      ['{"n":4111117e9}', { n: 'XXXXXXXXXXXX0000' }],
      ['{"status":"ok","count":3}', { status: 'ok', count: 3 }],
      // An escape the text rules read as written: a digit in the tree.
      ['{"note":"\\u0034111111111111111"}', { note: MASKED }],
    ];
    for (const [body, expected] of rows) {
      const shown = redactor.text(body);
      const tree: unknown = JSON.parse(shown);
      const out = redactor.redactedJsonInPlace(tree, shown);
      assert.deepEqual(out, expected, body);
      assert.equal(out, tree, 'the same tree comes back');
    }
  }

  it('a body\'s own "__proto__" field comes back as the same kind of property JSON.parse makes: enumerable, writable, deletable', () => {
    const source = '{"__proto__":"4111111111111111","a":1}';
    const made = Object.getOwnPropertyDescriptor(JSON.parse(source), '__proto__');
    assert.deepEqual(made, { value: PAN, enumerable: true, writable: true, configurable: true });
    for (const out of [redactValue(JSON.parse(source)), new Redactor().parsedJsonInPlace(JSON.parse(source), source)] as object[]) {
      assert.deepEqual(Object.getOwnPropertyDescriptor(out, '__proto__'), { ...made, value: MASKED });
      assert.equal(Object.getPrototypeOf(out), Object.prototype);
    }
  });

  it('text and value give the same for a JSON body', () => {
    const body = { card: PAN, csc: '737', note: `sk_live_abcdef ${PAN}`, 'token-id': PAN };
    assert.deepEqual(JSON.parse(redact(JSON.stringify(body))), redactValue(body));
  });
});
