// REST Client and httpYac `.http` / `.rest` files: already this project's syntax in most of what
// they say (`@name = value`, `###`, `# @name`, `{{sale.response.body.$.a}}`, `{{$guid}}`), read
// with the project's own request-file parser. What changes: the `{{baseUrl}}` base, key headers
// and variables, and httpYac's `?? status == 200` assertions (to `# @expect`).

import { parseRequestFile } from '../requestFile';
import { carried, dropped, type ImportNote, type ImportedCollection, type ImportedRequest } from './importedRequest';

/** httpYac's `?? status == 200` and `?? js response.parsedBody.a.b == v`, with an `@expect` equivalent. */
function httpYacAssertion(line: string): string | undefined {
  const status = /^\?\?\s*status\s*==\s*(\d{3})\s*$/.exec(line);
  if (status) return `status ${status[1]}`;
  const body = /^\?\?\s*js\s+response\.parsedBody((?:\.[\w$-]+|\[\d+\])+)\s*(==|!=)\s*(.+?)\s*$/.exec(line);
  if (body) return `${body[1].replace(/^\./, '')} ${body[2]} ${body[3].replace(/^(["'])(.*)\1$/, '$2')}`;
  return undefined;
}

/** httpYac's `??` lines taken out of each block, ahead of parsing: what each block's request gets as @expect, and what was left. */
function liftHttpYacAssertions(text: string): { text: string; perBlock: Array<{ expectations: string[]; leftOver: string[] }> } {
  const perBlock: Array<{ expectations: string[]; leftOver: string[] }> = [{ expectations: [], leftOver: [] }];
  const kept: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^###/.test(line)) perBlock.push({ expectations: [], leftOver: [] });
    const block = perBlock[perBlock.length - 1];
    if (/^\?\?/.test(line)) {
      const e = httpYacAssertion(line.trim());
      if (e) block.expectations.push(e);
      else block.leftOver.push(line.trim());
      continue;
    }
    kept.push(line);
  }
  return { text: kept.join('\n'), perBlock };
}

export function readRestClientFile(name: string, source: string): ImportedCollection {
  const lifted = liftHttpYacAssertions(source);
  const file = parseRequestFile(lifted.text);
  const notes: ImportNote[] = [];
  const lines = lifted.text.split('\n');
  const requests: ImportedRequest[] = file.requests.map((r) => {
    const requestNotes: ImportNote[] = [];
    // The block a request is in: the count of `###` lines above its method line.
    const blockIndex = lines.slice(0, r.methodRange.start.line).filter((l) => /^###/.test(l)).length;
    const yac = lifted.perBlock[blockIndex] ?? { expectations: [], leftOver: [] };
    for (const left of yac.leftOver) requestNotes.push(dropped(`httpYac assertion not carried over: ${left.slice(0, 120)}`));
    if (yac.expectations.length) requestNotes.push(carried(`${yac.expectations.length} httpYac assertion(s) as # @expect lines`));
    let body = r.body?.text;
    if (r.body?.file) {
      requestNotes.push(dropped(`body file ${r.body.file.path}: copy it beside the imported file (its path is relative to the request file)`));
      body = r.body.text;
    }
    for (const p of r.prompts ?? []) requestNotes.push(carried(`# @prompt ${p.name} kept`));
    return {
      title: r.title ?? '',
      ...(r.name ? { name: r.name } : {}),
      method: r.method,
      url: r.target,
      headers: r.headers.map((h) => ({ name: h.name, value: h.value })),
      ...(body !== undefined ? { body } : {}),
      expectations: [...r.expectations.map((e) => e.text), ...yac.expectations],
      sets: [],
      notes: requestNotes,
      ...(r.prompts?.length ? { prompts: r.prompts.map((p) => p.name) } : {}),
    };
  });
  for (const d of file.diagnostics.filter((d) => d.severity === 'error')) notes.push(dropped(`line ${d.range.start.line + 1}: ${d.message}`));
  return { name, format: 'REST Client / httpYac file', requests, variables: file.variables.map((v) => ({ name: v.name, value: v.value })), notes };
}
