// The one redaction family. Every path that logs, stores or shows gateway data goes through
// here, so a key, a full card number, a CSC or a full bank account number cannot leak by one
// path forgetting a rule.

import type { Credentials } from '../environments/environment';
import { IDENTIFIER_CONTEXT, maskCardNumbers, PAN_MIN } from './cardNumberMasking';
import { FIELD_CONTEXT, FIELD_CONTEXT_MIN, FIELD_RULES, KEY_LITERAL, REDACTED, hideByRule, redactFields, type FieldRule } from './fieldRules';
import { BoundedTextCache } from '../text/boundedTextCache';
import { detached } from '../text/detachedText';

export { maskAccount, maskPan } from './cardNumberMasking';
export { REDACTED } from './fieldRules';

/** What callers without an environment pass: the other rules still apply. */
const NO_SECRETS: readonly string[] = [];

/** The keys among `credentials`: the values redaction removes wherever they appear. */
export function credentialSecrets(credentials: Credentials | undefined): string[] {
  return [credentials?.apiKey, credentials?.accessKey].filter((s): s is string => !!s);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The secrets as written, URL-encoded and JSON-escaped, longest first, as one pattern; undefined without secrets. */
function secretsPattern(secrets: readonly string[]): { pattern: RegExp; shortest: number } | undefined {
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    variants.add(secret);
    variants.add(encodeURIComponent(secret));
    variants.add(JSON.stringify(secret).slice(1, -1));
  }
  if (variants.size === 0) return undefined;
  const ordered = [...variants].sort((a, b) => b.length - a.length);
  return { pattern: new RegExp(ordered.map(escapeRegExp).join('|'), 'g'), shortest: ordered[ordered.length - 1].length };
}

/**
 * What a body's field names say about their values, looked up once per name: a search answer
 * repeats a dozen names a hundred thousand times. Bounded, because names can be data (maps
 * keyed by id).
 */
interface KeyFacts {
  rule: FieldRule | undefined;
  isId: boolean;
}
const KEY_FACTS = new BoundedTextCache<KeyFacts>(4096);

function factsOfName(name: string): KeyFacts {
  const lower = name.toLowerCase();
  // Own names only: a body's "constructor" or "__proto__" is not a rule.
  return { rule: Object.hasOwn(FIELD_RULES, lower) ? FIELD_RULES[lower] : undefined, isId: IDENTIFIER_CONTEXT.test(`"${name}":"`) };
}

function factsOf(key: string): KeyFacts {
  return KEY_FACTS.getOrMake(key, factsOfName);
}

/**
 * Which text rules the strings of a body still need. Card numbers are always looked for: a
 * number written `4.111111111111111e15` is no card number in the text, and is one as a value.
 */
interface LeafChecks {
  secrets: boolean;
  keyLiterals: boolean;
  fields: boolean;
  /**
   * No secret and no field name in the source — not even as a key (a key `"csc"` is `csc"` in
   * the text, which the field check finds), so no key's rule applies either: a string too short
   * to hold a card number stays as it is (a key literal is longer than the shortest card number).
   */
  shortStaysAsIs: boolean;
}
const ALL_CHECKS: LeafChecks = { secrets: true, keyLiterals: true, fields: true, shortStaysAsIs: false };
/** The smallest whole number with as many digits as the shortest card number. */
const SHORTER_THAN_A_CARD = 10 ** (PAN_MIN - 1);

/** Sets `target[key]`; an own `__proto__` key (JSON.parse makes those) is defined, not passed to the setter, so it cannot keep its old value or swap the prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * One exchange's redaction: the environment's secrets compiled into one pattern once, then used
 * for every text and every leaf of a body. `redact`/`redactValue` keep the last one, so callers
 * passing the same secrets again (one per log line, one per exchange) do not compile again.
 */
export class Redactor {
  /** The secrets as one pattern, and the length of the shortest; undefined without secrets. */
  private readonly secrets: { pattern: RegExp; shortest: number } | undefined;
  /** Below this length no rule can change a text: no secret, key literal, field or card number fits. */
  private readonly shortestMatch: number;
  /**
   * What reportText made of each string kept, bounded (null: unchanged). A run's report lines
   * repeat the same strings request after request (a method, a path, a state, an expectation
   * and its message), and looking one up costs less than the three patterns.
   */
  private readonly reported = new BoundedTextCache<string | null>();

  constructor(secrets: readonly string[] = NO_SECRETS) {
    this.secrets = secretsPattern(secrets);
    this.shortestMatch = Math.min(FIELD_CONTEXT_MIN, this.secrets?.shortest ?? Infinity);
  }

  /** Same as `redact(text, secrets)`. */
  text(text: string): string {
    return maskCardNumbers(redactFields(this.removeSecrets(text, ALL_CHECKS)));
  }

  /** Same as `redactValue(value, secrets)`: a new value, the input untouched. */
  value<T>(value: T): T {
    return this.node(undefined, value, false, ALL_CHECKS) as T;
  }

  /**
   * Every rule on one string of a tree whose keys have no rule and are no id (a run's report
   * line): the caller redacts its fields one by one as it builds the line, without a walk over it.
   */
  reportText(text: string): string {
    if (text.length < this.shortestMatch) return text;
    const known = this.reported.get(text);
    if (known !== undefined) return known ?? text;
    const redacted = this.leaf(undefined, text, ALL_CHECKS);
    // A changed one copied: it may be cut from a larger text, which the cache must not keep alive.
    this.reported.set(text, redacted === text ? null : detached(redacted));
    return redacted;
  }

  /**
   * The same rules as `value` on a tree just parsed from the JSON `source`, which the caller owns
   * and nobody else sees yet: the leaves are replaced in place, so no copy of the tree is made;
   * returns the tree (a new value only when the root itself is a leaf that changes). A rule that
   * finds nothing in the whole source finds nothing in any of its strings, so it is not tried on
   * each of them: a search answer's half a million leaves then pay for the card number check
   * alone. Only when the source holds no escapes: `\u0034` is a digit in the tree, not in the text.
   */
  parsedJsonInPlace(value: unknown, source: string): unknown {
    return this.node(undefined, value, true, this.checksFor(source));
  }

  /**
   * `parsedJsonInPlace` for a tree parsed from JSON text that `text()` of this redactor made
   * (a result shown raw, then Formatted). Without escapes, every string of the tree is a piece
   * of that text, which the text rules have been over already; with no field name in it, no
   * key has a rule either. Then only numbers are left to look at: `4111117e9` is a card number
   * as a value, not in the text.
   */
  redactedJsonInPlace(value: unknown, redactedSource: string): unknown {
    // A key of this redactor still in the text was not there when the text was redacted (the keys changed since).
    const fresh = this.secrets !== undefined && redactedSource.search(this.secrets.pattern) >= 0;
    if (fresh || redactedSource.includes('\\') || FIELD_CONTEXT.test(redactedSource)) return this.parsedJsonInPlace(value, redactedSource);
    return this.node(undefined, value, true, undefined);
  }

  /** Which rules can find anything in the strings of a JSON text. */
  private checksFor(source: string): LeafChecks {
    if (source.includes('\\')) return ALL_CHECKS;
    const secrets = this.secrets !== undefined && source.search(this.secrets.pattern) >= 0;
    const fields = FIELD_CONTEXT.test(source);
    return { secrets, keyLiterals: source.includes('k_'), fields, shortStaysAsIs: !secrets && !fields };
  }

  private removeSecrets(text: string, checks: LeafChecks): string {
    // A key literal holds "k_": one look for it is cheaper than the pattern's.
    if (checks.keyLiterals && text.includes('k_')) text = text.replace(KEY_LITERAL, REDACTED);
    if (!checks.secrets || this.secrets === undefined || text.length < this.secrets.shortest) return text;
    return text.replace(this.secrets.pattern, REDACTED);
  }

  private leaf(key: string | undefined, value: string, checks: LeafChecks): string {
    if (checks.shortStaysAsIs && value.length < PAN_MIN) return value;
    const facts = key === undefined ? undefined : factsOf(key);
    if (facts?.rule) return hideByRule(facts.rule, value);
    // Most leaves of an answer are short (codes, amounts, ids): nothing to look for in them.
    if (value.length < this.shortestMatch) return value;
    const withoutSecrets = this.removeSecrets(value, checks);
    const withoutFields = checks.fields ? redactFields(withoutSecrets) : withoutSecrets;
    return maskCardNumbers(withoutFields, facts?.isId);
  }

  /** `checks` undefined: the strings were redacted as text already, only numbers are left to look at. */
  private node(key: string | undefined, value: unknown, inPlace: boolean, checks: LeafChecks | undefined): unknown {
    if (typeof value === 'string') return checks ? this.leaf(key, value, checks) : value;
    if (typeof value === 'number' || typeof value === 'bigint') {
      const facts = key === undefined ? undefined : factsOf(key);
      if (facts?.rule) return hideByRule(facts.rule, String(value));
      // A whole number below 10^11 has at most 11 digits: no card number fits (statuses, counts, indexes).
      if (typeof value === 'number' && Math.abs(value) < SHORTER_THAN_A_CARD && Number.isInteger(value)) return value;
      const text = String(value);
      const masked = maskCardNumbers(text, facts?.isId);
      return masked === text ? value : masked;
    }
    if (Array.isArray(value)) {
      if (!inPlace) return value.map((item) => this.node(key, item, false, checks));
      for (let i = 0; i < value.length; i++) value[i] = this.node(key, value[i], true, checks);
      return value;
    }
    if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = inPlace ? source : {};
      for (const k of Object.keys(source)) {
        const v = source[k];
        const redacted = this.node(k, v, inPlace, checks);
        // In place, most leaves stay as they are: writing them back would cost a store each.
        if (!inPlace || redacted !== v) put(out, k, redacted);
      }
      return out;
    }
    return value;
  }
}

let lastRedactor: { key: string; redactor: Redactor } | undefined;

/** The redactor for these secrets: the last one made when the secrets are the same. */
export function redactorFor(secrets: readonly string[] = NO_SECRETS): Redactor {
  const key = JSON.stringify(secrets);
  if (lastRedactor?.key !== key) lastRedactor = { key, redactor: new Redactor(secrets) };
  return lastRedactor.redactor;
}

/**
 * Removes key values (every string in `secrets`, and values of api-key, AccessKey and
 * Authorization headers or fields), masks card numbers and account numbers to their last
 * four, and replaces CSC values with `***`. Works on JSON, XML, query strings, header blocks
 * and free text alike.
 */
export function redact(text: string, secrets: readonly string[] = NO_SECRETS): string {
  return redactorFor(secrets).text(text);
}

/** Deep redaction of a parsed body (JSON value or XML object): same rules as `redact`. */
export function redactValue<T>(value: T, secrets: readonly string[] = NO_SECRETS): T {
  return redactorFor(secrets).value(value);
}
