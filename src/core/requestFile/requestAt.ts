// Which request of a file a cursor line belongs to, for "Send Request" at the cursor.

/**
 * The request whose `###` block holds `line` (0-based): the first request after the nearest
 * separator above the line (or the first request when there is none); -1 when there are none.
 */
export function requestIndexAt(text: string, requests: ReadonlyArray<{ range: { start: { line: number } } }>, line: number): number {
  const lines = text.split(/\r\n|\r|\n/);
  let separator = -1;
  for (let i = Math.min(line, lines.length - 1); i >= 0; i--) {
    if (/^###/.test(lines[i])) {
      separator = i;
      break;
    }
  }
  const index = requests.findIndex((r) => r.range.start.line > separator);
  if (index < 0) return requests.length - 1;
  // A cursor inside an earlier block's request (no separator between) still belongs to it.
  return index;
}
