// Go with net/http (standard library only). `go run main.go` runs it.

import type { CodeRequest, Segment } from '../codeRequest';
import {
  DECLINE_NOTE, MAX_RETRIES, TOO_MANY_REQUESTS_NOTE, answersJson, camelName, commented, headerLines, madeKinds, networkErrorNote,
  parameterNamed, type RenderContext,
} from '../programParts';
import type { LanguageGenerator } from './language';
import type { Parameter } from '../parameters';
import { offsetTerm } from '../runValues';
import { isPlainText } from '../codeText';
import { hex4 } from '../../protection/visibleText';

/** Escapes a Go string literal has for control characters. */
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * One character in an interpreted string literal: printable ASCII as it is (`\` and `"`
 * escaped), any other as an escape — `\x` for ASCII only (it is a byte, not a character),
 * `\u`/`\U` past it (a character, written as UTF-8). Go refuses NUL and a byte order mark in source.
 */
function literalChar(c: string): string {
  if (c === '\\' || c === '"') return `\\${c}`;
  if (/[\x20-\x7e]/.test(c)) return c;
  const code = c.codePointAt(0) ?? 0;
  if (code < 0x80) return CONTROL_ESCAPES[c] ?? `\\x${code.toString(16).padStart(2, '0')}`;
  return code < 0x10000 ? `\\u${hex4(code)}` : `\\U${code.toString(16).toUpperCase().padStart(8, '0')}`;
}

const quoted = (text: string): string => `"${[...text].map(literalChar).join('')}"`;

function concatenated(segments: readonly Segment[], request: CodeRequest): string {
  if (segments.length === 0) return '""';
  return segments.map((s) => ('text' in s ? quoted(s.text) : camelName(parameterNamed(request, s.param)))).join(' + ');
}

/** A body: a raw string (backquotes) when it can be one, `%s` filled by fmt.Sprintf where parameters stand. */
function bodyExpression(segments: readonly Segment[], request: CodeRequest): { expression: string; usesFmt: boolean } {
  const plain = segments.map((s) => ('text' in s ? s.text : '')).join('');
  const hasParams = segments.some((s) => 'param' in s);
  // A raw string keeps printable ASCII and line feeds as written (it drops a CR); it cannot hold a backquote.
  if (!isPlainText(plain) || plain.includes('`')) return { expression: concatenated(segments, request), usesFmt: false };
  const text = segments.map((s) => ('text' in s ? (hasParams ? s.text.replace(/%/g, '%%') : s.text) : '%s')).join('');
  if (!hasParams) return { expression: `\`${text}\``, usesFmt: false };
  const args = segments.flatMap((s) => ('param' in s ? [camelName(parameterNamed(request, s.param))] : []));
  return { expression: `fmt.Sprintf(\`${text}\`, ${args.join(', ')})`, usesFmt: true };
}

/** The value the program uses when the parameter's variable is unset: a system variable made now, or the literal (empty: none). */
function fallbackOf(p: Parameter): string {
  const made = p.madeEachRun;
  if (!made) return quoted(p.fallback ?? '');
  const offset = offsetTerm(made);
  const at = offset ? `time.UnixMilli(time.Now().UnixMilli()${offset}).UTC()` : 'time.Now().UTC()';
  switch (made.kind) {
    case 'uuid': return 'uuid4()';
    case 'randomInt': return `randomBetween(${made.min}, ${made.max})`;
    case 'timestamp': return offset ? `strconv.FormatInt((time.Now().UnixMilli()${offset})/1000, 10)` : 'strconv.FormatInt(time.Now().Unix(), 10)';
    case 'iso8601': return `${at}.Format("2006-01-02T15:04:05.000Z")`;
    case 'rfc1123': return `${at}.Format(http.TimeFormat)`;
  }
}

/** Helper functions the made values call (crypto/rand: math/rand before Go 1.20 repeats its numbers run after run). */
const HELPERS: Readonly<Partial<Record<string, { imports: readonly string[]; lines: readonly string[] }>>> = {
  uuid: {
    imports: ['crypto/rand'],
    lines: [
      'func uuid4() string {',
      '	b := make([]byte, 16)',
      '	if _, err := rand.Read(b); err != nil {',
      '		panic(err)',
      '	}',
      '	b[6] = b[6]&0x0f | 0x40',
      '	b[8] = b[8]&0x3f | 0x80',
      '	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])',
      '}',
      '',
    ],
  },
  randomInt: {
    imports: ['crypto/rand', 'math/big'],
    lines: [
      'func randomBetween(min, max int64) string {',
      '	n, err := rand.Int(rand.Reader, big.NewInt(max-min))',
      '	if err != nil {',
      '		panic(err)',
      '	}',
      '	return strconv.FormatInt(min+n.Int64(), 10)',
      '}',
      '',
    ],
  },
};

function render(request: CodeRequest, context: RenderContext): string {
  const json = answersJson(request);
  const helpers = [...madeKinds(request)].flatMap((kind) => (HELPERS[kind] ? [HELPERS[kind]] : []));
  const body = request.body ? bodyExpression(request.body.text, request) : undefined;
  // Go refuses to compile a file with an unused import.
  const usesStrings = body !== undefined || request.parameters.some((p) => /URL$/.test(p.name));
  const imports = [...new Set([...(json ? ['encoding/json'] : []), 'fmt', 'io', 'net/http', 'os', 'strconv', ...(usesStrings ? ['strings'] : []), 'time',
    ...helpers.flatMap((h) => h.imports)])].sort();
  const lines = commented(headerLines(request, context, 'Run it with Go 1.19 or later: go run main.go'), '//', 'go');
  lines.push('package main', '', 'import (', ...imports.map((i) => `\t"${i}"`), ')', '');
  lines.push(
    'func env(name, fallback string) string {',
    '\tif value := os.Getenv(name); value != "" {',
    '\t\treturn value',
    '\t}',
    '\tif fallback == "" {',
    '\t\tfmt.Fprintf(os.Stderr, "Set the environment variable %s\\n", name)',
    '\t\tos.Exit(1)',
    '\t}',
    '\treturn fallback',
    '}',
    '',
    ...helpers.flatMap((h) => h.lines),
    'func main() {',
  );
  for (const p of request.parameters) {
    const read = `env("${p.name}", ${fallbackOf(p)})`;
    lines.push(`\t${camelName(p)} := ${/URL$/.test(p.name) ? `strings.TrimRight(${read}, "/")` : read}`);
  }
  lines.push('', `\turl := ${concatenated(request.url, request)}`);
  if (body) lines.push(`\tbody := ${body.expression}`);
  lines.push(
    '',
    '\tvar response *http.Response',
    '\tfor attempt := 0; ; attempt++ {',
    `\t\trequest, err := http.NewRequest(${quoted(request.method)}, url, ${body ? 'strings.NewReader(body)' : 'nil'})`,
    '\t\tif err != nil {',
    '\t\t\tfmt.Fprintln(os.Stderr, err)',
    '\t\t\tos.Exit(1)',
    '\t\t}',
  );
  for (const h of request.headers) lines.push(`\t\trequest.Header.Set(${quoted(h.name)}, ${concatenated(h.value, request)})`);
  lines.push(
    '\t\tclient := &http.Client{Timeout: 60 * time.Second}',
    '\t\tresponse, err = client.Do(request)',
    '\t\tif err != nil {',
    ...commented([networkErrorNote(request)], '\t\t\t//', 'go'),
    '\t\t\tfmt.Fprintln(os.Stderr, "Network error:", err)',
    '\t\t\tos.Exit(1)',
    '\t\t}',
    `\t\tif response.StatusCode != http.StatusTooManyRequests || attempt == ${MAX_RETRIES} {`,
    '\t\t\tbreak',
    '\t\t}',
    '\t\tresponse.Body.Close()',
    ...commented([TOO_MANY_REQUESTS_NOTE], '\t\t//', 'go'),
    '\t\tseconds, err := strconv.Atoi(response.Header.Get("Retry-After"))',
    '\t\tif err != nil {',
    '\t\t\tseconds = 1 << attempt',
    '\t\t}',
    '\t\ttime.Sleep(time.Duration(seconds) * time.Second)',
    '\t}',
    '\tdefer response.Body.Close()',
    '\ttext, err := io.ReadAll(response.Body)',
    '\tif err != nil {',
    '\t\tfmt.Fprintln(os.Stderr, "Network error:", err)',
    '\t\tos.Exit(1)',
    '\t}',
    '',
    '\tif response.StatusCode == http.StatusPaymentRequired {',
    `\t\t// ${DECLINE_NOTE}`,
  );
  if (json) {
    lines.push(
      '\t\tvar decline struct {',
      '\t\t\tPayload struct {',
      '\t\t\t\tError struct {',
      '\t\t\t\t\tMessage string `json:"error-message"`',
      '\t\t\t\t\tCode    string `json:"result-code"`',
      '\t\t\t\t} `json:"error"`',
      '\t\t\t} `json:"payload"`',
      '\t\t}',
      '\t\tif err := json.Unmarshal(text, &decline); err != nil {',
      '\t\t\tfmt.Fprintln(os.Stderr, "Unreadable decline:", string(text))',
      '\t\t\tos.Exit(1)',
      '\t\t}',
      '\t\tfmt.Printf("Declined: %s (result code %s)\\n", decline.Payload.Error.Message, decline.Payload.Error.Code)',
    );
  } else {
    lines.push('\t\tfmt.Println("Declined:", string(text))');
  }
  lines.push(
    '\t\tos.Exit(2)',
    '\t}',
    '\tif response.StatusCode >= 400 {',
    '\t\tfmt.Fprintf(os.Stderr, "HTTP %d: %s\\n", response.StatusCode, text)',
    '\t\tos.Exit(1)',
    '\t}',
    '\tfmt.Println(string(text))',
    '}',
  );
  return `${lines.join('\n')}\n`;
}

export const go: LanguageGenerator = {
  id: 'go',
  label: 'Go (net/http)',
  fileExtension: 'go',
  editorLanguage: 'go',
  // Built, then run: `go run` reports any exit status of the program as its own exit 1.
  toolchain: { needs: 'go', debianPackages: ['golang-go'], checks: [['go', 'version']], run: ['sh', '-c', 'go build -o program {file} && exec ./program'] },
  render,
};
