// A request file with a hostile value in every place one can stand (hostileValues.ts), as the
// parser reads it: the property test of code generation runs the programs made from these.
import fc from 'fast-check';
import { KNOWN_METHODS } from '../../src/core/requestFile';
import { headerName, hostileText, printable } from './hostileValues';

/** The value the request's # @prompt variable gets (the program reads it as PV). */
export const PROMPT_VALUE = '7.50';

/** One generated request file: its text, the body file beside it, the program's source name. */
export interface FuzzCase {
  text: (id: string) => string;
  bodyFile?: string;
  source: string;
}

/** A file variable's value: one line the parser keeps as written (trimmed, no line end, no `{{`). */
const variableValue = (text: string): string => text.replace(/[\r\n\u2028\u2029\u0085]/g, ' ').replace(/\{\{/g, '{').trim();

export function fuzzCase(canaryPath: string): fc.Arbitrary<FuzzCase> {
  const anyText = hostileText(canaryPath);
  const oneLine = hostileText(canaryPath, { allow: (c) => !/[\r\n\u2028\u2029]/.test(c) });
  return fc.record({
    method: fc.constantFrom(...KNOWN_METHODS),
    title: oneLine,
    // A name is one word (anything else is a parse error, refused like the runner refuses it); the title carries the hostile text.
    name: fc.option(fc.stringMatching(/^[A-Za-z_][\w-]{0,12}$/), { nil: undefined }),
    question: oneLine,
    pathValue: hostileText(canaryPath, { allow: (c) => c !== '#' }).map(variableValue),
    literalPath: fc.string({ unit: fc.constantFrom(...'abcXYZ019-._~!$&()*+,;=:@%\'"<>[]^`|é'.split('')), maxLength: 8 }),
    queryValue: hostileText(canaryPath, { allow: (c) => c !== '#' }).map(variableValue),
    headers: fc.uniqueArray(fc.tuple(headerName, hostileText(canaryPath, { allow: printable }).map(variableValue)), { maxLength: 3, selector: ([n]) => n.toLowerCase() }),
    variable: hostileText(canaryPath, { allow: (c) => c !== '#' }).map(variableValue),
    body: fc.oneof(
      fc.constant(undefined),
      fc.record({ inline: anyText }),
      fc.record({ file: anyText, fill: fc.boolean() }),
    ),
    source: anyText,
  }).map((c) => {
    const hasBody = c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD';
    // An inline body as the parser reads one: no CR (a line end), no line that starts a block, no reference, no "< " start, no blank last line.
    const inline = hasBody && c.body && 'inline' in c.body
      ? `{"v": "{{v}}", "pv": "{{pv}}", "x": "${c.body.inline.replace(/\r/g, '').replace(/\{\{/g, '{').split('\n').map((l) => (l.startsWith('###') ? ` ${l}` : l)).join('\n')}"}`
      : undefined;
    const fileBody = hasBody && c.body && 'file' in c.body ? c.body : undefined;
    const lines = (id: string): string[] => [
      `@p = ${c.pathValue}`,
      `@q = ${c.queryValue}`,
      `@v = ${c.variable}`,
      `### ${c.title.replace(/^#+/, '')}`,
      ...(c.name ? [`# @name ${c.name}`] : []),
      `# @prompt pv ${c.question}`,
      `${c.method} {{gatewayUrl}}/rest/v2/fuzz/${c.literalPath}/{{p}}?q={{q}}&v={{v}}`,
      `X-Case: ${id}`,
      ...c.headers.map(([n, v]) => `${n}: ${v}`),
      'X-Prompt: {{pv}}',
      'Content-Type: application/json',
      'Accept: application/json',
      '',
      ...(inline !== undefined ? [inline] : fileBody ? [`${fileBody.fill ? '<@' : '<'} ./body.txt`] : []),
    ];
    return {
      text: (id: string) => `${lines(id).join('\n')}\n`,
      ...(fileBody ? { bodyFile: fileBody.fill ? fileBody.file.replace(/\{\{/g, '{') : fileBody.file } : {}),
      source: c.source,
    };
  });
}

