// Cost caps checked before a body is parsed. A 1 MB body of 100k XML elements took 0.5–0.8 s
// of CPU to validate and parse, and eight in parallel held every other client up; the
// gateway's largest real requests have a few hundred fields. One linear scan, no tree.

/** Elements (XML) or values (JSON) in one body; far above any real request. */
const MAX_BODY_NODES = 20_000;
/** Nesting depth of one body; real requests nest three or four levels. */
const MAX_BODY_DEPTH = 32;

const tooMany = (what: string) =>
  `the body has more than ${MAX_BODY_NODES} ${what}; the gateway's requests are far smaller. Send a smaller body.`;
const tooDeep = (what: string) =>
  `the body nests ${what} deeper than ${MAX_BODY_DEPTH} levels; the gateway's requests are far flatter. Send a flatter body.`;

/** Why an XML body is too costly to parse, or undefined. Counts start tags and their nesting. */
export function xmlCostProblem(text: string): string | undefined {
  let elements = 0;
  let depth = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const next = text.charCodeAt(at + 1);
    if (next === 0x2f /* / */) {
      depth--;
      continue;
    }
    if (next === 0x3f /* ? */ || next === 0x21 /* ! */) continue;
    elements++;
    depth++;
    const end = text.indexOf('>', at);
    if (end > 0 && text.charCodeAt(end - 1) === 0x2f) depth--;
    if (elements > MAX_BODY_NODES) return tooMany('elements');
    if (depth > MAX_BODY_DEPTH) return tooDeep('elements');
  }
  return undefined;
}

/** True when `text` holds at most `limit` opening brackets (`{` and `[` together), found by indexOf. */
function openingsAtMost(text: string, limit: number): boolean {
  let seen = 0;
  for (let at = text.indexOf('{'); at !== -1; at = text.indexOf('{', at + 1)) if (++seen > limit) return false;
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) if (++seen > limit) return false;
  return true;
}

/**
 * A body shorter than the value cap cannot hold more values (each takes a character), and one
 * with no more opening brackets than the depth cap cannot nest deeper: nothing to count. Every
 * request's body is checked, so most are not counted character by character.
 * PERF(bench/sandboxThroughput.ts)
 */
function plainlyCheap(text: string): boolean {
  return text.length <= MAX_BODY_NODES && openingsAtMost(text, MAX_BODY_DEPTH);
}

/** Why a JSON body is too costly to parse, or undefined. Counts values and nesting outside strings. */
export function jsonCostProblem(text: string): string | undefined {
  if (plainlyCheap(text)) return undefined;
  let values = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      values++;
      if (++depth > MAX_BODY_DEPTH) return tooDeep('objects or arrays');
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
    else if (c === 0x2c /* , */) values++;
    if (values > MAX_BODY_NODES) return tooMany('values');
  }
  return undefined;
}
