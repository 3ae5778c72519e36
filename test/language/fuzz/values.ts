// Plausible and implausible values for the fuzz grammar: field values by check and enum,
// path segments, variable references, and the odd characters editors meet in real files.
import type { CheckName, FieldSpec, ParamSpec } from '../../../src/catalog';
import type { Random } from './random';

export const NASTY_PIECES: readonly string[] = [
  '{{', '}}', '{{ }}', '{{}}', '"', "'", '<', '>', '</', '<!--', ']]>', '&', '&bogus;', '\\', '\r', '\r\n',
  '\t', '\u0000', '\ufeff', '\u200b', '\u2028', '\ud83d\udcb3', '\ud800', '\udc00', 'e\u0301', '###', '# @',
  '@', '=', ':', '//', '%zz', '\u202e', '{{sale1.', '{{$', '[0]',
];

/** Letters, digits and a sprinkle of characters that matter to the parser. */
const JUNK_ALPHABET = 'abcxyzABCXYZ0123456789-_./:{}"<>@#=& \t\u00e9\u4e2d';

export function junk(r: Random, max = 12): string {
  return r.chars(JUNK_ALPHABET, r.int(0, max));
}

export function nasty(r: Random): string {
  return r.pick(NASTY_PIECES);
}

const VALUES_BY_CHECK: Readonly<Record<CheckName, readonly string[]>> = {
  luhn: ['4111111111111111', '4111111111111112', '5555555555554444', '378282246310005', '1100005607145041111', '411111', '4111 1111 1111 1111', '41111111111111111111111', 'abcd', '{{card}}'],
  aba: ['081009813', '021000021', '123456789', '08100981', '0810098130', 'ABCDEFGHI', '000000000'],
  amount: ['25.00', '0.01', '0.21', '0.49', '1000000.00', '25', '25.0', '25.001', '-1.00', '1e3', '', ' 25.00', '{{amount}}'],
  expDate: ['1228', '0130', '1328', '0028', '12/28', '122', '12289', 'MMYY'],
  time: ['15:00', '23:59', '24:00', '9:00', '15:60', 'noon'],
  date: ['2024-02-29', '2023-02-29', '2024-13-01', '2024-1-1', '01/02/2024', '9999-12-31'],
  secCode: ['PPD', 'CCD', 'WEB', 'TEL', 'ppd', 'XYZ', ''],
  csc: ['123', '1234', '12', '12345', 'abc'],
  accountNumber: ['1234567890', '12345601', '1', '123456789012345678', 'ACCT', ''],
  email: ['a@example.com', 'not-an-email', '@', 'a@b', ''],
  url: ['https://example.com/hook', 'http://127.0.0.1:1/', 'not a url', 'ftp://x', ''],
  year: ['2024', '1999', '24', '20245', 'YYYY'],
  month: ['01', '12', '00', '13', '1', 'Jan'],
  digits: ['1', '0123', '4788000000000009', '12a', '', '-1'],
};

/** Key-like literals: the server should flag these as secrets wherever they appear. */
export const KEY_LIKE: readonly string[] = [
  'sk_live_' + 'a1b2c3d4e5f6a7b8c9d0e1f2',
  '0f4e3d2c1b0a99887766554433221100',
  'A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8',
];

export function keyLike(r: Random): string {
  return r.pick(KEY_LIKE);
}

/** A value for a field: usually one it could take, often one it must not. */
export function fieldValue(r: Random, field: Pick<FieldSpec, 'values' | 'check' | 'type'>): unknown {
  const roll = r.next();
  if (roll < 0.05) return r.pick<unknown>([null, 42, -0.5, true, [], {}, [1, 'a'], { x: 1 }]);
  if (roll < 0.1) return junk(r) + (r.chance(0.3) ? nasty(r) : '');
  if (roll < 0.13) return variableRef(r, ['amount', 'card', 'token']);
  if (field.values && field.values.length > 0) {
    if (r.chance(0.8)) return r.pick(field.values);
    return r.pick([r.pick(field.values).toLowerCase(), r.pick(field.values) + 'X', '', 'UNKNOWN']);
  }
  if (field.check) return r.pick(VALUES_BY_CHECK[field.check]);
  if (field.type === 'boolean') return r.pick<unknown>([true, false, 'true', 'yes']);
  if (field.type === 'integer') return r.pick<unknown>([0, 1, 25, -3, '7', 1.5]);
  if (r.chance(0.03)) return keyLike(r);
  return r.pick(['INV-1001', 'GatewayWorkbench', 'Jane', '', 'x'.repeat(r.int(1, 200)), junk(r, 30)]);
}

/** A value for a path or query parameter, or something that is not one. */
export function paramValue(r: Random, param: ParamSpec): string {
  const roll = r.next();
  if (roll < 0.15) return variableRef(r, ['transactionId', 'tokenId', 'id', param.name]);
  if (roll < 0.2) return `{${param.name}}`;
  if (roll < 0.25) return '';
  if (roll < 0.3) return junk(r) + nasty(r);
  if (param.values && param.values.length > 0) return r.pick(param.values);
  if (param.check) return r.pick(VALUES_BY_CHECK[param.check]);
  if (param.type === 'integer') return String(r.int(0, 99999));
  if (param.type === 'boolean') return r.pick(['true', 'false', 'maybe']);
  return r.pick(['100001', '1100005607145041111', 'abc', 'PPD', '2024']);
}

/** `{{name}}` references of every flavour: defined, undefined, chained, malformed. */
export function variableRef(r: Random, names: readonly string[]): string {
  const name = r.chance(0.7) && names.length > 0 ? r.pick(names) : r.pick(['undefinedVar', '$guid', 'a-b', '1bad', '']);
  const path = r.weighted<string>([
    [5, ''],
    [3, '.payload.transaction.id'],
    [1, '.payload.items[0].id'],
    [1, '.code'],
    [1, '..'],
    [1, '.'],
  ]);
  return r.weighted<string>([
    [8, `{{${name}${path}}}`],
    [1, `{{ ${name}${path} }}`],
    [1, `{{${name}${path}`],
    [1, `${name}}}`],
    [1, `{{{${name}}}}`],
  ]);
}
