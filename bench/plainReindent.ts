// The XML baseline of bench/resultBlocking.ts: a plain re-indent, the least any indenter does —
// each tag on its own line, two spaces per depth, text inline between a start tag and its end
// tag. No checks of any kind, no comments or CDATA handled.
const margins: string[] = ['\n'];
const margin = (depth: number): string => {
  while (margins.length <= depth) margins.push(margins[margins.length - 1] + '  ');
  return margins[Math.max(0, depth)]!;
};

export function plainReindent(xml: string): string {
  const out: string[] = [];
  let depth = 0;
  let afterStart = false;
  let at = xml.indexOf('<');
  while (at >= 0) {
    const close = xml.indexOf('>', at);
    if (close < 0) break;
    const next = xml.indexOf('<', close);
    const tag = xml.slice(at, close + 1);
    const end = next < 0 ? xml.length : next;
    const text = end > close + 1 ? xml.slice(close + 1, end).trim() : '';
    if (tag[1] === '/') {
      depth--;
      if (afterStart) out.push(tag);
      else out.push(margin(depth), tag);
      afterStart = false;
    } else {
      out.push(margin(depth), tag);
      afterStart = tag[tag.length - 2] !== '/' && tag[1] !== '?' && tag[1] !== '!';
      if (afterStart) depth++;
    }
    if (text) out.push(text);
    at = next;
  }
  return out.join('');
}
