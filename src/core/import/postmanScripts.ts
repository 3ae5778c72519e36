// Postman test scripts, read by pattern and never run: the common forms people write become
// `# @expect` lines and chained values; every other statement is named in the report.
//   pm.response.to.have.status(200)                    → # @expect status 200
//   pm.expect(pm.response.code).to.eql(200)            → # @expect status 200
//   pm.expect(json.payload.transaction.result).to.eql("APPROVED") → # @expect payload.transaction.result == APPROVED
//   pm.expect(pm.response.json().a.b).to.exist         → # @expect a.b exists
//   pm.collectionVariables.set("saleId", json.payload.transaction.id) (or pm.environment / pm.globals / pm.variables)
//                                                      → later {{saleId}} reads this request's answer

/** The accessors after the parsed body: `.payload.transaction["exp-date"]`, `[0]`. */
const ACCESSORS = String.raw`((?:\s*\.\s*[A-Za-z_$][\w$]*|\s*\[\s*\d+\s*\]|\s*\[\s*(?:"[^"]*"|'[^']*')\s*\])*)`;
const LITERAL = String.raw`("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|true|false|null)`;
const EQUALS = String.raw`\.to\.(?:be\.)?(?:deep\.)?(?:eql|equal|equals|eq)\s*\(\s*${LITERAL}\s*\)`;

/** One read of a script: what it sets and checks, and the statements that mean something else. */
interface ScriptReading {
  expectations: string[];
  sets: Array<{ variable: string; path: string }>;
  leftOver: string[];
}

function unquote(literal: string): string {
  if (/^["']/.test(literal)) return literal.slice(1, -1).replace(/\\(.)/g, '$1');
  return literal;
}

/** `.payload.transaction["exp-date"][0]` → `payload.transaction.exp-date[0]`; undefined for a key the request-file path cannot name. */
function pathOf(accessors: string): string | undefined {
  const parts: string[] = [];
  for (const m of accessors.matchAll(/\.\s*([A-Za-z_$][\w$]*)|\[\s*(\d+)\s*\]|\[\s*(?:"([^"]*)"|'([^']*)')\s*\]/g)) {
    if (m[1] !== undefined) parts.push(`.${m[1]}`);
    else if (m[2] !== undefined) parts.push(`[${m[2]}]`);
    else {
      const key = m[3] ?? m[4];
      if (!/^[\w$-]+$/.test(key)) return undefined;
      parts.push(`.${key}`);
    }
  }
  const path = parts.join('').replace(/^\./, '');
  return path === '' ? undefined : path;
}

/** Lines that only frame the checks (`pm.test("…", function () {`, `});`, comments): nothing is lost by leaving them. */
const FRAMING = /^(?:\/\/.*|\/\*.*|\*.*|pm\.test\s*\(\s*(?:"[^"]*"|'[^']*'|`[^`]*`)\s*,\s*(?:function\s*\(\s*\)|\(\s*\)\s*=>)\s*\{\s*|\}\s*\)\s*;?|\}\s*;?|\)\s*;?|)$/;

export function readPostmanScript(lines: readonly string[]): ScriptReading {
  const reading: ScriptReading = { expectations: [], sets: [], leftOver: [] };
  const bodies = ['pm\\.response\\.json\\s*\\(\\s*\\)'];
  const body = () => `(?:${bodies.join('|')})`;
  for (const raw of lines) {
    // A check written on one line with its pm.test around it: `pm.test("…", () => pm.expect(…)…);`.
    const inline = /^pm\.test\s*\(\s*(?:"[^"]*"|'[^']*')\s*,\s*(?:function\s*\(\s*\)|\(\s*\)\s*=>)\s*\{?\s*(.*?)\s*\}?\s*\)\s*;?$/.exec(raw.trim());
    const line = inline?.[1] ? inline[1] : raw.trim();
    if (FRAMING.test(line)) continue;
    const alias = new RegExp(String.raw`^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*${body()}\s*;?$`).exec(line);
    if (alias) {
      bodies.push(alias[1].replace(/\$/g, '\\$'));
      continue;
    }
    const set = new RegExp(String.raw`^pm\.(?:collectionVariables|environment|globals|variables)\.set\s*\(\s*(?:"([\w.-]+)"|'([\w.-]+)')\s*,\s*${body()}${ACCESSORS}\s*\)\s*;?$`).exec(line);
    const setPath = set ? pathOf(set[3]) : undefined;
    if (set && setPath) {
      reading.sets.push({ variable: set[1] ?? set[2], path: setPath });
      continue;
    }
    const status = /^pm\.response\.to\.(?:have\.status|be\.status)\s*\(\s*(\d{3})\s*\)\s*;?$/.exec(line)
      ?? new RegExp(String.raw`^pm\.expect\s*\(\s*pm\.response\.(?:code|status)\s*\)${EQUALS}\s*;?$`).exec(line);
    if (status && /^\d{3}$/.test(status[1])) {
      reading.expectations.push(`status ${status[1]}`);
      continue;
    }
    if (/^pm\.response\.to\.be\.ok\s*;?$/.test(line)) {
      reading.expectations.push('status 200');
      continue;
    }
    const equals = new RegExp(String.raw`^pm\.expect\s*\(\s*${body()}${ACCESSORS}\s*\)${EQUALS}\s*;?$`).exec(line);
    const equalsPath = equals ? pathOf(equals[1]) : undefined;
    if (equals && equalsPath && !/[\r\n]/.test(equals[2])) {
      reading.expectations.push(`${equalsPath} == ${unquote(equals[2])}`);
      continue;
    }
    const exists = new RegExp(String.raw`^pm\.expect\s*\(\s*${body()}${ACCESSORS}\s*\)\.to\.(?:exist|be\.ok|not\.be\.undefined|not\.be\.null)\s*;?$`).exec(line);
    const existsPath = exists ? pathOf(exists[1]) : undefined;
    if (existsPath) {
      reading.expectations.push(`${existsPath} exists`);
      continue;
    }
    reading.leftOver.push(line);
  }
  return reading;
}
