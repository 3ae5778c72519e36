// System variables (`{{$guid}}`, `{{$randomInt min max}}`, `{{$timestamp}}`, `{{$datetime}}`,
// `{{$localDatetime}}`), REST Client's syntax: how they are read, what they make, and dates held to
// Day.js's output (REST Client's date library, here only as the test's reference: the product's
// own formatter is src/core/requestFile/dateFormat.ts, so the activation bundle carries no third-party code).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { parseSystemVariable } from '../../src/core/requestFile';
import { addOffset, formatDate } from '../../src/core/requestFile/dateFormat';
import { systemVariableValue } from '../../src/core/requestFile/systemVariableValues';
import { createVariableResolver } from '../../src/core/runner';

dayjs.extend(utc);

const NOW = new Date('2026-01-31T23:45:06.789Z');
/** Local time in zones with daylight saving, half-hour offsets and a date line: Node reads TZ again when it is set. */
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Kiritimati'];
function inEachZone(check: (zone: string) => void): void {
  const before = process.env.TZ;
  try {
    for (const zone of ZONES) {
      process.env.TZ = zone;
      check(zone);
    }
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('system variables: reading them', () => {
  it('reads each with what follows its name, quotes kept whole', () => {
    assert.deepEqual(parseSystemVariable('$guid'), { ok: true, call: { name: '$guid' } });
    assert.deepEqual(parseSystemVariable('$randomInt 10 20'), { ok: true, call: { name: '$randomInt', min: 10, max: 20 } });
    assert.deepEqual(parseSystemVariable('$randomInt'), { ok: true, call: { name: '$randomInt', min: 0, max: 1000 } });
    assert.deepEqual(parseSystemVariable('$timestamp -1 d'), { ok: true, call: { name: '$timestamp', offset: { amount: -1, unit: 'd' } } });
    assert.deepEqual(parseSystemVariable('$datetime "MM-DD-YYYY hh:mm A" +2 h'), { ok: true, call: { name: '$datetime', format: 'MM-DD-YYYY hh:mm A', offset: { amount: 2, unit: 'h' } } });
    assert.deepEqual(parseSystemVariable("$localDatetime 'YYYY'"), { ok: true, call: { name: '$localDatetime', format: 'YYYY' } });
    assert.deepEqual(parseSystemVariable('$datetime'), { ok: true, call: { name: '$datetime', format: 'iso8601' } });
  });

  it('says what is wrong, with the form to write', () => {
    const says = (inside: string) => { const p = parseSystemVariable(inside); return p.ok ? '' : p.message; };
    assert.match(says('$gui'), /^\{\{\$gui\}\} is no system variable: use \{\{\$guid\}\}, \{\{\$uuid\}\}, \{\{\$randomInt min max\}\}/);
    assert.match(says('$randomInt 5'), /write two whole numbers, \{\{\$randomInt min max\}\}/);
    assert.match(says('$randomInt 9 9'), /min must be less than max/);
    assert.match(says('$randomInt 1.5 3'), /two whole numbers/);
    assert.match(says('$timestamp -1'), /write nothing, or an offset and its unit/);
    assert.match(says('$timestamp -1 days'), /"days" is no offset unit: use one of y M w d h m s ms/);
    assert.match(says('$datetime rfc'), /the format is rfc1123, iso8601 or a Day\.js format in quotes/);
    assert.match(says('$datetime "YYYY'), /a quote is not closed/);
    assert.match(says('$guid 1'), /\$guid takes nothing after it/);
    assert.match(says('$shared baseUrl'), /^\{\{\$shared\}\} is REST Client's, not taken here/);
    assert.match(says('$processEnv'), /write one name after \$processEnv: \{\{\$processEnv NAME\}\}, or \{\{\$processEnv %name\}\}/);
    assert.match(says('$dotenv A B'), /write one name after \$dotenv/);
    assert.match(says('$dotenv "A"'), /write one name after \$dotenv/);
  });
});

describe('system variables: their values', () => {
  it('a file variable named with a "$" stays the file\'s: only names it does not define are system variables', () => {
    const resolve = createVariableResolver({ builtins: {}, fileVariables: [{ name: '$total', value: '5.00' }, { name: 'id', value: '{{$guid}}' }], namedResponses: new Map(), systemValue: systemVariableValue });
    assert.equal(resolve('$total'), '5.00');
    assert.match(String(resolve('$guid')), /^[0-9a-f-]{36}$/);
    assert.notEqual(resolve('id'), resolve('id'), 'a file variable holding one makes a new value at each use');
    assert.equal(resolve('$nope'), undefined);
  });

  it('a new random UUID and a number in [min, max) at each use', () => {
    const ids = new Set(Array.from({ length: 50 }, () => systemVariableValue('$guid')));
    assert.equal(ids.size, 50);
    for (const id of ids) assert.match(String(id), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const numbers = Array.from({ length: 400 }, () => Number(systemVariableValue('$randomInt 3 6')));
    assert.deepEqual([...new Set(numbers)].sort(), [3, 4, 5], 'max itself is never given');
    assert.equal(systemVariableValue('$randomInt 5'), undefined);
  });

  it('timestamps and dates at a given moment, offsets moved as Day.js moves them', () => {
    assert.equal(systemVariableValue('$timestamp', NOW), String(Math.floor(NOW.getTime() / 1000)));
    assert.equal(systemVariableValue('$timestamp -1 d', NOW), String(Math.floor(NOW.getTime() / 1000) - 86_400));
    assert.equal(systemVariableValue('$datetime iso8601', NOW), '2026-01-31T23:45:06.789Z');
    assert.equal(systemVariableValue('$datetime rfc1123', NOW), 'Sat, 31 Jan 2026 23:45:06 GMT');
    assert.equal(systemVariableValue('$datetime "YYYY-MM-DD" 1 M', NOW), '2026-02-28', 'Jan 31 + 1 month is the end of February');
    assert.equal(systemVariableValue('$datetime "YYYY-MM-DD HH:mm" -7 d', NOW), '2026-01-24 23:45');
    inEachZone((zone) => {
      assert.equal(systemVariableValue('$localDatetime iso8601', NOW), dayjs(NOW).format(), zone);
      assert.equal(systemVariableValue('$localDatetime rfc1123 -1 d', NOW), dayjs(NOW).add(-1, 'd').format('ddd, DD MMM YYYY HH:mm:ss ZZ'), zone);
      assert.equal(systemVariableValue('$timestamp 1 M', NOW), String(dayjs(NOW).add(1, 'M').unix()), zone);
    });
  });

  it('writes every Day.js token as Day.js does, in UTC and local time, [text] as written', () => {
    const format = 'YY YYYY M MM MMM MMMM D DD d dd ddd dddd H HH h hh a A m mm s ss SSS Z ZZ [at] [YYYY] Do X';
    const moments = ['2026-01-31T23:45:06.789Z', '2024-02-29T00:05:09.001Z', '1999-12-31T12:00:00.000Z', '2026-07-04T11:59:59.999Z'].map((t) => new Date(t));
    inEachZone((zone) => {
      assert.equal(new Date('2026-07-04T11:00:00Z').getTimezoneOffset() === 0, zone === 'UTC', `TZ=${zone} took effect`);
      for (const at of moments) {
        assert.equal(formatDate(at, format, 'utc'), dayjs.utc(at).format(format), `UTC ${at.toISOString()}`);
        assert.equal(formatDate(at, format, 'local'), dayjs(at).format(format), `${zone} ${at.toISOString()}`);
      }
    });
  });

  it('adds every unit as Day.js adds it, in UTC and local time', () => {
    inEachZone((zone) => {
      // The last two straddle daylight-saving changes (New York in March, Lord Howe in October).
      for (const at of [NOW, new Date('2024-02-29T12:00:00Z'), new Date('2026-03-08T06:30:00Z'), new Date('2026-10-03T15:45:00Z')]) {
        for (const unit of ['y', 'M', 'w', 'd', 'h', 'm', 's', 'ms'] as const) {
          for (const amount of [-13, -1, 1, 2, 25]) {
            assert.equal(addOffset(at, { amount, unit }, 'utc').toISOString(), dayjs.utc(at).add(amount, unit).toISOString(), `UTC ${at.toISOString()} ${amount} ${unit}`);
            assert.equal(addOffset(at, { amount, unit }, 'local').toISOString(), dayjs(at).add(amount, unit).toISOString(), `${zone} ${at.toISOString()} ${amount} ${unit}`);
          }
        }
      }
    });
  });
});
