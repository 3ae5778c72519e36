// The streamed json report's writer (src/cli/run/prettyJson.ts) writes what JSON.stringify(value,
// null, 2) writes, byte for byte, shifted by a margin: escapes, non-ASCII and lone surrogates,
// numbers JSON cannot hold, values it leaves out, empty and nested containers, key order,
// toJSON and class instances.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { prettyJson } from '../../src/cli/run/prettyJson';

const shifted = (value: unknown, margin: string): string => (JSON.stringify(value, null, 2) ?? 'null').replace(/\n/g, `\n${margin}`);

class Point {
  constructor(readonly x: number, readonly y: number) {}
}

const VALUES: object[] = [
  {},
  [],
  { index: 3, line: 15, label: 'sale "1" <b> & “ünïcode” \n\t\u0000\u001f \ud800 \u2028', name: undefined, state: 'passed', status: 200, timeMs: 39.8 },
  { expectations: [], notes: ['a', 'b\nc'], nested: { empty: {}, list: [[], [{}], [1, [2, [3]]]] } },
  { numbers: [0, -0, 1e21, 1.5e-7, -12.25, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER], flags: [true, false, null] },
  { skipped: undefined, fn: () => 1, sym: Symbol('s'), kept: 1, inArray: [undefined, () => 1, Symbol('t')] },
  { 2: 'two', b: 'b', 1: 'one', a: 'a', '': 'empty key', 'quote"key': 'q' },
  { date: new Date(0), point: new Point(1, 2), withToJson: { toJSON: () => ({ shown: true }) }, gone: { toJSON: () => undefined } },
  Object.assign(Object.create(null) as object, { bare: 'prototype-less' }),
  [{ text: 'status 200', pass: true, actual: '200', message: 'passed: status 200 (status was "200")' }],
];

describe('prettyJson', () => {
  for (const margin of ['', '        ']) {
    it(`writes what JSON.stringify(value, null, 2) writes${margin ? ', shifted by a margin' : ''}`, () => {
      for (const value of VALUES) assert.equal(prettyJson(value, margin), shifted(value, margin), JSON.stringify(value));
    });
  }

  it('an element JSON.stringify would leave out is written as null, as in an array', () => {
    assert.equal(prettyJson({ toJSON: () => undefined }), 'null');
    assert.equal(JSON.stringify([{ toJSON: () => undefined }]), '[null]');
  });
});
