// The values of system variables (`{{$guid}}`, `{{$randomInt 1000 10000}}`, `{{$datetime
// "MM-DD-YYYY" -7 d}}`: requestFile/systemVariables.ts reads their syntax), made at each use when
// a request is sent. Dates take Day.js's tokens and units, as REST Client's do (dateFormat.ts), so
// a format or an offset written for REST Client means the same here; random values come from
// node:crypto.
import { randomInt, randomUUID } from 'node:crypto';
import { addOffset, formatDate } from './dateFormat';
import { parseSystemVariable, type SystemCall } from './systemVariables';

function valueOf(call: SystemCall, now: Date): string | undefined {
  switch (call.name) {
    case '$guid':
    case '$uuid':
      return randomUUID();
    case '$randomInt':
      return String(randomInt(call.min, call.max));
    case '$timestamp':
      return String(Math.floor(addOffset(now, call.offset, 'local').getTime() / 1000));
    case '$datetime': {
      const at = addOffset(now, call.offset, 'utc');
      if (call.format === 'rfc1123') return at.toUTCString();
      return call.format === 'iso8601' ? at.toISOString() : formatDate(at, call.format, 'utc');
    }
    case '$localDatetime': {
      const at = addOffset(now, call.offset, 'local');
      if (call.format === 'rfc1123') return formatDate(at, 'ddd, DD MMM YYYY HH:mm:ss ZZ', 'local');
      return formatDate(at, call.format === 'iso8601' ? 'YYYY-MM-DDTHH:mm:ssZ' : call.format, 'local');
    }
    case '$processEnv':
    case '$dotenv':
      // Read from outside the file, by a run that knows where (runner/outsideValues.ts); never made here.
      return undefined;
  }
}

/** The value of system variable `inside` (`$randomInt 1 100`) at `now`; undefined when it is written wrong (parseSystemVariable says why), or is read from outside the file. */
export function systemVariableValue(inside: string, now = new Date()): string | undefined {
  const parsed = parseSystemVariable(inside);
  return parsed.ok ? valueOf(parsed.call, now) : undefined;
}
