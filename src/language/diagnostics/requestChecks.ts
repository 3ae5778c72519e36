// Diagnostics of one request's line and headers against the catalog: unknown path (with the
// nearest known one), a method the path does not take, the wrong host, path and query
// parameter values, a body where none belongs or missing where one is needed, and a
// Content-Type that contradicts the operation or the body.

import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { ParsedRequest } from '../../core/requestFile';
import type { Operation } from '../../catalog/types';
import type { AnalyzedBody } from '../body/analyzeBody';
import type { AnalyzedDocument } from '../analyzedDocument';
import type { RequestOperation } from '../requestOperation';
import { nearestPath, nearestPathForMethod } from '../requestOperation';
import { MEDIA_TYPES } from '../data/headerNames';
import { diagnostic, onLine, withReplacement } from './diagnostic';
import { shown } from './keyPatterns';
import { valueProblem } from './valueCheck';
import { CONTROL_ACTIONS, CONTROL_PREFIX } from '../../catalog/localSandbox/control';

const FAMILY_BASE: Readonly<Record<Operation['host'], string>> = { gateway: '{{gatewayUrl}} (paths under /rest/)', boarding: '{{boardingUrl}} (paths under /api/)' };

/** `/__sandbox/…` is the Local sandbox's own control surface: legal, but only there. */
function sandboxControlDiagnostic(method: string, pathname: string, range: Range): Diagnostic {
  const action = `${method.toUpperCase()} ${pathname.slice(CONTROL_PREFIX.length)}`;
  if ((CONTROL_ACTIONS as readonly string[]).includes(action)) {
    return diagnostic(range, 'sandbox-control', `Local sandbox control (${action}): answered only by the Local sandbox, to callers on this machine`, 'information');
  }
  return diagnostic(range, 'unknown-sandbox-control', `the Local sandbox has no control action "${shown(action)}": it has ${CONTROL_ACTIONS.join(', ')} under ${CONTROL_PREFIX}`);
}

export function requestLineDiagnostics(request: ParsedRequest, resolved: RequestOperation): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { target } = resolved;
  if (!target) return out;
  const line = request.targetRange.start.line;
  const at = request.targetRange.start.character;
  const pathFrom = at + target.pathStart;
  const pathTo = pathFrom + target.pathname.length;
  if (target.pathname.startsWith(CONTROL_PREFIX)) {
    out.push(sandboxControlDiagnostic(request.method, target.pathname, onLine(line, pathFrom, pathTo)));
    return out;
  }
  if (resolved.alias) {
    const found = legacyFormDiagnostic(request, resolved, onLine(line, pathFrom, pathTo));
    out.push(found);
    if (!resolved.op) return out;
  }
  if (resolved.onPath.length === 0 && !resolved.alias) {
    if (target.pathname.includes('{{') && !/^\/(rest|api)\//.test(target.pathname)) return out;
    const nearest = nearestPath(target.pathname);
    const found = diagnostic(onLine(line, pathFrom, pathTo), 'unknown-path',
      `unknown path "${shown(target.pathname)}": no gateway operation has it${nearest ? `; did you mean ${nearest}?` : ' (see the Gateway view or complete the path after the method)'}`);
    out.push(nearest ? withReplacement(found, filledFrom(nearest, target.pathname)) : found);
    return out;
  }
  if (!resolved.op) {
    const typo = nearestPathForMethod(request.method, target.pathname);
    if (typo) {
      out.push(withReplacement(diagnostic(onLine(line, pathFrom, pathTo), 'unknown-path',
        `unknown path "${shown(target.pathname)}" for ${shown(request.method)}: did you mean ${typo}?`), typo));
      return out;
    }
    const methods = [...new Set(resolved.onPath.map((o) => o.method))];
    out.push(diagnostic(request.methodRange, 'wrong-method',
      `${shown(request.method)} is not an operation on ${resolved.onPath[0].path}: it takes ${methods.join(', ')} (${resolved.onPath.map((o) => `${o.method} = ${o.title}`).join('; ')})`));
    return out;
  }
  const op = resolved.op;
  if (target.baseFamily && target.baseFamily !== op.host) {
    out.push(diagnostic(onLine(line, at, pathFrom), 'wrong-host', `${op.path} is served by ${FAMILY_BASE[op.host]}, not by the base written here`, 'warning'));
  }
  out.push(...pathParamDiagnostics(op, target.pathname, line, pathFrom));
  for (const q of target.query) {
    const spec = op.params.find((p) => p.in === 'query' && p.name === q.name);
    if (!spec) {
      const known = op.params.filter((p) => p.in === 'query').map((p) => p.name);
      out.push(diagnostic(onLine(line, at + q.nameStart, at + q.valueEnd), 'unknown-param',
        `unknown query parameter "${shown(q.name)}" for ${op.title}${known.length ? `: it takes ${known.join(', ')}` : ': it takes none'}`, 'warning'));
      continue;
    }
    const problem = valueProblem(spec, q.value);
    if (problem && q.value !== '') out.push(diagnostic(onLine(line, at + q.valueStart, at + q.valueEnd), 'invalid-value', problem));
  }
  return out;
}

/** Code of the information diagnostic on a legacy form; its `data.replacement` is the typed path. */
export const LEGACY_FORM = 'legacy-form';

/**
 * A legacy form works (the Local sandbox and the gateway accept it) but hides which operation
 * runs: say which, and offer the typed path as a quick fix. The generic transaction endpoint
 * without a usable `type` is an error: nothing can route it.
 */
function legacyFormDiagnostic(request: ParsedRequest, resolved: RequestOperation, range: Range): Diagnostic {
  const alias = resolved.alias as NonNullable<RequestOperation['alias']>;
  const op = resolved.op;
  if (!op) {
    const types = 'values' in alias.target ? Object.keys(alias.target.values).join(', ') : '';
    return diagnostic(range, 'legacy-form-type',
      `${request.method.toUpperCase()} ${alias.path} is routed by the body's type field: add "type" with one of ${types} (any case), or write the typed path, e.g. /rest/v2/transactions/sale`);
  }
  const how = 'operationId' in alias.target ? `the v2 spelling of ${op.path}` : `the legacy generic endpoint; with this type it is ${op.title}`;
  const found = diagnostic(range, LEGACY_FORM, `${alias.path} is ${how}: prefer the typed path ${op.path}, which says on the request line what runs`, 'information');
  found.data = { replacement: op.path };
  return found;
}

/** A template's `{param}` segments filled with what the user wrote there (the quick fix keeps ids). */
function filledFrom(template: string, pathname: string): string {
  const written = pathname.split('/');
  return template.split('/').map((s, i) => (/^\{\w+\}$/.test(s) && written[i] ? written[i] : s)).join('/');
}

function pathParamDiagnostics(op: Operation, pathname: string, line: number, pathFrom: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const templateSegments = op.path.split('/');
  let offset = 0;
  pathname.split('/').forEach((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(templateSegments[i] ?? '')?.[1];
    const spec = name ? op.params.find((p) => p.in === 'path' && p.name === name) : undefined;
    if (spec) {
      let value = segment;
      try {
        value = decodeURIComponent(segment);
      } catch {
        // left as written: the check below reports it
      }
      const problem = valueProblem(spec, value);
      if (problem) out.push(diagnostic(onLine(line, pathFrom + offset, pathFrom + offset + segment.length), 'invalid-value', problem));
    }
    offset += segment.length + 1;
  });
  return out;
}

const FORMAT_OF_MEDIA: ReadonlyArray<{ pattern: RegExp; format: 'json' | 'xml' }> = [
  { pattern: /json/i, format: 'json' },
  { pattern: /xml/i, format: 'xml' },
];

const FORMAT_NAME = { json: 'JSON', xml: 'XML' } as const;

export function bodyPresenceDiagnostics(doc: AnalyzedDocument, request: ParsedRequest, op: Operation, body: AnalyzedBody | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (request.body && op.bodyFormat === 'none') {
    // A DELETE body is ignored (the gateway and the Local sandbox answer as if none was sent);
    // on other methods it is refused.
    out.push(op.method === 'DELETE'
      ? diagnostic(request.body.range, 'unexpected-body', `${op.title} (${op.method} ${op.path}) takes no body: this one is ignored, so it can go`, 'warning')
      : diagnostic(request.body.range, 'unexpected-body', `${op.title} (${op.method} ${op.path}) takes no body: remove it`));
    return out;
  }
  if (!request.body) {
    const required = op.fields.filter((f) => f.required).map((f) => f.name);
    if (required.length > 0) {
      out.push(diagnostic(request.targetRange, 'missing-body',
        `${op.title} needs a ${FORMAT_NAME[op.bodyFormat as 'json' | 'xml']} body with ${required.join(', ')}: add a blank line after the headers, then the body`));
    }
    return out;
  }
  if (!body) return out;
  const firstLine = request.body.firstLine;
  const firstLineRange = onLine(firstLine, 0, doc.lineText(firstLine).length);
  if (!op.acceptedBodyFormats.includes(body.format)) {
    const accepted = op.acceptedBodyFormats.map((f) => FORMAT_NAME[f as 'json' | 'xml']).join(' or ');
    out.push(diagnostic(firstLineRange, 'wrong-body-format', `${op.title} takes ${accepted}, not ${FORMAT_NAME[body.format]}: write the body in ${accepted}`));
  }
  const contentType = request.headers.find((h) => h.name.toLowerCase() === 'content-type');
  const declared = contentType ? FORMAT_OF_MEDIA.find((m) => m.pattern.test(contentType.value))?.format : undefined;
  if (contentType && declared && declared !== body.format) {
    out.push(diagnostic(contentType.valueRange, 'content-type-mismatch',
      `Content-Type says ${FORMAT_NAME[declared]} but the body is ${FORMAT_NAME[body.format]}: use ${MEDIA_TYPES[body.format]}`));
  } else if (contentType && declared && !op.acceptedBodyFormats.includes(declared)) {
    out.push(diagnostic(contentType.valueRange, 'content-type-mismatch', `${op.title} does not take ${FORMAT_NAME[declared]}: use ${op.acceptedBodyFormats.map((f) => MEDIA_TYPES[f as 'json' | 'xml']).join(' or ')}`));
  }
  return out;
}
