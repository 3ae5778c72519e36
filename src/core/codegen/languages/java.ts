// Java 17 with java.net.http (no libraries). One source file: `java TransactionsSale.java` runs it.

import type { CodeRequest, Segment } from '../codeRequest';
import {
  DECLINE_NOTE, MAX_RETRIES, TOO_MANY_REQUESTS_NOTE, answersJson, camelName, commented, headerLines, networkErrorNote,
  parameterNamed, pascalName, type RenderContext,
} from '../programParts';
import type { LanguageGenerator } from './language';
import type { Parameter } from '../parameters';
import { offsetTerm } from '../runValues';
import { isPlainText } from '../codeText';
import { hex4 } from '../../protection/visibleText';

/** Escapes a Java string literal has for control characters. */
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/**
 * One character in a string literal. javac turns `\uXXXX` into its character before it reads
 * anything else, so a quote, a backslash or a line end must never be written that way: those
 * have escapes of their own, other controls are octal, and only what lies past ASCII (which
 * javac may not read as UTF-8) is a `\u` escape — one per UTF-16 unit.
 */
function literalChar(c: string): string {
  if (c === '\\' || c === '"') return `\\${c}`;
  if (/[\x20-\x7e]/.test(c)) return c;
  const code = c.charCodeAt(0);
  if (code < 0x80) return CONTROL_ESCAPES[c] ?? `\\${code.toString(8).padStart(3, '0')}`;
  return [...Array(c.length).keys()].map((i) => `\\u${hex4(c.charCodeAt(i))}`).join('');
}

const quoted = (text: string): string => `"${[...text].map(literalChar).join('')}"`;

/** A string expression: literals concatenated with the parameters' variables. */
function concatenated(segments: readonly Segment[], request: CodeRequest): string {
  if (segments.length === 0) return '""';
  return segments.map((s) => ('text' in s ? quoted(s.text) : camelName(parameterNamed(request, s.param)))).join(' + ');
}

/**
 * True when a text block gives back `text` exactly: printable ASCII and line feeds only, no `\`
 * (an escape there), no three quotes together nor one at the end (they would close it), no
 * trailing blanks (a text block strips them), no line of blanks only, and one line at least that
 * starts with no blank (the block strips the indentation all lines share).
 */
function fitsTextBlock(text: string): boolean {
  const lines = text.split('\n');
  return isPlainText(text) && !/\\|"""|"$/.test(text) && lines.every((line) => !/ $/.test(line))
    && lines.some((line) => line !== '' && !line.startsWith(' '));
}

/** A multi-line body: a text block when it fits one, `%s` filled by `.formatted(…)` where parameters stand; else concatenated literals. */
function textBlock(segments: readonly Segment[], request: CodeRequest, indent: string): string {
  const plain = segments.map((s) => ('text' in s ? s.text : 'x')).join('');
  if (!fitsTextBlock(plain)) return concatenated(segments, request);
  const hasParams = segments.some((s) => 'param' in s);
  const text = segments.map((s) => ('text' in s ? (hasParams ? s.text.replace(/%/g, '%%') : s.text) : '%s')).join('');
  // Closing the block on the last line keeps the body without a trailing newline; a body that ends
  // with one closes it on a line of its own, indented like the rest (so that it strips that indentation).
  const lines = text.split('\n').map((line) => (line === '' ? '' : `${indent}${line}`));
  const block = `"""\n${lines.join('\n')}${text.endsWith('\n') ? indent : ''}"""`;
  const args = segments.flatMap((s) => ('param' in s ? [camelName(parameterNamed(request, s.param))] : []));
  return hasParams ? `${block}.formatted(${args.join(', ')})` : block;
}

/** The value the program uses when the parameter's variable is unset: a system variable made now, or the literal. */
function fallbackOf(p: Parameter): string | undefined {
  const made = p.madeEachRun;
  if (!made) return p.fallback === undefined ? undefined : quoted(p.fallback);
  const offset = offsetTerm(made);
  const ms = `System.currentTimeMillis()${offset ? `${offset}L` : ''}`;
  const instant = offset ? `java.time.Instant.ofEpochMilli(${ms})` : 'java.time.Instant.now()';
  switch (made.kind) {
    case 'uuid': return 'java.util.UUID.randomUUID().toString()';
    case 'randomInt': return `String.valueOf(new java.security.SecureRandom().longs(1, ${made.min}L, ${made.max}L).findFirst().getAsLong())`;
    case 'timestamp': return `String.valueOf(Math.floorDiv(${ms}, 1000L))`;
    case 'iso8601': return `java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC).format(${instant})`;
    case 'rfc1123': return `java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(${instant}.atZone(java.time.ZoneOffset.UTC))`;
  }
}

function render(request: CodeRequest, context: RenderContext): string {
  const className = pascalName(request);
  const lines = commented(headerLines(request, context, `Run it with Java 17 or later: java ${className}.java`), '//', 'java');
  lines.push(
    'import java.net.URI;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    'import java.time.Duration;',
    ...(answersJson(request) ? ['import java.util.regex.Matcher;', 'import java.util.regex.Pattern;'] : []),
    '',
    `public class ${className} {`,
    '    static String env(String name, String fallback) {',
    '        String value = System.getenv(name);',
    '        if (value == null || value.isEmpty()) value = fallback;',
    '        if (value == null) throw new IllegalStateException("Set the environment variable " + name);',
    '        return value;',
    '    }',
    '',
  );
  if (answersJson(request)) {
    lines.push(
      '    // The JDK has no JSON parser: a real application would read payload.error with Jackson or Gson.',
      '    static String field(String json, String name) {',
      '        Matcher m = Pattern.compile("\\"" + name + "\\"\\\\s*:\\\\s*\\"([^\\"]*)\\"").matcher(json);',
      '        return m.find() ? m.group(1) : "?";',
      '    }',
      '',
    );
  }
  lines.push('    public static void main(String[] args) throws Exception {');
  for (const p of request.parameters) {
    const read = `env("${p.name}", ${fallbackOf(p) ?? 'null'})`;
    lines.push(`        String ${camelName(p)} = ${read}${/URL$/.test(p.name) ? '.replaceAll("/+$", "")' : ''};`);
  }
  lines.push('', `        String url = ${concatenated(request.url, request)};`);
  const bodyIsBlock = request.body ? request.body.text.some((s) => 'text' in s && s.text.includes('\n')) : false;
  if (request.body) lines.push(`        String body = ${bodyIsBlock ? textBlock(request.body.text, request, '            ') : concatenated(request.body.text, request)};`);
  lines.push('        HttpRequest request = HttpRequest.newBuilder(URI.create(url))');
  lines.push(`            .method(${quoted(request.method)}, ${request.body ? 'HttpRequest.BodyPublishers.ofString(body)' : 'HttpRequest.BodyPublishers.noBody()'})`);
  for (const h of request.headers) lines.push(`            .header(${quoted(h.name)}, ${concatenated(h.value, request)})`);
  lines.push(
    '            .timeout(Duration.ofSeconds(60))',
    '            .build();',
    '        HttpClient client = HttpClient.newHttpClient();',
    '',
    '        HttpResponse<String> response;',
    '        for (int attempt = 0; ; attempt++) {',
    ...commented([networkErrorNote(request)], '            //', 'java'),
    '            response = client.send(request, HttpResponse.BodyHandlers.ofString());',
    `            if (response.statusCode() != 429 || attempt == ${MAX_RETRIES}) break;`,
    ...commented([TOO_MANY_REQUESTS_NOTE], '            //', 'java'),
    '            String retryAfter = response.headers().firstValue("Retry-After").orElse("");',
    '            long seconds = retryAfter.matches("\\\\d+") ? Long.parseLong(retryAfter) : 1L << attempt;',
    '            Thread.sleep(seconds * 1000);',
    '        }',
    '',
    '        if (response.statusCode() == 402) {',
    `            // ${DECLINE_NOTE}`,
    answersJson(request)
      ? '            System.out.println("Declined: " + field(response.body(), "error-message") + " (result code " + field(response.body(), "result-code") + ")");'
      : '            System.out.println("Declined: " + response.body());',
    '            System.exit(2);',
    '        }',
    '        if (response.statusCode() >= 400) {',
    '            System.err.println("HTTP " + response.statusCode() + ": " + response.body());',
    '            System.exit(1);',
    '        }',
    '        System.out.println(response.body());',
    '    }',
    '}',
  );
  return `${lines.join('\n')}\n`;
}

export const java: LanguageGenerator = {
  id: 'java',
  label: 'Java (java.net.http)',
  fileExtension: 'java',
  editorLanguage: 'java',
  toolchain: {
    needs: 'Java 17 or later (java, javac)',
    debianPackages: ['openjdk-17-jdk-headless'],
    checks: [['java', '-version'], ['javac', '-version']],
    run: ['java', '{file}'],
  },
  render,
  fileName: (request) => `${pascalName(request)}.java`,
};
