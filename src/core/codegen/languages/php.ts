// PHP 7.4+ with the curl extension (Debian: php-cli php-curl).

import type { CodeRequest, Segment } from '../codeRequest';
import {
  DECLINE_NOTE, MAX_RETRIES, TOO_MANY_REQUESTS_NOTE, answersJson, camelName, commented, headerLines, madeKinds, networkErrorNote,
  parameterNamed, type RenderContext,
} from '../programParts';
import type { LanguageGenerator } from './language';
import type { Parameter } from '../parameters';
import { offsetTerm } from '../runValues';

const single = (text: string): string => `'${text.replace(/[\\']/g, '\\$&')}'`;

/** A single-line string: single-quoted when plain, else double-quoted with `{$var}` interpolation. */
function inline(segments: readonly Segment[], request: CodeRequest): string {
  if (segments.every((s) => 'text' in s)) return single(segments.map((s) => ('text' in s ? s.text : '')).join(''));
  return `"${segments.map((s) => ('text' in s ? s.text.replace(/[\\"$]/g, '\\$&') : `{$${camelName(parameterNamed(request, s.param))}}`)).join('')}"`;
}

/** A body: a nowdoc when plain (taken as is), else a heredoc with `\` and `$` escaped. */
function document(segments: readonly Segment[], request: CodeRequest): string[] {
  const plain = segments.map((s) => ('text' in s ? s.text : '')).join('');
  let marker = 'BODY';
  while (plain.split(/\r?\n/).some((line) => line.trim().startsWith(marker))) marker += '_';
  if (segments.every((s) => 'text' in s)) return [`<<<'${marker}'`, plain, `${marker};`];
  const text = segments.map((s) => ('text' in s ? s.text.replace(/[\\$]/g, '\\$&') : `{$${camelName(parameterNamed(request, s.param))}}`)).join('');
  return [`<<<${marker}`, text, `${marker};`];
}

/** The value the program uses when the parameter's variable is unset: a system variable made now, or the literal. */
function fallbackOf(p: Parameter): string | undefined {
  const made = p.madeEachRun;
  if (!made) return p.fallback === undefined ? undefined : single(p.fallback);
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
  const lines = ['<?php', ...commented(headerLines(request, context, 'Run it with PHP 7.4+ and its curl extension: php program.php'), '//')];
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
  for (const h of request.headers) lines.push(`    ${inline([{ text: `${h.name}: ` }, ...h.value], request)},`);
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
    `        CURLOPT_CUSTOMREQUEST => '${request.method}',`,
    '        CURLOPT_HTTPHEADER => $headers,',
    ...(request.body ? ['        CURLOPT_POSTFIELDS => $body,'] : []),
    '        CURLOPT_RETURNTRANSFER => true,',
    '        CURLOPT_HEADER => true, // the response headers too, for Retry-After',
    '        CURLOPT_TIMEOUT => 60,',
    '    ]);',
    '    $raw = curl_exec($curl);',
    '    if ($raw === false) {',
    ...commented([networkErrorNote(request)], '        //'),
    "        fwrite(STDERR, 'Network error: ' . curl_error($curl) . \"\\n\");",
    '        exit(1);',
    '    }',
    '    $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);',
    '    $headerSize = curl_getinfo($curl, CURLINFO_HEADER_SIZE);',
    '    $text = substr($raw, $headerSize);',
    `    if ($status !== 429 || $attempt === ${MAX_RETRIES}) {`,
    '        break;',
    '    }',
    ...commented([TOO_MANY_REQUESTS_NOTE], '    //'),
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

export const php: LanguageGenerator = { id: 'php', label: 'PHP (curl)', fileExtension: 'php', render };
