// Python 3.8+ with requests (`pip install requests`, or Debian's python3-requests).

import type { CodeRequest, Segment } from '../codeRequest';
import {
  DECLINE_NOTE, MAX_RETRIES, TOO_MANY_REQUESTS_NOTE, answersJson, commented, headerLines, madeKinds, networkErrorNote,
  parameterNamed, snakeName, type RenderContext,
} from '../programParts';
import type { LanguageGenerator } from './language';
import type { Parameter } from '../parameters';
import { offsetTerm, type RunValue } from '../runValues';
import { hex4 } from '../../protection/visibleText';

/** Any character but printable ASCII as an escape: `\x0d`, `\u2028`, `\U0001f600`. */
function escaped(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code < 0x10000 ? `\\u${hex4(code)}` : `\\U${code.toString(16).toUpperCase().padStart(8, '0')}`;
}

/**
 * A string literal's text: printable ASCII as it is, everything else escaped; in an f-string
 * braces doubled. A triple-quoted literal keeps its line feeds (Python would read a CR in it as
 * one: escaped) and escapes a quote that another follows or that ends the text, so no three meet.
 */
function literalText(text: string, fString: boolean, tripleQuoted: boolean): string {
  const chars = [...text];
  return chars.map((c, i) => {
    if (c === '\\') return '\\\\';
    if (c === '"') return !tripleQuoted || i === chars.length - 1 || chars[i + 1] === '"' ? '\\"' : c;
    if (fString && (c === '{' || c === '}')) return c + c;
    if (/[\x20-\x7e]/.test(c) || (tripleQuoted && c === '\n')) return c;
    return escaped(c);
  }).join('');
}

const quoted = (text: string): string => `"${literalText(text, false, false)}"`;

/** A string expression: a literal (triple-quoted when it spans lines, so a body reads as written), an f-string where parameters stand. */
function template(segments: readonly Segment[], request: CodeRequest): string {
  const only = segments.length === 1 ? segments[0] : undefined;
  if (only && 'param' in only) return snakeName(parameterNamed(request, only.param));
  const fString = segments.some((s) => 'param' in s);
  const multiline = segments.some((s) => 'text' in s && s.text.includes('\n'));
  const inner = segments.map((s) => ('text' in s ? literalText(s.text, fString, multiline) : `{${snakeName(parameterNamed(request, s.param))}}`)).join('');
  return `${fString ? 'f' : ''}${multiline ? `"""\\\n${inner}"""` : `"${inner}"`}`;
}

/** The value the program uses when the parameter's variable is unset: a system variable made now, or the literal. */
function fallbackOf(p: Parameter): string | undefined {
  const made = p.madeEachRun;
  if (!made) return p.fallback === undefined ? undefined : quoted(p.fallback);
  const seconds = `time.time()${offsetTerm(made, 1000)}`;
  switch (made.kind) {
    case 'uuid': return 'str(uuid.uuid4())';
    case 'randomInt': return `str(random.SystemRandom().randrange(${made.min}, ${made.max}))`;
    case 'timestamp': return `str(math.floor(${seconds}))`;
    case 'iso8601': return `datetime.datetime.fromtimestamp(${seconds}, datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")`;
    case 'rfc1123': return `email.utils.formatdate(${seconds}, usegmt=True)`;
  }
}

/** The modules a made value needs, by kind. */
const MODULES: Readonly<Record<RunValue['kind'], string | undefined>> = { uuid: 'uuid', randomInt: 'random', timestamp: 'math', iso8601: 'datetime', rfc1123: 'email.utils' };

function render(request: CodeRequest, context: RenderContext): string {
  const lines = commented(headerLines(request, context, 'Run it with Python 3.8+ and requests: python3 program.py'), '#', 'python');
  const modules = new Set(['os', 'sys', 'time']);
  for (const kind of madeKinds(request)) {
    const module = MODULES[kind];
    if (module) modules.add(module);
  }
  lines.push(
    ...[...modules].sort().map((m) => `import ${m}`),
    '',
    'import requests',
    '',
    '',
    'def env(name, fallback=None):',
    '    value = os.environ.get(name) or fallback',
    '    if value is None:',
    '        sys.exit(f"Set the environment variable {name}")',
    '    return value',
    '',
    '',
  );
  for (const p of request.parameters) {
    const fallback = fallbackOf(p);
    lines.push(`${snakeName(p)} = env("${p.name}"${fallback ? `, ${fallback}` : ''})${/URL$/.test(p.name) ? '.rstrip("/")' : ''}`);
  }
  lines.push('', `url = ${template(request.url, request)}`, 'headers = {');
  for (const h of request.headers) lines.push(`    ${quoted(h.name)}: ${template(h.value, request)},`);
  lines.push('}');
  if (request.body) lines.push(`body = ${template(request.body.text, request)}`);
  lines.push(
    '',
    `for attempt in range(${MAX_RETRIES + 1}):`,
    ...commented([networkErrorNote(request)], '    #', 'python'),
    `    response = requests.request(${quoted(request.method)}, url, headers=headers${request.body ? ', data=body.encode("utf-8")' : ''}, timeout=60)`,
    `    if response.status_code != 429 or attempt == ${MAX_RETRIES}:`,
    '        break',
    ...commented([TOO_MANY_REQUESTS_NOTE], '    #', 'python'),
    '    retry_after = response.headers.get("Retry-After", "")',
    '    time.sleep(int(retry_after) if retry_after.isdigit() else 2 ** attempt)',
    '',
    'if response.status_code == 402:',
    `    # ${DECLINE_NOTE}`,
  );
  if (answersJson(request)) {
    lines.push(
      '    error = response.json()["payload"]["error"]',
      '    print(f"Declined: {error[\'error-message\']} (result code {error[\'result-code\']})")',
    );
  } else {
    lines.push('    print(f"Declined: {response.text}")');
  }
  lines.push(
    '    sys.exit(2)',
    'if not response.ok:',
    '    sys.exit(f"HTTP {response.status_code}: {response.text}")',
    'print(response.text)',
  );
  return `${lines.join('\n')}\n`;
}

export const python: LanguageGenerator = {
  id: 'python',
  label: 'Python (requests)',
  fileExtension: 'py',
  editorLanguage: 'python',
  toolchain: {
    needs: 'python3 with requests',
    debianPackages: ['python3', 'python3-requests'],
    checks: [['{tool}', '-c', 'import requests']],
    // Debian's python3-requests lands in /usr/bin/python3, which may not be the first python3 on PATH (pyenv).
    tools: ['python3', '/usr/bin/python3'],
    run: ['{tool}', '{file}'],
  },
  render,
};
