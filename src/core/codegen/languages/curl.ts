// cURL: one command to paste into a POSIX shell (bash, zsh, sh). Keys and chained values come
// from environment variables, checked at the top: a missing one stops with a message.
// Every text from the request file is a single-quoted shell word (nothing in it is expanded,
// `!` included, which bash's interactive history would read inside double quotes); the body is
// printf's format, so that it goes out byte for byte — a NUL included, no newline added.

import type { CodeRequest, Segment } from '../codeRequest';
import { commented, headerLines, type RenderContext } from '../programParts';
import type { LanguageGenerator } from './language';
import { BUILTIN_PARAMETERS, CREDENTIAL_PARAMETERS, type Parameter } from '../parameters';
import type { RunValue } from '../runValues';
import { CodeGenerationError } from '../requestChecks';
import { isReadMethod } from '../../http/retryPolicy';

/** A single-quoted word: `'` written as `'\''`, everything else as it is. */
const singleQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** A shell word of text and parameters: quoted text, and `"$NAME"` (each parameter is set at the top). */
function word(segments: readonly Segment[]): string {
  const pieces: string[] = [];
  let text: string | undefined;
  for (const s of segments) {
    if ('text' in s) {
      text = (text ?? '') + s.text;
      continue;
    }
    if (text !== undefined) pieces.push(singleQuoted(text));
    text = undefined;
    pieces.push(`"$${s.param}"`);
  }
  if (text !== undefined || pieces.length === 0) pieces.push(singleQuoted(text ?? ''));
  return pieces.join('');
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

/**
 * Where a user gets an environment's URLs and keys as variables: said when one is missing (no
 * quotes or apostrophes: it is a word inside "${NAME:?…}", where those are not portable).
 */
const CONNECTION_HINT = 'in VS Code: Gateway: Open Terminal with Gateway Variables, or Gateway: Copy Connection Settings';
const CONNECTION_NAMES: ReadonlySet<string> = new Set([...BUILTIN_PARAMETERS.map(b => b.parameter.name), ...Object.values(CREDENTIAL_PARAMETERS).map(p => p.name)]);

/** The line that gives a parameter its value when the environment does not, or stops without it. */
function parameterLine(p: Parameter): string {
  const made = p.madeEachRun ? madeInShell(p.madeEachRun) : undefined;
  if (made) return `[ -n "\${${p.name}:-}" ] || ${p.name}=${made}`;
  if (p.fallback !== undefined) {
    // A shell word cannot hold a NUL byte.
    if (p.fallback.includes('\0')) throw new CodeGenerationError(`the value of {{${p.name}}} holds a NUL character, which a shell cannot carry`);
    return `[ -n "\${${p.name}:-}" ] || ${p.name}=${singleQuoted(p.fallback)}`;
  }
  return `: "\${${p.name}:?set ${p.name}${CONNECTION_NAMES.has(p.name) ? ` (${CONNECTION_HINT})` : ''}}"`;
}

/** printf's format for text: `\` and `%` doubled, a NUL written `\000`, the rest as it is inside single quotes (a byte is a byte there). */
function printfFormat(text: string): string {
  return text.replace(/[\\%]/g, '$&$&').replace(/\0/g, '\\000');
}

/** `printf '<format>' "$NAME" … |`: the body, parameters as `%s` arguments; a leading `-` written `\055`, so printf takes it for no option. */
function bodyPipe(segments: readonly Segment[]): string {
  const format = segments.map((s) => ('text' in s ? printfFormat(s.text) : '%s')).join('');
  const args = segments.flatMap((s) => ('param' in s ? [`"$${s.param}"`] : []));
  return `printf ${singleQuoted(format.replace(/^-/, '\\055'))}${args.map((a) => ` ${a}`).join('')} |`;
}

function render(request: CodeRequest, context: RenderContext): string {
  const read = isReadMethod(request.method);
  const notes = read
    ? ['--retry 3 waits for Retry-After on a 429 (and retries a 503) before giving up.']
    : [`No --retry: curl would send this ${request.method} again after a timeout or a 5xx, and a payment must`,
        'never be sent twice. On a 429, wait as long as Retry-After says, then run it again.'];
  const lines = [
    ...commented([...headerLines(request, context, 'Paste it into a shell.'), ...notes,
      '402 is a decline, not a broken request: the reason is in payload.error.'], '#', 'shell'),
    ...request.parameters.map(parameterLine),
  ];
  // -X HEAD would wait for a body that never comes: --head asks for none.
  const method = request.method === 'HEAD' ? '--head' : `-X ${singleQuoted(request.method)}`;
  const args: string[] = [`curl -sS ${method} ${word(request.url)}`];
  // -H 'Name:' would remove the header: curl sends one with an empty value as -H 'Name;'.
  for (const header of request.headers) args.push(`-H ${header.value.length === 0 ? singleQuoted(`${header.name};`) : word([{ text: `${header.name}: ` }, ...header.value])}`);
  if (read) args.push('--retry 3');
  args.push(`-w '\\nHTTP %{http_code}\\n'`);
  if (request.body) args.push('--data-binary @-');
  const command = args.map((a, i) => (i === 0 ? a : `  ${a}`)).join(' \\\n');
  lines.push(...(request.body ? `${bodyPipe(request.body.text)}\n${command}` : command).split('\n'));
  return `${lines.join('\n')}\n`;
}

export const curl: LanguageGenerator = {
  id: 'curl',
  label: 'cURL',
  fileExtension: 'sh',
  editorLanguage: 'shellscript',
  toolchain: { needs: 'curl and sh', debianPackages: ['curl'], checks: [['curl', '--version'], ['sh', '-c', 'true']], run: ['sh', '{file}'] },
  render,
};
