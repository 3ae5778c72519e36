// `# @expect …` lines: what a request's response must show. Parsed here (positions are added
// by the caller) and evaluated against a result by the CLI and the extension alike.

import type { ExpectOperator, Expectation } from './types';
import { BoundedTextCache } from '../text/boundedTextCache';
import { responseValueText } from './variables';

export type ExpectationSpec = Pick<Expectation, 'subject' | 'path' | 'operator' | 'expected' | 'flags' | 'text'>;

const STATUS = /^status\s*(?:(==|!=)\s*)?(\d{3})$/;
/** A response path: `payload.transaction.id`, `items[0].id`. */
const PATH = String.raw`([A-Za-z_$][\w$-]*(?:\.[\w$-]+|\[\d+\])*)`;
const EXISTS = new RegExp(String.raw`^${PATH}\s+exists$`);
const COMPARE = new RegExp(String.raw`^${PATH}\s*(==|!=)\s*(.+)$`);
const MATCHES = new RegExp(String.raw`^${PATH}\s+matches\s+\/(.*)\/([dgimsuy]*)$`);

const USAGE =
  'write "@expect status 200", "@expect <path> == <value>", "@expect <path> != <value>", "@expect <path> exists" or "@expect <path> matches /regex/"';

function unquote(value: string): string {
  const v = value.trim();
  return v.length >= 2 && (v[0] === '"' || v[0] === "'") && v[v.length - 1] === v[0] ? v.slice(1, -1) : v;
}

type ParsedExpectation = { ok: true; spec: Readonly<ExpectationSpec> } | { ok: false; message: string };

/**
 * Expectations by their text: a long file repeats the same few (`status 200`) in every request,
 * and each took up to four patterns and their match arrays to read, in each read of the file.
 * Frozen, as they are shared. Bounded, because expected values vary.
 */
const PARSED = new BoundedTextCache<Readonly<ParsedExpectation>>();

/** Parses the text after `@expect`; an error message when it does not fit the grammar. */
export function parseExpectation(source: string): Readonly<ParsedExpectation> {
  // Read from the key's copy: the cached spec's text must not keep the chunk of the file either.
  return PARSED.getOrMake(source, (own) => {
    const parsed = readExpectation(own);
    if (parsed.ok) Object.freeze(parsed.spec);
    return Object.freeze(parsed);
  });
}

function readExpectation(source: string): ParsedExpectation {
  const text = source.trim();
  const status = STATUS.exec(text);
  if (status) return { ok: true, spec: { subject: 'status', operator: (status[1] ?? '==') as ExpectOperator, expected: status[2], text } };
  const exists = EXISTS.exec(text);
  if (exists) return { ok: true, spec: { subject: 'path', path: exists[1], operator: 'exists', text } };
  const matches = MATCHES.exec(text);
  if (matches) {
    try {
      new RegExp(matches[2], matches[3]);
    } catch (err) {
      return { ok: false, message: `malformed @expect: the regular expression does not compile (${(err as Error).message})` };
    }
    return { ok: true, spec: { subject: 'path', path: matches[1], operator: 'matches', expected: matches[2], flags: matches[3], text } };
  }
  const compare = COMPARE.exec(text);
  if (compare && !compare[1].startsWith('status')) {
    return { ok: true, spec: { subject: 'path', path: compare[1], operator: compare[2] as ExpectOperator, expected: unquote(compare[3]), text } };
  }
  return { ok: false, message: `malformed @expect "${text}": ${USAGE}` };
}

export interface ExpectationOutcome {
  pass: boolean;
  /** The value found (status or body value), as text. */
  actual?: string;
  /** One line: what was expected and what came back. */
  message: string;
}



/**
 * `matches` patterns compiled once per pattern and flags rather than once per evaluation: a run
 * checks the same expectation for every request. A `g` or `y` pattern carries where its last
 * match ended, so it starts from 0 for each check, as a newly compiled one did. Bounded.
 */
const COMPILED = new BoundedTextCache<RegExp>();

function matchesPattern(source: string, flags: string | undefined, actual: string): boolean {
  const pattern = COMPILED.getOrMake(`${flags ?? ''}/${source}`, () => new RegExp(source, flags));
  pattern.lastIndex = 0;
  return pattern.test(actual);
}

/** Checks one expectation against a response's status and parsed body. */
export function evaluateExpectation(exp: ExpectationSpec, response: { status: number; parsed?: unknown }): ExpectationOutcome {
  const actual = exp.subject === 'status' ? String(response.status) : responseValueText(response.parsed, exp.path ?? '');
  const subject = exp.subject === 'status' ? 'status' : exp.path;
  let pass: boolean;
  if (exp.operator === 'exists') pass = actual !== undefined;
  else if (exp.operator === 'matches') pass = actual !== undefined && matchesPattern(exp.expected ?? '', exp.flags, actual);
  else if (exp.operator === '==') pass = actual === exp.expected;
  else pass = actual !== exp.expected;
  const found = actual === undefined ? 'nothing' : `"${actual}"`;
  return { pass, actual, message: `${pass ? 'passed' : 'failed'}: ${exp.text} (${subject} was ${found})` };
}
