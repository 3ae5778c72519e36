// cURL: one command to paste into a POSIX shell (bash, zsh, sh). Keys and chained values come
// from environment variables through `${NAME:?…}`, which stops with a message when one is unset.

import type { CodeRequest, Segment } from '../codeRequest';
import { commented, headerLines, type RenderContext } from '../programParts';
import type { LanguageGenerator } from './language';

/** A word in double quotes: `$`, backquote, `"` and `\` escaped, parameters expanded. */
function doubleQuoted(segments: readonly Segment[], request: CodeRequest): string {
  return `"${segments.map((s) => ('text' in s ? s.text.replace(/[$`"\\]/g, '\\$&') : expansion(s.param, request))).join('')}"`;
}

function expansion(name: string, request: CodeRequest): string {
  const parameter = request.parameters.find((p) => p.name === name);
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
