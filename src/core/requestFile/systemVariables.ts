// System variables, REST Client's `{{$…}}` (also httpYac's `$uuid`): values made when a request
// is sent, not written in the file, or read from outside it (`{{$processEnv NAME}}`, `{{$dotenv
// NAME}}`: runner/outsideValues.ts reads those, and says where they may be sent) — a fresh invoice number per run (`INV-{{$randomInt 1000 9999}}`,
// so the gateway's duplicate check does not refuse a run repeated within its window), a search's
// date range (`{{$datetime "MM-DD-YYYY" -7 d}}`). Each use is a new value. This module reads
// their syntax only (the editor checks it as you type); making their values is
// ../systemVariableValues.ts's, on the send path.

export interface SystemVariableSpec {
  name: string;
  /** What follows the name, as completion and hover show it. */
  args: string;
  doc: string;
}

/** Offset units, as REST Client (Day.js) writes them: years, months, weeks, days, hours, minutes, seconds, milliseconds. */
export const OFFSET_UNITS = ['y', 'M', 'w', 'd', 'h', 'm', 's', 'ms'] as const;
type OffsetUnit = (typeof OFFSET_UNITS)[number];

const DATETIME_ARGS = 'rfc1123|iso8601|"format" [offset unit]';
const OUTSIDE_DOC = 'Treated as a secret: sent only to the environment\'s own gateway and boarding URLs (like its keys), hidden in results, history, traffic, logs and reports (values of 4 characters or more), and never written into generated code.';
const OFFSET_DOC = 'An offset moves it: `-7 d`, `+2 h` (units y M w d h m s ms).';

export const SYSTEM_VARIABLES: readonly SystemVariableSpec[] = [
  { name: '$guid', args: '', doc: 'A new random UUID (v4) at each use.' },
  { name: '$uuid', args: '', doc: 'A new random UUID (v4) at each use: httpYac\'s name for `$guid`.' },
  { name: '$randomInt', args: 'min max', doc: 'A random whole number from `min` up to, not including, `max` (`{{$randomInt 1000 10000}}`); without them, from 0 up to 1000.' },
  { name: '$timestamp', args: '[offset unit]', doc: `Seconds since 1970-01-01 UTC, now. ${OFFSET_DOC}` },
  { name: '$datetime', args: DATETIME_ARGS, doc: `The date and time in UTC: \`rfc1123\` (\`Sun, 29 Nov 2026 08:30:00 GMT\`), \`iso8601\` (the default: \`2026-11-29T08:30:00.000Z\`), or a Day.js format in quotes (\`"MM-DD-YYYY hh:mm A"\`). ${OFFSET_DOC}` },
  { name: '$localDatetime', args: DATETIME_ARGS, doc: `As \`$datetime\`, in the time zone of the machine that sends. ${OFFSET_DOC}` },
  { name: '$processEnv', args: '[%]NAME', doc: `The environment variable NAME of the process that sends: the shell that runs \`gateway-workbench run\`, or the one VS Code was started from. \`%name\` takes the variable's name from the file variable \`name\`. ${OUTSIDE_DOC}` },
  { name: '$dotenv', args: '[%]NAME', doc: `NAME from a \`.env\` file: the one beside the request file first, then the one at the root of its workspace folder (\`gateway-workbench run\`: of the current directory). \`%name\` takes the name from the file variable \`name\`. ${OUTSIDE_DOC}` },
];

/** The system variables whose values come from outside the file: the process's environment and `.env` files. */
export const OUTSIDE_VARIABLES = ['$processEnv', '$dotenv'] as const;

const SPECS = new Map(SYSTEM_VARIABLES.map((spec) => [spec.name, spec]));

/**
 * REST Client's other `$` variables, and why they are not here: a file moved over from it then
 * says what to write instead rather than only "no such variable".
 */
const NOT_OFFERED: Readonly<Record<string, string>> = {
  $shared: 'environments here are the Gateway view\'s (gatewayUrl, boardingUrl, merchantId): write other values as "@name = value"',
  $aadToken: 'the gateway takes its own keys, not Azure AD tokens',
  $aadV2Token: 'the gateway takes its own keys, not Azure AD tokens',
};

export type SystemCall =
  | { name: '$guid' | '$uuid' }
  | { name: '$randomInt'; min: number; max: number }
  | { name: '$timestamp'; offset?: Offset }
  | { name: '$datetime' | '$localDatetime'; format: string; offset?: Offset }
  /** `variable`: the name written; `indirect` (`%name`): the file variable that holds the name. */
  | { name: '$processEnv' | '$dotenv'; variable: string; indirect: boolean };

export interface Offset { amount: number; unit: OffsetUnit }

export type ParsedSystemVariable = { ok: true; call: SystemCall } | { ok: false; message: string };

/** The words after the name: whitespace apart, a quoted one ("…" or '…') whole, its quotes kept; undefined when a quote is not closed. */
function words(text: string): string[] | undefined {
  const out: string[] = [];
  const word = /\s*("[^"]*"|'[^']*'|[^\s"']+)/y;
  let end = 0;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    out.push(m[1]);
    end = word.lastIndex;
  }
  return text.slice(end).trim() === '' ? out : undefined;
}

const WHOLE = /^[+-]?\d+$/;

function offsetOf(amount: string | undefined, unit: string | undefined, usage: string): Offset | string | undefined {
  if (amount === undefined) return undefined;
  if (!WHOLE.test(amount) || unit === undefined) return `an offset is a whole number and a unit: ${usage}`;
  if (!(OFFSET_UNITS as readonly string[]).includes(unit)) return `"${unit}" is no offset unit: use one of ${OFFSET_UNITS.join(' ')} (${usage})`;
  return { amount: Number(amount), unit: unit as OffsetUnit };
}

/** `{{$name args}}`'s inside (`$randomInt 1 100`), read: what it asks for, or why it cannot be made. */
export function parseSystemVariable(inside: string): ParsedSystemVariable {
  const text = inside.trim();
  const name = /^\$\w+/.exec(text)?.[0] ?? text;
  const spec = SPECS.get(name);
  if (!spec && NOT_OFFERED[name]) return { ok: false, message: `{{${name}}} is REST Client's, not taken here: ${NOT_OFFERED[name]}` };
  if (!spec) return { ok: false, message: `{{${name}}} is no system variable: use ${SYSTEM_VARIABLES.map((s) => `{{${s.name}${s.args ? ` ${s.args}` : ''}}}`).join(', ')}` };
  const usage = `{{${spec.name}${spec.args ? ` ${spec.args}` : ''}}}`;
  const args = words(text.slice(name.length));
  if (!args) return { ok: false, message: `${usage}: a quote is not closed` };
  const wrong = (why: string): ParsedSystemVariable => ({ ok: false, message: `{{${text}}}: ${why}` });
  switch (spec.name) {
    case '$guid':
    case '$uuid':
      return args.length === 0 ? { ok: true, call: { name: spec.name } } : wrong(`${spec.name} takes nothing after it`);
    case '$randomInt': {
      if (args.length === 0) return { ok: true, call: { name: '$randomInt', min: 0, max: 1000 } };
      const [min, max] = args.map(Number);
      if (args.length !== 2 || !args.every((a) => WHOLE.test(a))) return wrong(`write two whole numbers, ${usage}`);
      if (!(min < max)) return wrong(`min must be less than max (max itself is never given)`);
      if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max - min > 2 ** 48 - 1) return wrong('the range is too large: at most 2^48 numbers');
      return { ok: true, call: { name: '$randomInt', min, max } };
    }
    case '$processEnv':
    case '$dotenv': {
      const written = args.length === 1 ? /^(%?)([A-Za-z_][\w.-]*)$/.exec(args[0]) : null;
      if (!written) return wrong(`write one name after ${spec.name}: {{${spec.name} NAME}}, or {{${spec.name} %name}} for the name a file variable holds`);
      return { ok: true, call: { name: spec.name, variable: written[2], indirect: written[1] === '%' } };
    }
    case '$timestamp': {
      if (args.length !== 0 && args.length !== 2) return wrong(`write nothing, or an offset and its unit: ${usage}`);
      const offset = offsetOf(args[0], args[1], usage);
      return typeof offset === 'string' ? wrong(offset) : { ok: true, call: { name: '$timestamp', ...(offset ? { offset } : {}) } };
    }
    default: {
      const [format = 'iso8601', amount, unit, ...rest] = args;
      const quoted = /^(["']).*\1$/.test(format);
      if (!quoted && format !== 'rfc1123' && format !== 'iso8601') return wrong(`the format is rfc1123, iso8601 or a Day.js format in quotes ("YYYY-MM-DD"), not ${format}`);
      if (rest.length > 0 || (amount !== undefined && unit === undefined)) return wrong(`write ${usage}`);
      const offset = offsetOf(amount, unit, usage);
      if (typeof offset === 'string') return wrong(offset);
      return { ok: true, call: { name: spec.name as '$datetime' | '$localDatetime', format: quoted ? format.slice(1, -1) : format, ...(offset ? { offset } : {}) } };
    }
  }
}

/** Whether a `{{…}}` name is a system variable's (`$guid`, `$randomInt 1 9`): they all start with `$`. */
export const isSystemVariable = (name: string): boolean => name.startsWith('$');
