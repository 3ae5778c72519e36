// cURL: one command to paste into a POSIX shell (bash, zsh, sh). Keys and chained values come
// from environment variables through `${NAME:?…}`, which stops with a message when one is unset.

import type { CodeRequest, Segment } from '../codeRequest';
import { commented, headerLines, type RenderContext } from '../programParts';
import type { LanguageGenerator } from './language';
import type { RunValue } from '../runValues';

/** A word in double quotes: `$`, backquote, `"` and `\` escaped, parameters expanded. */
function doubleQuoted(segments: readonly Segment[], request: CodeRequest): string {
  return `"${segments.map((s) => ('text' in s ? s.text.replace(/[$`"\\]/g, '\\$&') : expansion(s.param, request))).join('')}"`;
}

/** A POSIX shell's way to make a system variable at each run (GNU date, else BSD's); undefined where it has none. */
function madeInShell(made: RunValue): string | undefined {
  const seconds = 'offsetMs' in made ? Math.trunc(made.offsetMs / 1000) : 0;
  const now = seconds === 0 ? '$(date +%s)' : `$(( $(date +%s) ${seconds > 0 ? '+' : '-'} ${Math.abs(seconds)} ))`;
  const date = (format: string): string => (seconds === 0
    ? `$(LC_ALL=C date -u '${format}')`
    : `$(LC_ALL=C date -u -d "@${now}" '${format}' 2>/dev/null || LC_ALL=C date -u -r "${now}" '${format}')`);
  switch (made.kind) {
    case 'uuid': return '$(cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen | tr A-F a-f)';
    // Four random bytes: a range wider than that keeps the value made when the command was generated.
    case 'randomInt': return made.max - made.min <= 2 ** 32 ? `$((${made.min} + $(od -An -N4 -tu4 /dev/urandom) % ${made.max - made.min}))` : undefined;
    case 'timestamp': return now;
    case 'iso8601': return date('+%Y-%m-%dT%H:%M:%S.000Z');
    case 'rfc1123': return date('+%a, %d %b %Y %H:%M:%S GMT');
  }
}

function expansion(name: string, request: CodeRequest): string {
  const parameter = request.parameters.find((p) => p.name === name);
  const made = parameter?.madeEachRun ? madeInShell(parameter.madeEachRun) : undefined;
  if (made) return `\${${name}:-${made}}`;
  if (parameter?.fallback) return `\${${name}:-${parameter.fallback.replace(/[$`"\\}]/g, '\\$&')}}`;
  return `\${${name}:?set ${name}}`;
}

/** A here-document: quoted (taken as is) without parameters, else with `$`, backquote and `\` escaped. */
function hereDocument(segments: readonly Segment[], request: CodeRequest): string[] {
  let marker = 'BODY';
  const plain = segments.map((s) => ('text' in s ? s.text : '')).join('');
  while (plain.split(/\r?\n/).includes(marker)) marker += '_';
  if (segments.every((s) => 'text' in s)) return [`--data-binary @- <<'${marker}'`, plain, marker];
  const text = segments.map((s) => ('text' in s ? s.text.replace(/[$`\\]/g, '\\$&') : expansion(s.param, request))).join('');
  return [`--data-binary @- <<${marker}`, text, marker];
}

function render(request: CodeRequest, context: RenderContext): string {
  const idempotent = request.method !== 'POST';
  const notes = idempotent
    ? ['--retry 3 waits for Retry-After on a 429 (and retries a 503) before giving up.']
    : ['No --retry: curl would send this POST again after a timeout or a 5xx, and a payment must',
        'never be sent twice. On a 429, wait as long as Retry-After says, then run it again.'];
  const lines = [
    ...commented([...headerLines(request, context, 'Paste it into a shell.'), ...notes,
      '402 is a decline, not a broken request: the reason is in payload.error.'], '#'),
  ];
  const args: string[] = [`curl -sS -X ${request.method} ${doubleQuoted(request.url, request)}`];
  for (const header of request.headers) args.push(`-H ${doubleQuoted([{ text: `${header.name}: ` }, ...header.value], request)}`);
  if (idempotent) args.push('--retry 3');
  args.push(`-w '\\nHTTP %{http_code}\\n'`);
  if (request.body) {
    const [first, ...rest] = hereDocument(request.body.text, request);
    args.push(first);
    lines.push(...args.map((a, i) => (i === 0 ? a : `  ${a}`)).join(' \\\n').split('\n'), ...rest);
  } else {
    lines.push(...args.map((a, i) => (i === 0 ? a : `  ${a}`)).join(' \\\n').split('\n'));
  }
  return `${lines.join('\n')}\n`;
}

export const curl: LanguageGenerator = { id: 'curl', label: 'cURL', fileExtension: 'sh', render };
