// JavaScript for Node 18 or later: built-in fetch, an ES module (top-level await), no packages.

import type { CodeRequest, Segment } from '../codeRequest';
import {
  DECLINE_NOTE, MAX_RETRIES, TOO_MANY_REQUESTS_NOTE, answersJson, camelName, commented, headerLines, madeKinds, networkErrorNote,
  parameterNamed, type RenderContext,
} from '../programParts';
import type { LanguageGenerator } from './language';
import type { Parameter } from '../parameters';
import { offsetTerm } from '../runValues';
import { hex4 } from '../../protection/visibleText';

/** Any character but printable ASCII as an escape: `\x0D`, `\u2028`, `\u{1F600}`. */
function escaped(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x100 ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : code < 0x10000 ? `\\u${hex4(code)}` : `\\u{${code.toString(16).toUpperCase()}}`;
}

/** One character in a literal quoted by `quote`: printable ASCII as it is (but the quote and `\`), everything else escaped. */
function literalChar(c: string, quote: string, keepLineFeeds: boolean): string {
  if (c === '\\' || c === quote) return `\\${c}`;
  // In a template literal "${" starts an interpolation.
  if (c === '$' && quote === '`') return '\\$';
  if (/[\x20-\x7e]/.test(c) || (keepLineFeeds && c === '\n')) return c;
  return escaped(c);
}

/** A literal's text; a template literal keeps its line feeds (a CR it would turn into one is escaped). */
function literalText(text: string, quote: string, keepLineFeeds = false): string {
  return [...text].map((c) => literalChar(c, quote, keepLineFeeds)).join('');
}

const quoted = (text: string): string => `'${literalText(text, "'")}'`;

/** A string expression: a quoted literal, or a template literal (line feeds kept, so a body reads as written) with parameters interpolated. */
function template(segments: readonly Segment[], request: CodeRequest): string {
  const only = segments.length === 1 ? segments[0] : undefined;
  if (only && 'param' in only) return camelName(parameterNamed(request, only.param));
  if (segments.every((s) => 'text' in s) && !segments.some((s) => 'text' in s && s.text.includes('\n'))) {
    return quoted(segments.map((s) => ('text' in s ? s.text : '')).join(''));
  }
  return `\`${segments.map((s) => ('text' in s ? literalText(s.text, '`', true) : `\${${camelName(parameterNamed(request, s.param))}}`)).join('')}\``;
}

/** The value the program uses when the parameter's variable is unset: a system variable made now, or the literal. */
function fallbackOf(p: Parameter): string | undefined {
  const made = p.madeEachRun;
  if (!made) return p.fallback === undefined ? undefined : quoted(p.fallback);
  const offset = offsetTerm(made);
  const now = `Date.now()${offset}`;
  switch (made.kind) {
    case 'uuid': return 'randomUUID()';
    case 'randomInt': return `String(randomInt(${made.min}, ${made.max}))`;
    case 'timestamp': return `String(Math.floor(${offset ? `(${now})` : now} / 1000))`;
    case 'iso8601': return `new Date(${offset ? now : ''}).toISOString()`;
    case 'rfc1123': return `new Date(${offset ? now : ''}).toUTCString()`;
  }
}

function render(request: CodeRequest, context: RenderContext): string {
  const lines = commented(headerLines(request, context, 'Run it with Node 18 or later: node program.mjs'), '//', 'javascript');
  const made = madeKinds(request);
  const fromCrypto = [...(made.has('randomInt') ? ['randomInt'] : []), ...(made.has('uuid') ? ['randomUUID'] : [])];
  if (fromCrypto.length > 0) lines.push('', `import { ${fromCrypto.join(', ')} } from 'node:crypto';`);
  lines.push(
    '',
    'function env(name, fallback) {',
    '  const value = process.env[name] || fallback;',
    '  if (value === undefined) throw new Error(`Set the environment variable ${name}`);',
    '  return value;',
    '}',
    '',
  );
  for (const p of request.parameters) {
    const fallback = fallbackOf(p);
    const read = `env('${p.name}'${fallback ? `, ${fallback}` : ''})`;
    lines.push(`const ${camelName(p)} = ${read}${/URL$/.test(p.name) ? ".replace(/\\/+$/, '')" : ''};`);
  }
  lines.push('', `const url = ${template(request.url, request)};`, 'const headers = {');
  for (const h of request.headers) lines.push(`  ${quoted(h.name)}: ${template(h.value, request)},`);
  lines.push('};');
  if (request.body) lines.push(`const body = ${template(request.body.text, request)};`);
  const init = `{ method: ${quoted(request.method)}, headers${request.body ? ', body' : ''} }`;
  lines.push(
    '',
    'let response;',
    'for (let attempt = 0; ; attempt++) {',
    ...commented([networkErrorNote(request)], '  //', 'javascript'),
    `  response = await fetch(url, ${init});`,
    `  if (response.status !== 429 || attempt === ${MAX_RETRIES}) break;`,
    ...commented([TOO_MANY_REQUESTS_NOTE], '  //', 'javascript'),
    "  const retryAfter = response.headers.get('retry-after') ?? '';",
    '  const seconds = /^\\d+$/.test(retryAfter) ? Number(retryAfter) : 2 ** attempt;',
    '  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));',
    '}',
    '',
    'const text = await response.text();',
    'if (response.status === 402) {',
    `  // ${DECLINE_NOTE}`,
  );
  if (answersJson(request)) {
    lines.push(
      "  const { 'error-message': message, 'result-code': code } = JSON.parse(text).payload.error;",
      '  console.log(`Declined: ${message} (result code ${code})`);',
    );
  } else {
    lines.push('  console.log(`Declined: ${text}`);');
  }
  lines.push(
    '  process.exit(2);',
    '}',
    'if (!response.ok) {',
    '  console.error(`HTTP ${response.status}: ${text}`);',
    '  process.exit(1);',
    '}',
    'console.log(text);',
  );
  return `${lines.join('\n')}\n`;
}

export const javascript: LanguageGenerator = {
  id: 'js',
  label: 'JavaScript (fetch, Node 18+)',
  fileExtension: 'mjs',
  editorLanguage: 'javascript',
  toolchain: {
    needs: 'node 18 or later',
    debianPackages: ['nodejs'],
    checks: [['node', '-e', 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)']],
    run: ['node', '{file}'],
  },
  render,
};
