// An open file's text as the editor's edits change it, kept in chunks of whole lines (a few KB
// each) so that an edit rebuilds one chunk instead of the whole text. A whole-text string is
// rebuilt at every edit otherwise (vscode-languageserver-textdocument's document concatenates,
// then V8 copies the result into one new string at its first read), which made a one-line edit
// grow with the file. PERF(bench/lsp.ts) The whole text is joined only when something asks
// for it. It applies a change as vscode-languageserver-textdocument does (the same offsets for
// the same range; test/language/editedText.test.ts), and tells the unchanged head and tail since
// an earlier edit, which is what the incremental analysis needs (fileDiagnostics.ts).

import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';

/** What a text is cut into, in characters; a chunk is cut again once an edit makes it twice as long. */
const CHUNK_SIZE = 4 * 1024;
/** Edits remembered for unchangedSince(); an analysis further behind reads the whole text again. */
const KEPT_EDITS = 256;

interface Position { line: number; character: number }

/** One edit, in offsets of the text before it (`before` characters long): [start, end) replaced. */
interface Edit { start: number; end: number; before: number }

const isBreak = (code: number) => code === 10 || code === 13;

/** Line starts of `text` (relative; the first is 0): after \n, \r\n or a lone \r, as LSP counts lines. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (isBreak(code)) starts.push(i + 1);
  }
  return starts;
}

/** `text` cut at line starts into pieces of about `size` characters (never between \r and \n). */
function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  let from = 0;
  while (text.length - from > size) {
    let at = from + size;
    while (at < text.length && !(isBreak(text.charCodeAt(at - 1)) && !(text.charCodeAt(at - 1) === 13 && text.charCodeAt(at) === 10))) at++;
    if (at >= text.length) break;
    pieces.push(text.slice(from, at));
    from = at;
  }
  pieces.push(text.slice(from));
  return pieces;
}

export class EditedText {
  /** Every chunk but the last ends after a line break, never between \r and \n. */
  private chunks: string[];
  private chunkLines: Array<number[] | undefined> = [];
  /**
   * Where chunk k starts (offset, line), known for the chunks up to the last edited one and
   * extended past it only as far as a look-up needs: an edit never renumbers the chunks after it,
   * so finding a place near the edit costs the same whatever follows (PERF(bench/lsp.ts)).
   */
  private chunkOffsets = [0];
  private chunkFirstLines = [0];
  private joined?: string;
  private size: number;
  private readonly edits: Edit[] = [];
  /** Edits made since the text was created. */
  editCount = 0;

  /** `chunkSize`: the default but in tests, which make chunk boundaries many. */
  constructor(text: string, private readonly chunkSize = CHUNK_SIZE) {
    this.chunks = cut(text, chunkSize);
    this.joined = text;
    this.size = text.length;
  }

  get length(): number {
    return this.size;
  }

  /** The whole text (joined once per version, when first asked). */
  getText(): string {
    this.joined ??= this.chunks.join('');
    return this.joined;
  }

  /** The whole text of this version, joined only when the function is called (later edits do not change it). */
  snapshot(): () => string {
    const chunks = this.chunks.slice();
    let joined = this.joined;
    return () => (joined ??= chunks.join(''));
  }

  /** The text between two offsets. */
  slice(from: number, to: number): string {
    if (this.joined !== undefined) return this.joined.slice(from, to);
    const parts: string[] = [];
    for (let k = this.chunkAt(from); k < this.chunks.length; k++) {
      const chunk = this.chunks[k];
      const at = this.chunkOffsets[k];
      const end = at + chunk.length;
      if (end > from && at < to) parts.push(chunk.slice(Math.max(0, from - at), Math.min(chunk.length, to - at)));
      if (end >= to) break;
      this.known(k + 1);
    }
    return parts.join('');
  }

  /**
   * The shortest start of the text that holds its first `###`, or the whole text when it has
   * none: what the header line before the first `###` is read from (environmentLine.ts).
   */
  head(): string {
    if (this.joined !== undefined) return this.joined;
    const { chunks } = this;
    for (let k = 0; k < chunks.length; k++) {
      const seam = k > 0 ? chunks[k - 1].slice(-2) + chunks[k].slice(0, 2) : '';
      if (seam.includes('###') || chunks[k].includes('###')) return chunks.slice(0, k + 1).join('');
    }
    return this.getText();
  }

  /** Applies the editor's changes in order: a range and its new text, or the whole new text. */
  change(changes: readonly TextDocumentContentChangeEvent[]): void {
    for (const change of changes) {
      const range = 'range' in change ? change.range : undefined;
      if (range) {
        const { start, end } = ordered(range.start, range.end);
        this.replace(this.offsetAt(start), this.offsetAt(end), change.text);
      } else {
        this.replace(0, this.size, change.text);
      }
    }
  }

  /** An LSP position's offset, as vscode-languageserver-textdocument counts it. */
  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    const k = this.chunkOfLine(position.line);
    const starts = this.linesOf(k);
    const r = position.line - this.chunkFirstLines[k];
    // A chunk but the last holds whole lines: its last "line start" is the next chunk's first.
    if (r >= (k === this.chunks.length - 1 ? starts.length : starts.length - 1)) return this.size;
    const at = this.chunkOffsets[k];
    const chunk = this.chunks[k];
    const lineStart = starts[r];
    if (position.character <= 0) return at + lineStart;
    const next = r + 1 < starts.length ? starts[r + 1] : chunk.length;
    let offset = Math.min(lineStart + position.character, next);
    while (offset > lineStart && isBreak(chunk.charCodeAt(offset - 1))) offset--;
    return at + offset;
  }

  /** The unchanged start and end of the text (in characters) since there had been `since` edits; undefined when too far back. */
  unchangedSince(since: number): { head: number; tail: number } | undefined {
    const from = this.edits.length - (this.editCount - since);
    if (from < 0 || since > this.editCount) return undefined;
    // Each edit keeps the text before its start and after its end: all of them keep the shortest.
    let head = this.size;
    let tail = this.size;
    for (let i = from; i < this.edits.length; i++) {
      const { start, end, before } = this.edits[i];
      head = Math.min(head, start);
      tail = Math.min(tail, before - end);
    }
    return { head, tail: Math.min(tail, this.size - head) };
  }

  /** Makes the start of chunks [0, k] known. */
  private known(k: number): void {
    const offsets = this.chunkOffsets;
    const lines = this.chunkFirstLines;
    for (let j = offsets.length; j <= k && j < this.chunks.length; j++) {
      offsets.push(offsets[j - 1] + this.chunks[j - 1].length);
      lines.push(lines[j - 1] + this.linesOf(j - 1).length - 1);
    }
  }

  /** The last chunk that starts at or before `offset` (by `starts`, known as far as needed). */
  private lastStartingBy(starts: number[], at: number): number {
    const last = this.chunks.length - 1;
    // Among the known starts, then onward past them while the next chunk still starts by `at`.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    let k = lo;
    while (k < last && k === starts.length - 1) {
      this.known(k + 1);
      if (starts[k + 1] > at) break;
      k++;
    }
    return k;
  }

  /** The chunk that holds `offset` (the last chunk for the end of the text). */
  private chunkAt(offset: number): number {
    return this.lastStartingBy(this.chunkOffsets, offset);
  }

  /** The chunk that holds line `line` (the last chunk past the last line). */
  private chunkOfLine(line: number): number {
    return this.lastStartingBy(this.chunkFirstLines, line);
  }

  private linesOf(k: number): number[] {
    let starts = this.chunkLines[k];
    if (!starts) {
      starts = lineStartsOf(this.chunks[k]);
      this.chunkLines[k] = starts;
    }
    return starts;
  }

  /** Replaces [start, end) by `text`: the chunks it touches are rebuilt, nothing else. */
  private replace(start: number, end: number, text: string): void {
    this.edits.push({ start, end, before: this.size });
    if (this.edits.length > KEPT_EDITS) this.edits.splice(0, this.edits.length - KEPT_EDITS);
    this.editCount++;
    this.size += text.length - (end - start);
    this.joined = undefined;
    // The chunks [first, last] that hold the range.
    let first = this.chunkAt(start);
    const firstAt = this.chunkOffsets[first];
    let last = first;
    let lastEnd = firstAt + this.chunks[first].length;
    while (last < this.chunks.length - 1 && lastEnd < end) {
      last++;
      lastEnd += this.chunks[last].length;
    }
    let rebuilt = this.chunks[first].slice(0, start - firstAt) + text + this.chunks[last].slice(this.chunks[last].length - (lastEnd - end));
    // Keep every chunk boundary after a line break and outside a \r\n: take in neighbours where the edit broke one.
    while (last < this.chunks.length - 1 && (!isBreak(rebuilt.charCodeAt(rebuilt.length - 1)) || (rebuilt.charCodeAt(rebuilt.length - 1) === 13 && this.chunks[last + 1].charCodeAt(0) === 10))) {
      last++;
      rebuilt += this.chunks[last];
    }
    if (first > 0 && rebuilt.charCodeAt(0) === 10 && this.chunks[first - 1].charCodeAt(this.chunks[first - 1].length - 1) === 13) {
      first--;
      rebuilt = this.chunks[first] + rebuilt;
    }
    const pieces = rebuilt.length > 2 * this.chunkSize ? cut(rebuilt, this.chunkSize) : [rebuilt];
    const kept = pieces.filter((piece) => piece !== '');
    const replacement = kept.length > 0 || this.chunks.length > last - first + 1 ? kept : [''];
    this.chunks.splice(first, last - first + 1, ...replacement);
    this.chunkLines.splice(first, last - first + 1, ...replacement.map(() => undefined));
    // The chunks up to `first` start where they did; those after it are found again when asked.
    const known = Math.min(this.chunkOffsets.length, first + 1, this.chunks.length);
    this.chunkOffsets.length = known;
    this.chunkFirstLines.length = known;
  }
}

/** A range's ends in document order. */
function ordered(start: Position, end: Position): { start: Position; end: Position } {
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : { start, end };
}
