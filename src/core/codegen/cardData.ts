// Card data never written into a generated program: a full card number, a CSC, a bank account
// number, track or EMV data, or a key in a field of the URL, a header or the body becomes a
// parameter the program reads from its environment, as it reads its keys. The values are found
// as redaction finds them (the same field rules and card number shapes), so nothing the
// redactor would hide in a result is left in the code — and the program still runs, sending
// the values it is given. A card a history entry kept masked (`XXXXXXXXXXXX1111`) is read the
// same way: the program cannot send the mask.
import { cardNumberSpans } from '../protection/cardNumberMasking';
import { FIELD_RULES, secretFieldSpans, type FieldRule } from '../protection/fieldRules';
import type { CodeRequest, Segment } from './codeRequest';
import { upperSnake, type Parameter } from './parameters';

/** What stands for a parameter in the text card data is looked for in: part of any value, no digit (a card number around it is no card number in the file). */
const PARAMETER_STANDS = '\u0000';

/** What a span of card data is: a card number, or a field's value with the rule redaction hides it by. */
type CardDataKind = 'card' | FieldRule;

interface CardDataSpan {
  start: number;
  end: number;
  kind: CardDataKind;
  /** The field it is the value of, when there is one (`csc`, `card`). */
  field?: string;
}

/** A card number as a history entry, a result or an import keeps it: its last four after the mask. */
const MASKED_CARD = /(?<![\w*])[X*]{6,15}\d{4}(?!\w)/g;

/** The field a value at `at` belongs to: `"card": "…`, `<card>…`, `card=…`, `card: …`. */
const FIELD_BEFORE = /(?:["']([A-Za-z][\w.-]*)["']\s*:\s*["']?|<([A-Za-z][\w.-]*)(?:\s[^>]*)?>|([A-Za-z][\w.-]*)=|(?:^|\s)([A-Za-z][\w-]*):\s*)$/;

function fieldBefore(text: string, at: number): string | undefined {
  const match = FIELD_BEFORE.exec(text.slice(Math.max(0, at - 64), at));
  return match ? (match[1] ?? match[2] ?? match[3] ?? match[4]) : undefined;
}

/** The card data in one piece of text, in order, none overlapping. */
function cardDataSpans(text: string): CardDataSpan[] {
  const spans: CardDataSpan[] = secretFieldSpans(text).map((s) => ({ start: s.start, end: s.end, kind: s.rule, field: s.name }));
  const cards = [...cardNumberSpans(text), ...[...text.matchAll(MASKED_CARD)].map((m) => ({ start: m.index, end: m.index + m[0].length }))];
  for (const card of cards) {
    // A card number inside a field that has its own rule (an account number that passes Luhn) is that field's.
    if (spans.some((s) => s.start < card.end && card.start < s.end)) continue;
    const field = fieldBefore(text, card.start);
    spans.push({ ...card, kind: 'card', ...(field ? { field } : {}) });
  }
  return spans.sort((a, b) => a.start - b.start);
}

const NEVER_WRITTEN = 'never written into the code';
const WHAT: Readonly<Record<CardDataKind, string>> = { card: 'the card number', csc: 'the CSC', account: 'the account number', remove: 'a secret' };

/** The parameter a value becomes: named after its field (`CARD`, `CSC`), its comment with the field and a card's or account's last four. */
function parameterFor(span: CardDataSpan, value: string): Parameter {
  const field = span.field === 'key' ? undefined : span.field;
  const digits = value.replace(/\D/g, '');
  const ends = span.kind !== 'csc' && span.kind !== 'remove' && digits.length >= 4 ? `, ending ${digits.slice(-4)}` : '';
  const name = upperSnake([field ?? { card: 'card number', csc: 'csc', account: 'account number', remove: 'secret key' }[span.kind]]);
  return { name, doc: `${WHAT[span.kind]}${field ? ` ("${field}"${ends})` : ends ? ` (${ends.slice(2)})` : ''}: ${NEVER_WRITTEN}`, secret: true };
}

/** The parameters a request's card data becomes, one per value and field, names unique among the request's. */
class CardDataParameters {
  readonly added: Parameter[] = [];
  private readonly byValue = new Map<string, Parameter>();

  constructor(private readonly taken: Set<string>) {}

  use(span: CardDataSpan, value: string): Segment {
    const key = `${span.kind}\0${span.field ?? ''}\0${value}`;
    let parameter = this.byValue.get(key);
    if (!parameter) {
      const made = parameterFor(span, value);
      let name = made.name;
      for (let n = 2; this.taken.has(name); n++) name = `${made.name}_${n}`;
      parameter = { ...made, name };
      this.taken.add(name);
      this.byValue.set(key, parameter);
      this.added.push(parameter);
    }
    return { param: parameter.name };
  }

  /**
   * `segments` with each piece of card data a parameter. They are looked at as one text, each
   * parameter standing as one character, so a value written partly as a `{{variable}}`
   * (`"csc": "9{{x}}9"`) is read whole from the environment: no part of it stays in the code. A
   * value that is parameters only is read from the environment already, and stays as it is.
   */
  segments(segments: readonly Segment[]): Segment[] {
    let text = '';
    /** Where each parameter stands in `text`, in order. */
    const params: Array<{ at: number; segment: Segment }> = [];
    for (const segment of segments) {
      if ('param' in segment) {
        params.push({ at: text.length, segment });
        text += PARAMETER_STANDS;
      } else {
        text += segment.text;
      }
    }
    const out: Segment[] = [];
    const push = (segment: Segment): void => {
      const last = out[out.length - 1];
      if ('text' in segment && segment.text === '') return;
      if ('text' in segment && last && 'text' in last) last.text += segment.text;
      else out.push(segment);
    };
    const within = (from: number, to: number): Array<{ at: number; segment: Segment }> => params.filter((p) => p.at >= from && p.at < to);
    /** `text[from, to)` as it was: its text and its parameters. */
    const copy = (from: number, to: number): void => {
      let start = from;
      for (const { at, segment } of within(from, to)) {
        push({ text: text.slice(start, at) });
        push(segment);
        start = at + 1;
      }
      push({ text: text.slice(start, to) });
    };
    let copied = 0;
    for (const span of cardDataSpans(text)) {
      // The value's own text, without the parameters in it: none, and it is read from the environment already.
      const inside = within(span.start, span.end);
      const value = inside.length === 0 ? text.slice(span.start, span.end) : text.slice(span.start, span.end).split('').filter((_, k) => !inside.some((p) => p.at === span.start + k)).join('');
      if (value === '') continue;
      copy(copied, span.start);
      push(this.use(span, value));
      copied = span.end;
    }
    copy(copied, text.length);
    return out;
  }

  /** A header whose name has a rule (`csc: 999`) is read whole; otherwise its value as any text. */
  header(name: string, value: readonly Segment[]): Segment[] {
    const rule = Object.hasOwn(FIELD_RULES, name.toLowerCase()) ? FIELD_RULES[name.toLowerCase()] : undefined;
    if (!rule || value.every((s) => 'param' in s)) return this.segments(value);
    const text = value.map((s) => ('text' in s ? s.text : '')).join('');
    return [this.use({ start: 0, end: text.length, kind: rule, field: name }, text)];
  }
}

/** The request with every piece of card data in its URL, headers and body read from the environment. */
export function withCardDataFromEnvironment(request: CodeRequest): CodeRequest {
  const parameters = new CardDataParameters(new Set(request.parameters.map((p) => p.name)));
  const url = parameters.segments(request.url);
  const headers = request.headers.map((h) => ({ name: h.name, value: parameters.header(h.name, h.value) }));
  const body = request.body ? { format: request.body.format, text: parameters.segments(request.body.text) } : undefined;
  if (parameters.added.length === 0) return request;
  // A parameter that was part of a value now read whole is no longer read: the program must not ask for it.
  const used = new Set([url, ...headers.map((h) => h.value), body?.text ?? []].flatMap((segments) => segments.flatMap((s) => ('param' in s ? [s.param] : []))));
  return { ...request, url, headers, ...(body ? { body } : {}), parameters: [...request.parameters, ...parameters.added].filter((p) => used.has(p.name)) };
}
