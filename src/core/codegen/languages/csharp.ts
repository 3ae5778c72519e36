// C# 11 (.NET 7 or later) with HttpClient: top-level statements, raw string literals.
// Put it in the Program.cs of `dotnet new console` and `dotnet run`.

import type { CodeRequest, Segment } from '../codeRequest';
import {
  DECLINE_NOTE, MAX_RETRIES, TOO_MANY_REQUESTS_NOTE, answersJson, camelName, commented, headerLines, networkErrorNote,
  parameterNamed, plainValue, type RenderContext,
} from '../programParts';
import type { LanguageGenerator } from './language';
import type { Parameter } from '../parameters';
import { offsetTerm } from '../runValues';
import { isPlainText } from '../codeText';
import { hex4 } from '../../protection/visibleText';

/**
 * One character in a regular or interpolated string literal: printable ASCII as it is (`\`, `"`
 * and, interpolated, braces escaped), anything else `\uXXXX` per UTF-16 unit (C#'s `\x` takes
 * up to four hex digits, so it could swallow what follows).
 */
function literalChar(c: string, interpolated: boolean): string {
  if (c === '\\' || c === '"') return `\\${c}`;
  if (interpolated && (c === '{' || c === '}')) return c + c;
  if (/[\x20-\x7e]/.test(c)) return c;
  return [...Array(c.length).keys()].map((i) => `\\u${hex4(c.charCodeAt(i))}`).join('');
}

const literalText = (text: string, interpolated: boolean): string => [...text].map((c) => literalChar(c, interpolated)).join('');
const quoted = (text: string): string => `"${literalText(text, false)}"`;

/** A string on one line: `$"…{name}…"` where parameters stand; plain when it has none. */
function interpolated(segments: readonly Segment[], request: CodeRequest): string {
  const only = segments.length === 1 ? segments[0] : undefined;
  if (only && 'param' in only) return camelName(parameterNamed(request, only.param));
  if (segments.every((s) => 'text' in s)) return quoted(segments.map((s) => ('text' in s ? s.text : '')).join(''));
  return `$"${segments.map((s) => ('text' in s ? literalText(s.text, true) : `{${camelName(parameterNamed(request, s.param))}}`)).join('')}"`;
}

/**
 * A body. Printable ASCII and line feeds read as written, as a raw string literal — with
 * parameters `$$"""…{{name}}…"""`, as many `$` as it takes for the body's own braces to stay
 * text, and more quotes than the body ever has in a row. A body with a line of blanks only (a
 * raw literal may strip it) is a one-line string instead, and so is anything else.
 */
function rawString(segments: readonly Segment[], request: CodeRequest, indent: string): string {
  const plain = segments.map((s) => ('text' in s ? s.text : '')).join('');
  if (!isPlainText(plain) || /(^|\n) +(\n|$)/.test(plain)) return interpolated(segments, request);
  const quotes = '"'.repeat(Math.max(3, ...[...plain.matchAll(/"+/g)].map((m) => m[0].length + 1)));
  const hasParams = segments.some((s) => 'param' in s);
  const braces = Math.max(1, ...[...plain.matchAll(/\{+|\}+/g)].map((m) => m[0].length)) + 1;
  const open = hasParams ? '$'.repeat(braces) : '';
  const text = segments.map((s) => ('text' in s ? s.text : `${'{'.repeat(braces)}${camelName(parameterNamed(request, s.param))}${'}'.repeat(braces)}`)).join('');
  const body = text.split('\n').map((line) => (line === '' ? '' : `${indent}${line}`)).join('\n');
  return `${open}${quotes}\n${body}\n${indent}${quotes}`;
}

/** The value the program uses when the parameter's variable is unset: a system variable made now, or the literal. */
function fallbackOf(p: Parameter): string | undefined {
  const made = p.madeEachRun;
  if (!made) return p.fallback === undefined ? undefined : quoted(p.fallback);
  const offset = offsetTerm(made);
  const at = offset ? `DateTimeOffset.FromUnixTimeMilliseconds(DateTimeOffset.UtcNow.ToUnixTimeMilliseconds()${offset})` : 'DateTimeOffset.UtcNow';
  switch (made.kind) {
    case 'uuid': return 'Guid.NewGuid().ToString()';
    case 'randomInt': return `Random.Shared.NextInt64(${made.min}, ${made.max}).ToString()`;
    case 'timestamp': return `${at}.ToUnixTimeSeconds().ToString()`;
    case 'iso8601': return `${at}.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", System.Globalization.CultureInfo.InvariantCulture)`;
    case 'rfc1123': return `${at}.ToString("r", System.Globalization.CultureInfo.InvariantCulture)`;
  }
}

function render(request: CodeRequest, context: RenderContext): string {
  const lines = commented(headerLines(request, context, 'Put it in Program.cs of a .NET 7+ console project: dotnet run'), '//', 'csharp');
  lines.push(
    'using System.Net;',
    'using System.Text;',
    ...(answersJson(request) ? ['using System.Text.Json;'] : []),
    '',
    'static string Env(string name, string? fallback = null) =>',
    '    Environment.GetEnvironmentVariable(name) is { Length: > 0 } value ? value',
    '    : fallback ?? throw new InvalidOperationException($"Set the environment variable {name}");',
    '',
  );
  for (const p of request.parameters) {
    const fallback = fallbackOf(p);
    const read = `Env("${p.name}"${fallback ? `, ${fallback}` : ''})`;
    lines.push(`var ${camelName(p)} = ${read}${/URL$/.test(p.name) ? ".TrimEnd('/')" : ''};`);
  }
  lines.push('', `var url = ${interpolated(request.url, request)};`);
  const contentType = request.headers.find((h) => h.name.toLowerCase() === 'content-type');
  if (request.body) lines.push(`var body = ${rawString(request.body.text, request, '')};`);
  lines.push(
    '',
    'using var client = new HttpClient { Timeout = TimeSpan.FromSeconds(60) };',
    'HttpResponseMessage response;',
    'for (var attempt = 0; ; attempt++)',
    '{',
    `    var request = new HttpRequestMessage(new HttpMethod(${quoted(request.method)}), url);`,
  );
  for (const h of request.headers) {
    if (h === contentType) continue;
    lines.push(`    request.Headers.TryAddWithoutValidation(${quoted(h.name)}, ${interpolated(h.value, request)});`);
  }
  if (request.body) {
    // HttpClient keeps Content-Type on the content, not on the request.
    const mediaType = (plainValue(contentType?.value ?? []) ?? 'application/json').split(';')[0].trim();
    lines.push(`    request.Content = new StringContent(body, Encoding.UTF8, ${quoted(mediaType)}); // Content-Type lives on the content`);
  }
  lines.push(
    ...commented([networkErrorNote(request)], '    //', 'csharp'),
    '    response = await client.SendAsync(request);',
    `    if (response.StatusCode != HttpStatusCode.TooManyRequests || attempt == ${MAX_RETRIES}) break;`,
    ...commented([TOO_MANY_REQUESTS_NOTE], '    //', 'csharp'),
    '    var wait = response.Headers.RetryAfter?.Delta ?? TimeSpan.FromSeconds(Math.Pow(2, attempt));',
    '    await Task.Delay(wait);',
    '}',
    '',
    'var text = await response.Content.ReadAsStringAsync();',
    'if (response.StatusCode == HttpStatusCode.PaymentRequired)',
    '{',
    `    // ${DECLINE_NOTE}`,
  );
  if (answersJson(request)) {
    lines.push(
      '    var error = JsonDocument.Parse(text).RootElement.GetProperty("payload").GetProperty("error");',
      '    Console.WriteLine($"Declined: {error.GetProperty("error-message")} (result code {error.GetProperty("result-code")})");',
    );
  } else {
    lines.push('    Console.WriteLine($"Declined: {text}");');
  }
  lines.push(
    '    return 2;',
    '}',
    'if (!response.IsSuccessStatusCode)',
    '{',
    '    Console.Error.WriteLine($"HTTP {(int)response.StatusCode}: {text}");',
    '    return 1;',
    '}',
    'Console.WriteLine(text);',
    'return 0;',
  );
  return `${lines.join('\n')}\n`;
}

// No toolchain: no C# compiler installs here, so the tests decode its string literals instead
// (test/codegen/csharpLiterals.ts).
export const csharp: LanguageGenerator = { id: 'csharp', label: 'C# (HttpClient)', fileExtension: 'cs', editorLanguage: 'csharp', render };
