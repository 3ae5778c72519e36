// Python 3.8+ with requests (`pip install requests`, or Debian's python3-requests).

import type { CodeRequest, Segment } from '../codeRequest';
import {
  DECLINE_NOTE, MAX_RETRIES, TOO_MANY_REQUESTS_NOTE, answersJson, commented, headerLines, madeKinds, networkErrorNote,
  parameterNamed, snakeName, type RenderContext,
} from '../programParts';
import type { LanguageGenerator } from './language';
import type { Parameter } from '../parameters';
import { offsetTerm, type RunValue } from '../runValues';

const quoted = (text: string): string => JSON.stringify(text);

/** A string expression: a plain literal, or an f-string with `{` `}` doubled and parameters interpolated. */
function template(segments: readonly Segment[], request: CodeRequest): string {
  const only = segments.length === 1 ? segments[0] : undefined;
  if (only && 'param' in only) return snakeName(parameterNamed(request, only.param));
  if (segments.every((s) => 'text' in s)) {
    const text = segments.map((s) => ('text' in s ? s.text : '')).join('');
    return text.includes('\n') && !/"""|\\/.test(text) ? `"""\\\n${text}"""` : quoted(text);
  }
  const multiline = segments.some((s) => 'text' in s && s.text.includes('\n'));
  const literal = (text: string): string => {
    const escaped = text.replace(/\\/g, '\\\\').replace(/[{}]/g, '$&$&');
    return multiline ? escaped.replace(/"""/g, '\\"\\"\\"') : escaped.replace(/"/g, '\\"').replace(/\n/g, '\\n');
  };
  const inner = segments.map((s) => ('text' in s ? literal(s.text) : `{${snakeName(parameterNamed(request, s.param))}}`)).join('');
  return multiline ? `f"""\\\n${inner}"""` : `f"${inner}"`;
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
  const lines = commented(headerLines(request, context, 'Run it with Python 3.8+ and requests: python3 program.py'), '#');
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
    ...commented([networkErrorNote(request)], '    #'),
    `    response = requests.request("${request.method}", url, headers=headers${request.body ? ', data=body.encode("utf-8")' : ''}, timeout=60)`,
    `    if response.status_code != 429 or attempt == ${MAX_RETRIES}:`,
    '        break',
    ...commented([TOO_MANY_REQUESTS_NOTE], '    #'),
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

export const python: LanguageGenerator = { id: 'python', label: 'Python (requests)', fileExtension: 'py', render };
