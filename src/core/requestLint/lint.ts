// The one rule set that judges a request, whoever wrote it: the language server runs it on
// request files, the Traffic view and the recording proxy on what an application sent
// (exchangeLint.ts). Each request is judged on its own (its line, headers and body against the
// catalog), so a caller may re-run one request's checks when only its text changed.

import { finding, type LintFinding } from './finding';
import type { RequestDocument } from './requestDocument';
import { bodyPresenceFindings, requestLineFindings } from './requestChecks';
import { bodyFindings } from './bodyChecks';
import { secretFindings } from './secretChecks';
import type { Sender } from './sender';

/** The findings of request `index`: its line, its headers and its body. */
export function lintRequest(doc: RequestDocument, index: number, sender: Sender = 'request-file'): LintFinding[] {
  const request = doc.requests[index];
  const resolved = doc.operationOf(index);
  if (!request || !resolved) return [];
  const out = requestLineFindings(request, resolved);
  const body = doc.bodyOf(index);
  if (resolved.op) out.push(...bodyPresenceFindings(doc, request, resolved.op, body, sender));
  if (body) out.push(...bodyFindings(doc, resolved.op, body, sender));
  return out;
}

/** What the shared parser found wrong in the file's own syntax (unknown method, bad header line…). */
export function parseFindings(doc: RequestDocument): LintFinding[] {
  return doc.file.diagnostics.map((d) => finding(d.range, d.code, d.message));
}

/** A request file's findings: its syntax, every request, and the keys written in it. */
export function lintRequestFile(doc: RequestDocument): LintFinding[] {
  return [...parseFindings(doc), ...doc.requests.flatMap((_, index) => lintRequest(doc, index)), ...secretFindings(doc)];
}
