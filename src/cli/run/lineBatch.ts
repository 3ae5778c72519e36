// The text report's progress lines, written in batches: one write per line made a 10,000-request
// run spend more time in write calls to stdout than in building its lines. A batch goes out when
// it is BATCH_LINES long or BATCH_MS old, so a long CI run still shows where it is.

const BATCH_LINES = 256;
const BATCH_MS = 100;

export class LineBatch {
  private lines: string[] = [];
  private timer?: NodeJS.Timeout;

  constructor(private readonly out: (text: string) => void) {}

  add(line: string): void {
    this.lines.push(line);
    if (this.lines.length >= BATCH_LINES) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), BATCH_MS).unref();
  }

  /** Writes what is waiting: the same bytes as one `out` per line. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const text = this.lines.join('\n');
    this.lines = [];
    this.out(text);
  }
}
