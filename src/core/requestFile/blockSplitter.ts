// THE splitter of request-file text into lines and `###` blocks, for the parser of a whole text
// (parseRequestFile) and of a streamed one (RequestFileStreamParser) alike: one place decides
// what a line and a separator are. Text goes in chunk by chunk (a whole file is one chunk);
// each block goes to `onBlock` as soon as the `###` line after it (or the end) arrives, with the
// line numbers and offsets it has in the whole text.

/** One line as the parser reads it: its number, its text without the line break, where it starts. */
export interface Line {
  index: number;
  text: string;
  offset: number;
}

/**
 * A separator line and its title. `.` stops at U+2028/U+2029, so a `###` line holding one is no
 * separator: the language server's block finder (src/language/documents/fileDiagnostics.ts) says the same.
 */
const SEPARATOR = /^###(.*)$/;

export class BlockSplitter {
  /** Text after the last complete line. */
  private rest = '';
  private lineIndex = 0;
  private offset = 0;
  private block: Line[] = [];
  private title: string | undefined;
  private ended = false;

  /** `onBlock`: a block's lines (without its `###` line) and the title written after its `###`. */
  constructor(private readonly onBlock: (lines: Line[], title: string | undefined) => void) {}

  /** Adds the next chunk of the text. */
  push(chunk: string): void {
    if (this.ended) throw new Error('the request file has already ended: no more text can be added');
    this.split(this.rest + chunk, false);
  }

  /** The text has all arrived: hands out the last block. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.split(this.rest, true);
    this.line(this.rest, 0);
    this.rest = '';
    this.onBlock(this.block, this.title);
    this.block = [];
  }

  /** Lines as LSP counts them (ended by \n, \r\n or a lone \r); what follows the last line break waits in `rest`. */
  private split(text: string, final: boolean): void {
    let start = 0;
    if (!text.includes('\r')) {
      // Most files end their lines with \n alone: found with indexOf, no match object per line.
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        this.line(text.slice(start, end), 1);
        start = end + 1;
      }
      this.rest = text.slice(start);
      return;
    }
    const ending = /\r\n?|\n/g;
    for (let match = ending.exec(text); match; match = ending.exec(text)) {
      // A \r that ends the chunk may be the first half of a \r\n: wait for the next chunk.
      if (!final && match[0] === '\r' && match.index === text.length - 1) break;
      this.line(text.slice(start, match.index), match[0].length);
      start = match.index + match[0].length;
    }
    this.rest = text.slice(start);
  }

  private line(text: string, endingLength: number): void {
    const line: Line = { index: this.lineIndex++, text, offset: this.offset };
    this.offset += text.length + endingLength;
    const separator = text.startsWith('###') ? SEPARATOR.exec(text) : null;
    if (!separator) {
      this.block.push(line);
      return;
    }
    this.onBlock(this.block, this.title);
    this.block = [];
    this.title = separator[1].trim() || undefined;
  }
}
