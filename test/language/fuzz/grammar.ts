// Random request files built from plausible pieces: separators, comments, metadata, file
// variables, request lines (right and wrong methods, catalog paths with mutations), headers
// and bodies. Mostly near-valid, so the fuzz reaches deep into the handlers, not just the
// first "unknown method" diagnostic.
import { KNOWN_METHODS } from '../../../src/core/requestFile';
import { operations, type Operation } from '../../../src/catalog';
import type { Random } from './random';
import { bodyFor } from './bodies';
import { junk, keyLike, nasty, paramValue, variableRef } from './values';

interface FileState {
  variables: string[];
  requestNames: string[];
}

const WRONG_METHODS: readonly string[] = ['get', 'Post', 'FETCH', 'GETT', '', 'POST POST', '{{method}}', '\u0413ET'];

function method(r: Random, op: Operation): string {
  return r.weighted<string>([
    [14, op.method],
    [3, r.pick(KNOWN_METHODS)],
    [1, r.pick(WRONG_METHODS)],
  ]);
}

function pathFor(r: Random, op: Operation): string {
  let path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = op.params.find((p) => p.name === name);
    return param ? paramValue(r, param).replace(/ /g, '%20') : `{${name}}`;
  });
  const query = op.params.filter((p) => p.in === 'query' && r.chance(0.4));
  if (query.length > 0 || r.chance(0.05)) {
    path += '?' + query.map((p) => `${p.name}=${paramValue(r, p)}`).join('&') + (r.chance(0.1) ? '&' : '');
  }
  return r.chance(0.25) ? mutatePath(r, path) : path;
}

function mutatePath(r: Random, path: string): string {
  const segments = path.split('/');
  const i = r.int(1, Math.max(1, segments.length - 1));
  switch (r.int(0, 6)) {
    case 0: segments.splice(i, 1); break;
    case 1: segments.splice(i, 0, junk(r, 8)); break;
    case 2: segments[i] = (segments[i] ?? '').toUpperCase(); break;
    case 3: segments[i] = (segments[i] ?? '') + r.pick(['s', 'x', '-', '%zz', nasty(r)]); break;
    case 4: return path + '/';
    case 5: return path.replace('/v2/', r.pick(['/v1/', '/v3/', '//']));
    default: return path + r.pick(['#frag', '?', '/..', ' ']);
  }
  return segments.join('/');
}

function host(r: Random, op: Operation): string {
  const right = op.host === 'gateway' ? '{{gatewayUrl}}' : '{{boardingUrl}}';
  return r.weighted<string>([
    [12, right],
    [1, op.host === 'gateway' ? '{{boardingUrl}}' : '{{gatewayUrl}}'],
    [1, 'https://gateway.example.com'],
    [1, 'http://127.0.0.1:8080'],
    [2, ''],
    [1, '{{gatewayUrl'],
    [1, variableRef(r, ['host'])],
  ]);
}

function metadataLines(r: Random, state: FileState): string[] {
  const lines: string[] = [];
  const prefix = () => r.pick(['# ', '#', '// ', '  # ']);
  if (r.chance(0.5)) {
    const name = r.weighted<string>([[8, `req${state.requestNames.length + 1}`], [1, '1bad'], [1, ''], [1, 'a b']]);
    lines.push(`${prefix()}@name ${name}`);
    if (/^\w+$/.test(name)) state.requestNames.push(name);
  }
  const expects = r.int(0, 3);
  for (let i = 0; i < expects; i++) {
    lines.push(`${prefix()}@expect ` + r.weighted<string>([
      [3, `status ${r.pick(['200', '201', '402', 'abc', ''])}`],
      [3, `payload.transaction.result ${r.pick(['==', '!=', '=', '==='])} ${r.pick(['APPROVED', 'DECLINED', ''])}`],
      [2, `${r.pick(['payload.transaction.id', 'code', 'exchange-id', 'payload.items[0].id', ''])} exists`],
      [2, `exchange-id matches /${r.pick(['^ID-', '[', '(a', '.*', ''])}/${r.pick(['', 'i', 'gimsuy', 'zz'])}`],
      [1, junk(r, 20)],
    ]));
  }
  if (r.chance(0.05)) lines.push(`${prefix()}@${r.pick(['note', 'unknown', '', 'NAME'])} ${junk(r)}`);
  return lines;
}

function headerLines(r: Random, op: Operation, format: string): string[] {
  const lines: string[] = [];
  if (r.chance(0.7)) lines.push(`Content-Type: ${r.pick([`application/${format}`, 'application/json', 'application/xml', 'text/plain', ''])}`);
  if (r.chance(0.4)) lines.push(`Accept: ${r.pick([`application/${op.responseFormat}`, 'application/json', '*/*', 'application/pdf'])}`);
  if (r.chance(0.06)) lines.push(`${r.pick(['api-key', 'AccessKey', 'MerchantId', 'Authorization', 'API-KEY'])}: ${r.chance(0.7) ? keyLike(r) : junk(r)}`);
  if (r.chance(0.1)) lines.push(`X-Request-Id: ${variableRef(r, ['id'])}`);
  if (r.chance(0.05)) lines.push(r.pick(['NoColonHeader', ': value', 'Bad Header: x', `X-Weird: ${nasty(r)}`, '# a comment among headers']));
  return lines;
}

function requestBlock(r: Random, state: FileState, first: boolean): string[] {
  const op = r.pick(operations);
  const lines: string[] = [];
  if (!first || r.chance(0.5)) lines.push(r.weighted<string>([[6, `### ${op.title}`], [3, '###'], [1, `###${junk(r)}`], [1, '####']]));
  if (r.chance(0.2)) lines.push(`# ${junk(r, 30)}`);
  lines.push(...metadataLines(r, state));
  const target = `${host(r, op)}${pathFor(r, op)}`;
  const version = r.weighted<string>([[6, ''], [3, ' HTTP/1.1'], [1, ' HTTP/x'], [1, ` HTTP/1.1 ${junk(r, 5)}`]]);
  lines.push(`${method(r, op)}${r.pick([' ', '  ', '\t'])}${target}${version}`);
  const format = op.bodyFormat === 'none' ? r.pick(['json', 'xml'] as const) : r.chance(0.9) ? op.bodyFormat : op.bodyFormat === 'json' ? 'xml' : 'json';
  lines.push(...headerLines(r, op, format));
  const wantsBody = op.bodyFormat !== 'none' ? r.chance(0.92) : r.chance(0.1);
  if (wantsBody) {
    if (r.chance(0.95)) lines.push('');
    const body = bodyFor(r, op, format);
    lines.push(...(r.chance(0.15) ? withRefs(r, body, state) : body).split('\n'));
  }
  while (r.chance(0.3)) lines.push('');
  return lines;
}

/** Puts variable references (defined, chained, undefined) into a body's string values. */
function withRefs(r: Random, body: string, state: FileState): string {
  const names = [...state.variables, ...state.requestNames];
  return body.replace(/("[^"\n]*": ")([^"\n]*)"|(>)([^<\n]+)(<)/, (m, a, _v, gt, _t, lt) =>
    a !== undefined ? `${a}${variableRef(r, names)}"` : `${gt}${variableRef(r, names)}${lt}`);
}

function fileVariableLine(r: Random, state: FileState): string {
  const name = r.weighted<string>([[8, r.pick(['amount', 'card', 'token', 'host', 'transactionId', 'id'])], [1, '1bad'], [1, '']]);
  if (/^[A-Za-z_]/.test(name)) state.variables.push(name);
  const value = r.weighted<string>([
    [4, r.pick(['25.00', '4111111111111111', '1100005607145041111', 'http://127.0.0.1:1'])],
    [2, variableRef(r, state.variables)],
    [1, keyLike(r)],
    [1, junk(r) + nasty(r)],
    [1, ''],
  ]);
  return `${r.pick(['@', ' @', '@ '])}${name}${r.pick([' = ', '=', ' =', ' == '])}${value}`;
}

/** One whole random file. */
export function grammarFile(r: Random): string {
  const state: FileState = { variables: [], requestNames: [] };
  const lines: string[] = [];
  const leadingVars = r.int(0, 3);
  for (let i = 0; i < leadingVars; i++) lines.push(fileVariableLine(r, state));
  if (r.chance(0.2)) lines.push(`# ${junk(r, 20)}`, '');
  const requests = r.weighted<number>([[1, 0], [6, 1], [6, r.int(2, 4)], [2, r.int(5, 10)]]);
  for (let i = 0; i < requests; i++) {
    if (r.chance(0.1)) lines.push(fileVariableLine(r, state));
    lines.push(...requestBlock(r, state, i === 0));
  }
  if (r.chance(0.05)) lines.push(junk(r, 40));
  const eol = r.chance(0.1) ? '\r\n' : '\n';
  return lines.join(eol) + (r.chance(0.5) ? eol : '');
}
