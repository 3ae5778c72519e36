// The path of the value under the cursor in a shown answer, written as a request file's chaining
// reference reads it (`payload.transaction.id`, `items[0].id`: core/requestFile/variables.ts's
// valueAtPath): "Copy Value as Variable" turns it into `{{name.payload.transaction.id}}`.
// JSON through jsonc-parser's getLocation; XML by the elements that enclose the offset, an index
// only where the parent repeats the name (fast-xml-parser makes an array of those alone), and
// without the single root element (`<response>`), which a reference may leave out.
import { getLocation } from 'jsonc-parser';

type ValuePath = { path: string } | { problem: string };

/** A step a reference can carry: a name of letters, digits, `_`, `-`, `@` (no dots, brackets or spaces). */
const PLAIN_STEP = /^[A-Za-z0-9_@$-]+$/;

function joined(steps: readonly (string | number)[]): ValuePath {
  if (steps.length === 0) return { problem: 'Put the cursor on a value inside the answer (not on its outermost brackets).' };
  let path = '';
  for (const step of steps) {
    if (typeof step === 'number') path += `[${step}]`;
    else if (PLAIN_STEP.test(step)) path += path === '' ? step : `.${step}`;
    else return { problem: `The key "${step.slice(0, 40)}" cannot be written in a reference (it holds a dot, bracket or space).` };
  }
  return { path };
}

export function jsonValuePathAt(text: string, offset: number): ValuePath {
  const location = getLocation(text, offset);
  // On a key being typed (`"a": |`) the last step is empty: the value there is the parent's.
  const steps = location.path.filter((s) => s !== '');
  return joined(steps);
}

interface XmlElement {
  name: string;
  start: number;
  end: number;
  children: XmlElement[];
}

// Tags, and what is not a tag though it holds `<` or `>`: comments, CDATA, declarations.
const XML_TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[?!][\s\S]*?>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

/** The element tree with offsets; undefined for text that does not nest. */
function elementsOf(text: string): XmlElement[] | undefined {
  const roots: XmlElement[] = [];
  const open: XmlElement[] = [];
  for (const match of text.matchAll(XML_TOKEN)) {
    const [whole, closing, name, , selfClosing] = match;
    if (name === undefined) continue;
    const at = match.index ?? 0;
    if (closing) {
      const top = open.pop();
      if (!top || top.name !== name) return undefined;
      top.end = at + whole.length;
      continue;
    }
    const element: XmlElement = { name, start: at, end: at + whole.length, children: [] };
    (open.at(-1)?.children ?? roots).push(element);
    if (!selfClosing) open.push(element);
  }
  return open.length === 0 ? roots : undefined;
}

export function xmlValuePathAt(text: string, offset: number): ValuePath {
  const roots = elementsOf(text);
  if (!roots) return { problem: 'The answer is not well-formed XML here: no path can be read.' };
  const steps: (string | number)[] = [];
  let level = roots;
  let depth = 0;
  for (;;) {
    const inside = level.find((e) => e.start <= offset && offset <= e.end);
    if (!inside) break;
    // The single root element is left out, as a reference may leave it out.
    if (depth > 0 || level.length > 1) {
      const same = level.filter((e) => e.name === inside.name);
      steps.push(inside.name);
      if (same.length > 1) steps.push(same.indexOf(inside));
    }
    depth += 1;
    level = inside.children;
  }
  return joined(steps);
}

export function valuePathAt(text: string, format: 'json' | 'xml' | 'text', offset: number): ValuePath {
  if (format === 'json') return jsonValuePathAt(text, offset);
  if (format === 'xml') return xmlValuePathAt(text, offset);
  return { problem: 'This answer is plain text: only a JSON or XML answer has values to reference.' };
}
