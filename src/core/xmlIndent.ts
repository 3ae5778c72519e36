// Two-space indentation of an XML result, in one pass over its text. Parsing into a tree and
// building it again (fast-xml-parser, prettyXml) cost 16× a plain re-indent on a 10 MB answer
// (issue 13; bench/resultBlocking.ts prints the ratio); showing a result needs only its
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

const INDENT = '  ';

/**
 * The document indented by two spaces per level, an element holding only text kept on one line.
 * Text that is not well-formed enough to indent (an unclosed or mismatched tag, a `<` that
 * starts no markup) comes back unchanged.
 */
export function indentXml(text: string): string {
  const lines: string[] = [];
  const open: string[] = [];
  let pendingOpen: string | undefined; // a start tag whose content is not known yet
  let pendingText: string | undefined; // text after it, shown inline if its end tag follows
  let at = 0;
  const margin = (depth: number) => INDENT.repeat(depth);
  const flush = () => {
    if (pendingOpen !== undefined) lines.push(margin(open.length - 1) + pendingOpen);
    if (pendingText !== undefined) lines.push(margin(open.length) + pendingText);
    pendingOpen = pendingText = undefined;
  };
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const textEnd = lt < 0 ? text.length : lt;
    if (textEnd > at) {
      const content = text.slice(at, textEnd).trim();
      if (content) {
        if (pendingOpen !== undefined && pendingText === undefined) pendingText = content;
        else {
          flush();
          lines.push(margin(open.length) + content);
        }
      }
    }
    if (lt < 0) break;
    const special = MARKUP_ENDS.find((m) => text.startsWith(m.opens, lt));
    if (special || text.startsWith('<!', lt)) {
      const closes = special?.closes ?? '>';
      const end = text.indexOf(closes, lt + 2);
      if (end < 0) return text;
      flush();
      lines.push(margin(open.length) + text.slice(lt, end + closes.length));
      at = end + closes.length;
      continue;
    }
    TAG.lastIndex = lt;
    const tag = TAG.exec(text);
    if (!tag) return text;
    const [markup, closing, name, empty] = tag as unknown as [string, string, string, string];
    at = TAG.lastIndex;
    if (closing) {
      if (open.pop() !== name) return text;
      if (pendingOpen !== undefined) {
        lines.push(margin(open.length) + pendingOpen + (pendingText ?? '') + markup);
        pendingOpen = pendingText = undefined;
      } else lines.push(margin(open.length) + markup);
    } else if (empty) {
      flush();
      lines.push(margin(open.length) + markup);
    } else {
      flush();
      open.push(name);
      pendingOpen = markup;
    }
  }
  if (open.length > 0) return text;
  flush();
  return lines.join('\n');
}
