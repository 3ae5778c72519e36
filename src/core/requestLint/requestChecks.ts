// The checks of one request's line and headers against the catalog: unknown path (with the
// nearest known one), a method the path does not take, the wrong host, path and query
// parameter values, a legacy form (which operation it becomes), a body where none belongs or
// missing where one is needed, and a Content-Type that is missing, names no body format, or
// contradicts the operation or the body.

import type { ParsedRequest, Range } from '../requestFile';
import type { Operation } from '../../catalog/types';
import { LEGACY_KEY_HEADER } from '../../catalog';
import { CONTROL_ACTIONS, CONTROL_PREFIX } from '../../catalog/localSandbox/control';
import { bodyFormatOfMediaType, MEDIA_TYPES } from '../../catalog/mediaTypes';
import type { AnalyzedBody } from './body/analyzeBody';
import type { RequestDocument } from './requestDocument';
import type { RequestOperation } from './requestOperation';
import { nearestPath, nearestPathForMethod } from './requestOperation';
import { finding, onLine, type LintFinding } from './finding';
import { shown } from './keyPatterns';
import { valueProblem } from './valueCheck';
import type { Sender } from './sender';

const FAMILY_BASE: Readonly<Record<Operation['host'], string>> = { gateway: '{{gatewayUrl}} (paths under /rest/)', boarding: '{{boardingUrl}} (paths under /api/)' };

/** `/__sandbox/…` is the Local sandbox's own control surface: legal, but only there. */
function sandboxControlFinding(method: string, pathname: string, range: Range): LintFinding {
  const action = `${method.toUpperCase()} ${pathname.slice(CONTROL_PREFIX.length)}`;
  if ((CONTROL_ACTIONS as readonly string[]).includes(action)) {
    return finding(range, 'sandbox-control', `Local sandbox control (${action}): answered only by the Local sandbox, to callers on this machine`);
  }
  return finding(range, 'unknown-sandbox-control', `the Local sandbox has no control action "${shown(action)}": it has ${CONTROL_ACTIONS.join(', ')} under ${CONTROL_PREFIX}`);
}

export function requestLineFindings(request: ParsedRequest, resolved: RequestOperation): LintFinding[] {
  const out: LintFinding[] = [];
  const { target } = resolved;
  if (!target) return out;
  const line = request.targetRange.start.line;
  const at = request.targetRange.start.character;
  const pathFrom = at + target.pathStart;
  const pathTo = pathFrom + target.pathname.length;
  if (target.pathname.startsWith(CONTROL_PREFIX)) {
    out.push(sandboxControlFinding(request.method, target.pathname, onLine(line, pathFrom, pathTo)));
    return out;
  }
  if (resolved.alias) {
    out.push(legacyFormFinding(request, resolved, onLine(line, pathFrom, pathTo)));
    if (!resolved.op) return out;
  }
  if (resolved.onPath.length === 0 && !resolved.alias) {
    if (target.pathname.includes('{{') && !/^\/(rest|api)\//.test(target.pathname)) return out;
    const nearest = nearestPath(target.pathname);
    out.push(finding(onLine(line, pathFrom, pathTo), 'unknown-path',
      `unknown path "${shown(target.pathname)}": no gateway operation has it${nearest ? `; did you mean ${nearest}?` : ' (see the Gateway view or complete the path after the method)'}`,
      { replacement: nearest ? filledFrom(nearest, target.pathname) : undefined }));
    return out;
  }
  if (!resolved.op) {
    const typo = nearestPathForMethod(request.method, target.pathname);
    if (typo) {
      out.push(finding(onLine(line, pathFrom, pathTo), 'unknown-path',
        `unknown path "${shown(target.pathname)}" for ${shown(request.method)}: did you mean ${typo}?`, { replacement: typo }));
      return out;
    }
    const methods = [...new Set(resolved.onPath.map((o) => o.method))];
    out.push(finding(request.methodRange, 'wrong-method',
      `${shown(request.method)} is not an operation on ${resolved.onPath[0].path}: it takes ${methods.join(', ')} (${resolved.onPath.map((o) => `${o.method} = ${o.title}`).join('; ')})`));
    return out;
  }
  const op = resolved.op;
  if (target.baseFamily && target.baseFamily !== op.host) {
    out.push(finding(onLine(line, at, pathFrom), 'wrong-host', `${op.path} is served by ${FAMILY_BASE[op.host]}, not by the base written here`));
  }
  out.push(...pathParamFindings(op, target.pathname, line, pathFrom));
  for (const q of target.query) {
    const spec = op.params.find((p) => p.in === 'query' && p.name === q.name);
    if (!spec) {
      const known = op.params.filter((p) => p.in === 'query').map((p) => p.name);
      out.push(finding(onLine(line, at + q.nameStart, at + q.valueEnd), 'unknown-param',
        `unknown query parameter "${shown(q.name)}" for ${op.title}${known.length ? `: it takes ${known.join(', ')}` : ': it takes none'}`));
      continue;
    }
    const problem = valueProblem(spec, q.value);
    if (problem && q.value !== '') out.push(finding(onLine(line, at + q.valueStart, at + q.valueEnd), 'invalid-value', problem));
  }
  return out;
}

/**
 * A legacy form works (the Local sandbox and the gateway accept it) but hides which operation
 * runs: say which, and offer the typed path as a quick fix. The generic transaction endpoint
 * without a usable `type` is an error: nothing can route it.
 */
function legacyFormFinding(request: ParsedRequest, resolved: RequestOperation, range: Range): LintFinding {
  const alias = resolved.alias as NonNullable<RequestOperation['alias']>;
  const op = resolved.op;
  if (!op) {
    const types = 'values' in alias.target ? Object.keys(alias.target.values).join(', ') : '';
    return finding(range, 'legacy-form-type',
      `${request.method.toUpperCase()} ${alias.path} is routed by the body's type field: add "type" with one of ${types} (any case), or write the typed path, e.g. /rest/v2/transactions/sale`);
  }
  const how = 'operationId' in alias.target ? `the v2 spelling of ${op.path}` : `the legacy generic endpoint; with this type it is ${op.title}`;
  return finding(range, 'legacy-form', `${alias.path} is ${how}: prefer the typed path ${op.path}, which says on the request line what runs`, { replacement: op.path });
}

/** A template's `{param}` segments filled with what the user wrote there (the quick fix keeps ids). */
function filledFrom(template: string, pathname: string): string {
  const written = pathname.split('/');
  return template.split('/').map((s, i) => (/^\{\w+\}$/.test(s) && written[i] ? written[i] : s)).join('/');
}

function pathParamFindings(op: Operation, pathname: string, line: number, pathFrom: number): LintFinding[] {
  const out: LintFinding[] = [];
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
      if (problem) out.push(finding(onLine(line, pathFrom + offset, pathFrom + offset + segment.length), 'invalid-value', problem));
    }
    offset += segment.length + 1;
  });
  return out;
}

const FORMAT_NAME = { json: 'JSON', xml: 'XML' } as const;

export function bodyPresenceFindings(doc: RequestDocument, request: ParsedRequest, op: Operation, body: AnalyzedBody | undefined, sender: Sender): LintFinding[] {
  const out: LintFinding[] = [];
  if (request.body && op.bodyFormat === 'none') {
    // A DELETE body is ignored (the gateway and the Local sandbox answer as if none was sent);
    // on other methods it is refused.
    out.push(op.method === 'DELETE'
      ? finding(request.body.range, 'unexpected-body', `${op.title} (${op.method} ${op.path}) takes no body: this one is ignored, so it can go`, { severity: 'warning' })
      : finding(request.body.range, 'unexpected-body', `${op.title} (${op.method} ${op.path}) takes no body: remove it`));
    return out;
  }
  if (!request.body) {
    const required = op.fields.filter((f) => f.required).map((f) => f.name);
    if (required.length > 0) {
      out.push(finding(request.targetRange, 'missing-body',
        `${op.title} needs a ${FORMAT_NAME[op.bodyFormat as 'json' | 'xml']} body with ${required.join(', ')}: add a blank line after the headers, then the body`));
    }
    return out;
  }
  if (!body) return out;
  const firstLine = request.body.firstLine;
  const firstLineRange = onLine(firstLine, 0, doc.lineText(firstLine).length);
  if (!op.acceptedBodyFormats.includes(body.format)) {
    const accepted = op.acceptedBodyFormats.map((f) => FORMAT_NAME[f as 'json' | 'xml']).join(' or ');
    out.push(finding(firstLineRange, 'wrong-body-format', `${op.title} takes ${accepted}, not ${FORMAT_NAME[body.format]}: write the body in ${accepted}`));
  }
  out.push(...contentTypeFindings(request, op, body, sender));
  return out;
}

/** The media types `op` takes, as a Content-Type value would name them. */
const acceptedMediaTypes = (op: Operation): string => op.acceptedBodyFormats.map((f) => MEDIA_TYPES[f as 'json' | 'xml']).join(' or ');

/**
 * The Content-Type against the body and the operation. A request file may leave it out (the
 * sender sets it from the body); an application that leaves it out is refused (415), and so is
 * one whose Content-Type names no format the gateway reads (`text/plain`, a form encoding).
 */
function contentTypeFindings(request: ParsedRequest, op: Operation, body: AnalyzedBody, sender: Sender): LintFinding[] {
  const contentType = request.headers.find((h) => h.name.toLowerCase() === 'content-type');
  if (!contentType) {
    return sender === 'application'
      ? [finding(request.targetRange, 'missing-content-type', `the ${FORMAT_NAME[body.format]} body is sent without a Content-Type: the gateway refuses it (415); send Content-Type: ${MEDIA_TYPES[body.format]}`)]
      : [];
  }
  const declared = bodyFormatOfMediaType(contentType.value);
  if (!declared) {
    const fits = op.acceptedBodyFormats.includes(body.format) ? MEDIA_TYPES[body.format] : acceptedMediaTypes(op);
    return [finding(contentType.valueRange, 'content-type-mismatch',
      `Content-Type "${shown(contentType.value)}" names no body format ${op.title} reads (the gateway answers 415): use ${fits}`)];
  }
  if (declared !== body.format) {
    return [finding(contentType.valueRange, 'content-type-mismatch',
      `Content-Type says ${FORMAT_NAME[declared]} but the body is ${FORMAT_NAME[body.format]}: use ${MEDIA_TYPES[body.format]}`)];
  }
  if (!op.acceptedBodyFormats.includes(declared)) {
    return [finding(contentType.valueRange, 'content-type-mismatch', `${op.title} does not take ${FORMAT_NAME[declared]}: use ${acceptedMediaTypes(op)}`)];
  }
  return [];
}

/**
 * How an application carried its key, when it is a legacy form the gateway still accepts: the
 * `api_key` header (the old samples' spelling). The headers are the application's own (a
 * request file never holds credential headers, so they are read before it is written).
 */
export function legacyKeyHeaderFindings(headerNames: readonly string[], range: Range): LintFinding[] {
  return headerNames.some((name) => name.toLowerCase() === LEGACY_KEY_HEADER)
    ? [finding(range, 'legacy-form', `the key is sent in the ${LEGACY_KEY_HEADER} header, the gateway's old samples' spelling: send it as api-key, the header the interface names`)]
    : [];
}
