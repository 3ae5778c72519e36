// JavaScript for Node 18 or later: built-in fetch, an ES module (top-level await), no packages.

import type { CodeRequest, Segment } from '../codeRequest';
import {
  DECLINE_NOTE, MAX_RETRIES, TOO_MANY_REQUESTS_NOTE, answersJson, camelName, commented, headerLines, madeKinds, networkErrorNote,
  parameterNamed, type RenderContext,
} from '../programParts';
import type { LanguageGenerator } from './language';
import type { Parameter } from '../parameters';
import { offsetTerm } from '../runValues';

const quoted = (text: string): string => `'${text.replace(/[\\']/g, '\\$&').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;

/** A template literal: backquote, `\` and `${` escaped, parameters interpolated. */
function template(segments: readonly Segment[], request: CodeRequest): string {
  const only = segments.length === 1 ? segments[0] : undefined;
  if (only && 'param' in only) return camelName(parameterNamed(request, only.param));
  if (segments.every((s) => 'text' in s) && !segments.some((s) => 'text' in s && s.text.includes('\n'))) {
    return quoted(segments.map((s) => ('text' in s ? s.text : '')).join(''));
  }
  return `\`${segments.map((s) => ('text' in s ? s.text.replace(/[\\`]|\$\{/g, (m) => `\\${m}`) : `\${${camelName(parameterNamed(request, s.param))}}`)).join('')}\``;
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
  const lines = commented(headerLines(request, context, 'Run it with Node 18 or later: node program.mjs'), '//');
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
  const init = `{ method: '${request.method}', headers${request.body ? ', body' : ''} }`;
  lines.push(
    '',
    'let response;',
    'for (let attempt = 0; ; attempt++) {',
    ...commented([networkErrorNote(request)], '  //'),
    `  response = await fetch(url, ${init});`,
    `  if (response.status !== 429 || attempt === ${MAX_RETRIES}) break;`,
    ...commented([TOO_MANY_REQUESTS_NOTE], '  //'),
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

export const javascript: LanguageGenerator = { id: 'js', label: 'JavaScript (fetch, Node 18+)', fileExtension: 'mjs', render };
