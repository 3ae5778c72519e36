// Bruno's .bru text format, read into the shape Bruno's own parser (@usebruno/lang's bruToJsonV2)
// gives, for the blocks an import uses. Why not that parser in the bundles: with ohm-js and lodash
// it is 308 KB minified, 100 KB in the .vsix, which took the .vsix to 832.6 KB (budget 800) and the
// CLI package to 652 KB (budget 600), measured. It stays a development dependency: a test checks
// this reader gives what it gives on the test collections (test/core/bruFormat.test.ts).
//
// The format: top-level blocks `name {` … `}` (the closing brace alone at the start of a line).
// Dictionary blocks hold `key: value` lines indented by two spaces, a disabled one prefixed `~`;
// text blocks (`body:json`, `script:*`, `tests`, `docs`) hold their text indented by two spaces;
// list blocks `name [` … `]` hold one name a line.

const TEXT_BLOCKS = /^(?:body:(?:json|xml|text|graphql|graphql:vars|sparql)|script:(?:pre-request|post-response)|tests|docs)$/;
const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'connect', 'trace']);

interface Entry { name: string; value: string; enabled: boolean }

interface Block { name: string; kind: 'dictionary' | 'text' | 'list'; lines: string[] }

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let open: Block | undefined;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (!open) {
      const start = /^([\w:-]+)\s*([{[])\s*$/.exec(line);
      if (start) open = { name: start[1], kind: start[2] === '[' ? 'list' : TEXT_BLOCKS.test(start[1]) ? 'text' : 'dictionary', lines: [] };
      continue;
    }
    if (line === (open.kind === 'list' ? ']' : '}')) {
      blocks.push(open);
      open = undefined;
      continue;
    }
    open.lines.push(line);
  }
  if (open) throw new Error(`the block "${open.name}" is not closed (a "${open.kind === 'list' ? ']' : '}'}" alone at the start of a line)`);
  return blocks;
}

function entries(block: Block | undefined): Entry[] {
  return (block?.lines ?? []).flatMap((line) => {
    const m = /^\s*(~?)([^:]+?)\s*:\s?(.*)$/.exec(line);
    return m ? [{ name: m[2].trim(), value: m[3].trim(), enabled: m[1] !== '~' }] : [];
  });
}

const dictionary = (block: Block | undefined): Record<string, string> => Object.fromEntries(entries(block).map((e) => [e.name, e.value]));
/** A text block's text without the two spaces every line is indented by. */
const textOf = (block: Block | undefined): string => (block?.lines ?? []).map((l) => l.replace(/^ {2}/, '')).join('\n').replace(/^\n+|\n+$/g, '');

/** A request .bru file, in bruToJsonV2's shape for the fields an import reads. */
export function readBru(text: string): Record<string, unknown> {
  const blocks = blocksOf(text);
  const find = (name: string) => blocks.find((b) => b.name === name);
  const methodBlock = blocks.find((b) => METHODS.has(b.name));
  const http = methodBlock ? { method: methodBlock.name, ...dictionary(methodBlock) } : undefined;
  const body: Record<string, unknown> = {};
  for (const b of blocks.filter((b) => b.kind === 'text' && b.name.startsWith('body:'))) body[b.name.slice('body:'.length)] = textOf(b);
  const form = find('body:form-urlencoded');
  if (form) body.formUrlEncoded = entries(form);
  const script: Record<string, string> = {};
  if (find('script:pre-request')) script.req = textOf(find('script:pre-request'));
  if (find('script:post-response')) script.res = textOf(find('script:post-response'));
  return {
    meta: dictionary(find('meta')),
    ...(http ? { http } : {}),
    headers: entries(find('headers')),
    params: [...entries(find('params:query') ?? find('query')).map((e) => ({ ...e, type: 'query' })), ...entries(find('params:path')).map((e) => ({ ...e, type: 'path' }))],
    body,
    vars: { req: entries(find('vars:pre-request')), res: entries(find('vars:post-response')) },
    assertions: entries(find('assert')),
    script,
    ...(find('tests') ? { tests: textOf(find('tests')) } : {}),
  };
}

/** An environment .bru file's variables (its `vars:secret` names have no value in the file). */
export function readBruEnvironment(text: string): { variables: Array<Entry & { secret: boolean }> } {
  const blocks = blocksOf(text);
  const plain = entries(blocks.find((b) => b.name === 'vars')).map((e) => ({ ...e, secret: false }));
  const secret = (blocks.find((b) => b.name === 'vars:secret')?.lines ?? []).map((l) => l.trim().replace(/,$/, '')).filter(Boolean).map((n) => ({ name: n.replace(/^~/, ''), value: '', enabled: !n.startsWith('~'), secret: true }));
  return { variables: [...plain, ...secret] };
}
