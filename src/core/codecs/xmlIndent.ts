// Two-space indentation of an XML result, in one pass over its text, not parsed into a tree and
// built again (fast-xml-parser, prettyXml). PERF(bench/resultBlocking.ts) Showing a result needs only its
// whitespace between tags changed, so no tree is made. Everything else stays as written:
// order, attributes, entities, comments, CDATA, declarations.

/** Where each kind of markup ends, searched from its start. */
const MARKUP_ENDS: ReadonlyArray<{ opens: string; closes: string }> = [
  { opens: '<!--', closes: '-->' },
  { opens: '<![CDATA[', closes: ']]>' },
  { opens: '<?', closes: '?>' },
];

/** A start, end or empty-element tag from `<`, attribute values quoted with either quote. */
const TAG = /<(\/?)([^\s/>]+)(?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*\s*(\/?)>/y;

/** Margins by depth, made once each. */
const margins: string[] = ['\n'];
function margin(depth: number): string {
  while (margins.length <= depth) margins.push(margins[margins.length - 1] + '  ');
  return margins[depth];
}

const BANG = 0x21; // <!-- -->, <![CDATA[ ]]>, <!DOCTYPE >
const QUESTION = 0x3f; // <? ?>

/**
 * The document indented by two spaces per level, an element holding only text kept on one line.
 * Text that is not well-formed enough to indent (an unclosed or mismatched tag, a `<` that
 * starts no markup) comes back unchanged.
 */
export function indentXml(text: string): string {
  // Pieces of the output, joined once at the end: no string is built per line.
  const out: string[] = [];
  const open: string[] = [];
  // After a start tag, its content is not known yet: text followed by its end tag stays inline.
  let afterStart = false;
  let inlineText: string | undefined;
  let at = 0;
  const settle = () => {
    if (inlineText !== undefined) out.push(margin(open.length), inlineText);
    afterStart = false;
    inlineText = undefined;
  };
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const textEnd = lt < 0 ? text.length : lt;
    if (textEnd > at) {
      const content = text.slice(at, textEnd).trim();
      if (content) {
        if (afterStart && inlineText === undefined) inlineText = content;
        else {
          settle();
          out.push(margin(open.length), content);
        }
      }
    }
    if (lt < 0) break;
    const second = text.charCodeAt(lt + 1);
    if (second === BANG || second === QUESTION) {
      const closes = MARKUP_ENDS.find((m) => text.startsWith(m.opens, lt))?.closes ?? '>';
      const end = text.indexOf(closes, lt + 2);
      if (end < 0) return text;
      settle();
      at = end + closes.length;
      out.push(margin(open.length), text.slice(lt, at));
      continue;
    }
    TAG.lastIndex = lt;
    const tag = TAG.exec(text);
    if (!tag) return text;
    const [markup, closing, name, empty] = tag as unknown as [string, string, string, string];
    at = TAG.lastIndex;
    if (closing) {
      if (open.pop() !== name) return text;
      if (afterStart) {
        if (inlineText !== undefined) out.push(inlineText);
        out.push(markup);
        afterStart = false;
        inlineText = undefined;
      } else out.push(margin(open.length), markup);
    } else {
      settle();
      out.push(margin(open.length), markup);
      if (!empty) {
        open.push(name);
        afterStart = true;
      }
    }
  }
  if (open.length > 0) return text;
  settle();
  // The first piece is a margin's line break.
  return out.join('').slice(1);
}
