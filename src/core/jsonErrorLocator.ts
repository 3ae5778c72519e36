// Finds the offset of the first JSON syntax error. Node 20's JSON.parse reports a position for
// some errors but not for "Unexpected token" ones, and diagnostics need a line and column
// every time; this scanner only runs after JSON.parse has already failed.

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const STRING_CHARS = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

class Scanner {
  pos = 0;
  constructor(private readonly text: string) {}

  private ws(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos])) this.pos++;
  }

  private sticky(pattern: RegExp): boolean {
    pattern.lastIndex = this.pos;
    const m = pattern.exec(this.text);
    if (!m || m[0].length === 0) return false;
    this.pos += m[0].length;
    return true;
  }

  private expect(ch: string): boolean {
    this.ws();
    if (this.text[this.pos] !== ch) return false;
    this.pos++;
    return true;
  }

  private string(): boolean {
    if (this.text[this.pos] !== '"') return false;
    this.pos++;
    STRING_CHARS.lastIndex = this.pos;
    this.pos += STRING_CHARS.exec(this.text)?.[0].length ?? 0;
    return this.expect('"');
  }

  private sequence(close: string, item: () => boolean): boolean {
    this.pos++;
    if (this.expect(close)) return true;
    do {
      if (!item()) return false;
    } while (this.expect(','));
    return this.expect(close);
  }

  value(): boolean {
    this.ws();
    const ch = this.text[this.pos];
    if (ch === '{') return this.sequence('}', () => (this.ws(), this.string() && this.expect(':') && this.value()));
    if (ch === '[') return this.sequence(']', () => this.value());
    if (ch === '"') return this.string();
    return this.sticky(NUMBER) || this.sticky(LITERAL);
  }

  document(): number {
    if (!this.value()) return this.pos;
    this.ws();
    return this.pos < this.text.length ? this.pos : -1;
  }
}

/** Offset of the first syntax error in `text`, or -1 when the scanner finds none. */
export function jsonErrorOffset(text: string): number {
  try {
    return new Scanner(text).document();
  } catch {
    // Nesting deeper than the call stack: point at the start rather than nowhere.
    return 0;
  }
}
