// Three-way merge of a settings update: what the document was opened with (base), what the
// gateway holds now (theirs) and what the user's body says (yours). An update names every field
// it sends, so sending "yours" as written after someone else changed a field would silently put
// the old value back; this decides, field by field, what to send instead. Top-level fields are the
// unit (a nested list such as response-filters is one value). A field missing from "yours" is not
// sent, and the gateway keeps what it has, so it counts as untouched (and stays unsent).
// Pure: node tests check it.

import { redactValue } from '../protection/redaction';

type SettingsValue = Record<string, unknown>;

/** A field both sides changed to different values since the document was opened. */
export interface SettingsConflict {
  field: string;
  base: unknown;
  theirs: unknown;
  yours: unknown;
}

export interface SettingsMerge {
  /** Fields changed elsewhere since the document was opened (theirs ≠ base). */
  changedElsewhere: readonly string[];
  /** Fields the user changed (yours ≠ base). */
  changedByYou: readonly string[];
  conflicts: readonly SettingsConflict[];
  /**
   * What to send: the fields of yours, each the user's value where the user changed it, else the
   * gateway's current one (in a conflict, the user's value). A field the user did not change and
   * the gateway no longer has is left out.
   */
  mine: SettingsValue;
  /** The same, but in a conflict the gateway's current value. */
  keepTheirs: SettingsValue;
}

/**
 * A value's comparable text: scalars as strings (an XML answer has "true" where a JSON one has
 * true), object keys in order, so the same settings compare equal whichever format carried them.
 */
function canonical(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, walk((v as Record<string, unknown>)[k])]));
    }
    return v === undefined ? undefined : String(v);
  };
  return JSON.stringify(walk(value)) ?? 'undefined';
}

export function sameSettingsValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

const has = (o: SettingsValue, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

export function mergeSettings(base: SettingsValue, theirs: SettingsValue, yours: SettingsValue): SettingsMerge {
  const fields = [...new Set([...Object.keys(base), ...Object.keys(theirs), ...Object.keys(yours)])];
  const changedElsewhere = fields.filter((f) => !sameSettingsValue(base[f], theirs[f]));
  const changedByYou = fields.filter((f) => has(yours, f) && !sameSettingsValue(base[f], yours[f]));
  const conflicts = changedByYou
    .filter((f) => changedElsewhere.includes(f) && !sameSettingsValue(theirs[f], yours[f]))
    .map((field) => ({ field, base: base[field], theirs: theirs[field], yours: yours[field] }));
  // The fields of `yours`, in its order (what the document sends, shaped as the user wrote it):
  // each the user's value where picked, else what the gateway holds now. Built with fromEntries
  // (own properties only): field names come from a body anyone may have written, and a
  // "__proto__" field must stay a field.
  const onTheirs = (pick: (field: string) => boolean): SettingsValue => Object.fromEntries(
    Object.keys(yours)
      .filter((f) => changedByYou.includes(f) || has(theirs, f))
      .map((f) => [f, changedByYou.includes(f) && pick(f) ? yours[f] : theirs[f]] as const),
  );
  const conflicting = new Set(conflicts.map((c) => c.field));
  return {
    changedElsewhere,
    changedByYou,
    conflicts,
    mine: onTheirs(() => true),
    keepTheirs: onTheirs((f) => !conflicting.has(f)),
  };
}

/**
 * Field `field`'s value as one short line for a prompt or a notification: "03:00", "true", a list
 * as compact JSON; hidden as redaction hides it (a device-api-key, an environment's key pasted in).
 */
export function settingsValueText(field: string, value: unknown, secrets: readonly string[] = []): string {
  if (value === undefined) return '(not set)';
  const shown = redactValue({ [field]: value }, secrets)[field];
  if (shown !== null && typeof shown === 'object') return JSON.stringify(shown);
  return String(shown);
}
