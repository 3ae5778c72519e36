// PHP 7.4+ with the curl extension (Debian: php-cli php-curl).

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

/** One character in a double-quoted string: printable ASCII as it is (`\`, `"` and `$` escaped), anything else `\x0D` or `\u{2028}`. */
function doubleQuotedChar(c: string): string {
  if (c === '\\' || c === '"' || c === '$') return `\\${c}`;
  if (/[\x20-\x7e]/.test(c)) return c;
  const code = c.codePointAt(0) ?? 0;
  return code < 0x80 ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u{${hex4(code)}}`;
}

/** A string literal: single-quoted when it is printable ASCII, else double-quoted with escapes. */
function stringLiteral(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `'${text.replace(/[\\']/g, '\\$&')}'`;
  return `"${[...text].map((c) => doubleQuotedChar(c)).join('')}"`;
}

/** A string expression: a literal, or double-quoted with `{$var}` where parameters stand. */
function inline(segments: readonly Segment[], request: CodeRequest): string {
  if (segments.every((s) => 'text' in s)) return stringLiteral(segments.map((s) => ('text' in s ? s.text : '')).join(''));
  return `"${segments.map((s) => ('text' in s ? [...s.text].map((c) => doubleQuotedChar(c)).join('') : `{$${camelName(parameterNamed(request, s.param))}}`)).join('')}"`;
}

/**
 * A body. Printable ASCII and line feeds read as written: a nowdoc (taken as is), or with
 * parameters a heredoc (`\` and `$` escaped), closed by a marker that appears nowhere in the text
 * (PHP 7.3+ closes at the marker anywhere a line starts, and PHP ends a line at a lone CR too).
 * Anything else is a double-quoted string with escapes, which no text can close.
 */
function document(segments: readonly Segment[], request: CodeRequest): string[] {
  const plain = segments.map((s) => ('text' in s ? s.text : '')).join('');
  if (!isPlainText(plain)) return [`${inline(segments, request)};`];
  let marker = 'BODY';
  while (plain.includes(marker)) marker += '_';
  if (segments.every((s) => 'text' in s)) return [`<<<'${marker}'`, plain, `${marker};`];
  const text = segments.map((s) => ('text' in s ? s.text.replace(/[\\$]/g, '\\$&') : `{$${camelName(parameterNamed(request, s.param))}}`)).join('');
  return [`<<<${marker}`, text, `${marker};`];
}

/** The value the program uses when the parameter's variable is unset: a system variable made now, or the literal. */
function fallbackOf(p: Parameter): string | undefined {
  const made = p.madeEachRun;
  if (!made) return p.fallback === undefined ? undefined : stringLiteral(p.fallback);
  const ms = `(int) floor(microtime(true) * 1000)${offsetTerm(made)}`;
  switch (made.kind) {
    case 'uuid': return 'uuid4()';
    case 'randomInt': return `(string) random_int(${made.min}, ${made.max - 1})`;
    case 'timestamp': return `(string) intdiv(${ms}, 1000)`;
    case 'iso8601': return `isoTime(${ms})`;
    case 'rfc1123': return `gmdate('D, d M Y H:i:s', intdiv(${ms}, 1000)) . ' GMT'`;
  }
}

/** Helper functions the made values call, by kind. */
const HELPERS: Readonly<Partial<Record<string, readonly string[]>>> = {
  uuid: [
    'function uuid4(): string',
    '{',
    '    $bytes = random_bytes(16);',
    '    $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);',
    '    $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);',
    "    return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));",
    '}',
    '',
  ],
  iso8601: [
    'function isoTime(int $ms): string',
    '{',
    "    return gmdate('Y-m-d\\TH:i:s', intdiv($ms, 1000)) . sprintf('.%03dZ', $ms % 1000);",
    '}',
    '',
  ],
};

function render(request: CodeRequest, context: RenderContext): string {
  const lines = ['<?php', ...commented(headerLines(request, context, 'Run it with PHP 7.4+ and its curl extension: php program.php'), '//', 'php')];
  lines.push(
    '',
    'function env(string $name, ?string $fallback = null): string',
    '{',
    '    $value = getenv($name);',
    "    if ($value === false || $value === '') {",
    '        $value = $fallback;',
    '    }',
    '    if ($value === null) {',
    '        fwrite(STDERR, "Set the environment variable $name\\n");',
    '        exit(1);',
    '    }',
    '    return $value;',
    '}',
    '',
  );
  for (const kind of madeKinds(request)) lines.push(...(HELPERS[kind] ?? []));
  for (const p of request.parameters) {
    const fallback = fallbackOf(p);
    const read = `env('${p.name}'${fallback ? `, ${fallback}` : ''})`;
    lines.push(`$${camelName(p)} = ${/URL$/.test(p.name) ? `rtrim(${read}, '/')` : read};`);
  }
  lines.push('', `$url = ${inline(request.url, request)};`, '$headers = [');
  // libcurl drops a header written "Name: " with nothing after it: "Name;" sends it empty.
  for (const h of request.headers) lines.push(`    ${inline(h.value.length === 0 ? [{ text: `${h.name};` }] : [{ text: `${h.name}: ` }, ...h.value], request)},`);
  lines.push('];');
  if (request.body) {
    const [open, ...rest] = document(request.body.text, request);
    lines.push(`$body = ${open}`, ...rest);
  }
  lines.push(
    '',
    'for ($attempt = 0; ; $attempt++) {',
    '    $curl = curl_init($url);',
    '    curl_setopt_array($curl, [',
    `        CURLOPT_CUSTOMREQUEST => ${stringLiteral(request.method)},`,
    '        CURLOPT_HTTPHEADER => $headers,',
    ...(request.body ? ['        CURLOPT_POSTFIELDS => $body,'] : []),
    // A HEAD answer has no body: without NOBODY, curl would wait for one.
    ...(request.method === 'HEAD' ? ['        CURLOPT_NOBODY => true,'] : []),
    '        CURLOPT_RETURNTRANSFER => true,',
    '        CURLOPT_HEADER => true, // the response headers too, for Retry-After',
    '        CURLOPT_TIMEOUT => 60,',
    '    ]);',
    '    $raw = curl_exec($curl);',
    '    if ($raw === false) {',
    ...commented([networkErrorNote(request)], '        //', 'php'),
    "        fwrite(STDERR, 'Network error: ' . curl_error($curl) . \"\\n\");",
    '        exit(1);',
    '    }',
    '    $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);',
    '    $headerSize = curl_getinfo($curl, CURLINFO_HEADER_SIZE);',
    '    $text = substr($raw, $headerSize);',
    `    if ($status !== 429 || $attempt === ${MAX_RETRIES}) {`,
    '        break;',
    '    }',
    ...commented([TOO_MANY_REQUESTS_NOTE], '    //', 'php'),
    "    $wait = preg_match('/^retry-after:\\s*(\\d+)\\s*$/mi', substr($raw, 0, $headerSize), $match) ? (int) $match[1] : 2 ** $attempt;",
    '    sleep($wait);',
    '}',
    '',
    'if ($status === 402) {',
    `    // ${DECLINE_NOTE}`,
  );
  if (answersJson(request)) {
    lines.push(
      "    $error = json_decode($text, true)['payload']['error'];",
      "    echo \"Declined: {$error['error-message']} (result code {$error['result-code']})\\n\";",
    );
  } else {
    lines.push('    echo "Declined: $text\\n";');
  }
  lines.push(
    '    exit(2);',
    '}',
    'if ($status >= 400) {',
    '    fwrite(STDERR, "HTTP $status: $text\\n");',
    '    exit(1);',
    '}',
    'echo $text, "\\n";',
  );
  return `${lines.join('\n')}\n`;
}

export const php: LanguageGenerator = {
  id: 'php',
  label: 'PHP (curl)',
  fileExtension: 'php',
  editorLanguage: 'php',
  toolchain: {
    needs: 'php with its curl extension',
    debianPackages: ['php-cli', 'php-curl'],
    checks: [['php', '-r', 'exit(function_exists("curl_init") ? 0 : 1);']],
    run: ['php', '{file}'],
  },
  render,
};
