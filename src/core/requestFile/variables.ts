// `{{name}}` variables: finding references (with positions) and substituting values.

import { BoundedTextCache } from '../text/boundedTextCache';
import type { Located, Position, Range, VariableRef } from './types';

/**
 * A reference: `{{ name }}` with a plain, `$`-prefixed or dotted name, or a system variable with
 * what follows its name (`{{$randomInt 1 100}}`, `{{$datetime "YYYY-MM-DD" -1 d}}`: systemVariables.ts).
 */
const REFERENCE = /\{\{\s*(\$[A-Za-z]\w*(?:\s+(?:"[^"\r\n]*"|'[^'\r\n]*'|[^\s{}"']+))*|[A-Za-z_$][\w$-]*(?:\.[\w$-]+|\[\d+\])*)\s*\}\}/g;
/**
 * The same pattern for addVariableRefs' own exec loop: matchAll copies its pattern (a new
 * RegExp) and makes an iterator for every line it reads, and nearly every request's target
 * holds a reference.
 */
const REFERENCE_IN_LINE = new RegExp(REFERENCE.source, 'g');

function at(line: number, character: number): Position {
  return { line, character };
}

export function rangeOn(line: number, startChar: number, endChar: number): Range {
  return { start: at(line, startChar), end: at(line, endChar) };
}

/**
 * The location a parse that does not record positions (`{ positions: false }`, the headless
 * runner's) gives everything but a request's method and its diagnostics: one shared, frozen
 * placeholder, never a place in the document.
 */
export const UNRECORDED: Readonly<Located> = Object.freeze({
  range: Object.freeze({ start: Object.freeze({ line: -1, character: -1 }), end: Object.freeze({ line: -1, character: -1 }) }),
  startOffset: -1,
  endOffset: -1,
});

/** References in one line of text that starts at `lineOffset` in the document; with `positions` false, each at UNRECORDED. */
export function findVariableRefs(text: string, line: number, lineOffset: number, firstChar = 0, positions = true): VariableRef[] {
  const refs: VariableRef[] = [];
  addVariableRefs(refs, text, line, lineOffset, firstChar, positions);
  return refs;
}

/**
 * findVariableRefs, adding to `refs`: the parser collects a request's references line by line,
 * and most lines hold none — no list made and spread for each of them.
 */
export function addVariableRefs(refs: VariableRef[], text: string, line: number, lineOffset: number, firstChar: number, positions: boolean): void {
  // Most lines hold no reference (a body's JSON, a header): not worth an iterator and a pattern.
  if (!text.includes('{{')) return;
  REFERENCE_IN_LINE.lastIndex = 0;
  for (let match = REFERENCE_IN_LINE.exec(text); match; match = REFERENCE_IN_LINE.exec(text)) {
    if (!positions) {
      refs.push({ name: match[1], range: UNRECORDED.range, startOffset: -1, endOffset: -1 });
      continue;
    }
    const start = firstChar + match.index;
    const end = start + match[0].length;
    refs.push({ name: match[1], range: rangeOn(line, start, end), startOffset: lineOffset + start, endOffset: lineOffset + end });
  }
}

/** Character index of the first `{{` on a line that no `}}` closes, or -1. */
export function unclosedReference(text: string): number {
  const open = text.lastIndexOf('{{');
  return open >= 0 && text.indexOf('}}', open) < 0 ? open : -1;
}

export interface Substitution {
  text: string;
  /** Names that `resolve` did not know, in order of first appearance. */
  unresolved: string[];
}

/** Replaces every `{{name}}` that `resolve` knows; unknown ones are left as written and listed. */
export function substituteVariables(text: string, resolve: (name: string) => string | undefined): Substitution {
  const unresolved: string[] = [];
  if (!text.includes('{{')) return { text, unresolved };
  const out = text.replace(REFERENCE, (whole: string, name: string) => {
    const value = resolve(name);
    if (value !== undefined) return value;
    if (!unresolved.includes(name)) unresolved.push(name);
    return whole;
  });
  return { text: out, unresolved };
}

/** One step of a path: a property name, or an array index (`[0]`). */
type PathStep = string | number;
/**
 * Paths split into steps, by path: a run reads the same few paths (`payload.transaction.id`)
 * for every request's expectations and references. Bounded, because paths can hold indexes.
 */
const PATH_STEPS = new BoundedTextCache<readonly PathStep[]>();

function stepsOf(path: string): readonly PathStep[] {
  // Split from the key's copy: the cached steps must not keep the chunk of the file either.
  return PATH_STEPS.getOrMake(path, (own) => Object.freeze(own.split(/\.|(?=\[)/).filter((step) => step !== '').map((step) => {
    const index = /^\[(\d+)\]$/.exec(step);
    return index ? Number(index[1]) : step;
  })));
}

/** Looks up a dotted path (`payload.transaction.id`, `items[0].id`) in a parsed value. */
export function valueAtPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const step of stepsOf(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = typeof step === 'number' ? (current as unknown[])[step] : (current as Record<string, unknown>)[step];
  }
  return current;
}

/**
 * The text of the value at `path` in a parsed response, for `{{name.path}}` and `@expect`:
 * objects as JSON, undefined when absent. A path into an XML response may leave out its
 * single root element (`payload.transaction` under `<response>`, `batch` under `<object>`).
 */
export function responseValueText(parsed: unknown, path: string): string | undefined {
  let value = valueAtPath(parsed, path);
  if (value === undefined && parsed !== null && typeof parsed === 'object') {
    const roots = Object.keys(parsed).filter((k) => !k.startsWith('?'));
    if (roots.length === 1) value = valueAtPath((parsed as Record<string, unknown>)[roots[0]], path);
  }
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
