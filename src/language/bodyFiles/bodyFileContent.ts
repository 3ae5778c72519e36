// What is wrong inside a body file (`< ./bodies/sale.json`), shown on the path that names it: its
// content is checked as the body of the request that sends it (bodyFileLint.ts), and each finding
// becomes a diagnostic on the `< path` line that says where in the file it is and links there
// (relatedInformation), so a mistyped field in the file shows in the request file as you work.
//
// The file changes without the request file changing, so none of this is kept with a `###`
// block's analysis: it is asked at each publish. But a file that did not change is not read or
// checked again: its findings are kept per absolute path while its size and modification time
// stay the same (and until the editor reports it changed), for a bounded number of files.

import { pathToFileURL } from 'node:url';
import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver-types';
import { findVariableRefs, type BodyFileRef, type VariableRef } from '../../core/requestFile';
import { requestFileText } from '../../core/codecs/textFileDecoding';
import { readFoundBodyFile } from '../../core/requestFile/bodyFile';
import { BoundedTextCache } from '../../core/text/boundedTextCache';
import { maskSecrets, type LintCode } from '../../core/requestLint';
import { bodyFileStatus, type BodyFileBase } from './bodyFiles';
import { bodyFileFindings, type BodyFileFinding, type BodyFileRequest } from './bodyFileLint';
import type { DocumentTarget } from '../documents/documentTarget';
import { referenceDiagnostics, type DefinedNames } from '../diagnostics/variableChecks';
import { DIAGNOSTIC_SOURCE } from '../protocol';

/**
 * Larger files are still sent (up to core's 32 MB), but their content is not checked as you type,
 * and no diagnostic says so: reading and linting megabytes at every publish would block the
 * server, and a body that large is generated, not typed.
 */
const MAX_CHECKED_BYTES = 256 * 1024;
/** Findings shown per body file; the rest are counted in one more diagnostic. */
const MAX_SHOWN = 20;
/** Files whose findings are kept (the least recently shown goes first). */
const MAX_FILES = 64;
/** Requests a file's findings are kept for: different headers or targets lint it differently. */
const MAX_REQUESTS_PER_FILE = 8;

/** A body file where it stands in the document, with the request that sends it. */
export interface PlacedBodyFile {
  file: BodyFileRef;
  sentBy: BodyFileRequest;
  /**
   * For a `<@` file's `{{…}}`: what the request file defines, and the sending request's index
   * (its own response is not there yet when it is sent). Without it they are not checked.
   */
  references?: { defined: DefinedNames; request: number };
}

interface CheckedFile {
  size: number;
  mtimeMs: number;
  /** The `{{…}}` in the file, ranges in it: set when it is read. What they must name depends on the request file, so they are checked at each publish. */
  refs?: VariableRef[];
  /** Findings in the file, per request that sends it (its head, `<` or `<@`, a production target). */
  findings: BoundedTextCache<BodyFileFinding[]>;
}

/** The path as the messages show it: as written, without a leading `./`. */
const shownPath = (ref: BodyFileRef): string => ref.path.replace(/^\.[\\/]/, '');

/** `path:line:column` of a finding, 1-based as editors and compilers print them. */
const where = (ref: BodyFileRef, d: BodyFileFinding): string => `${shownPath(ref)}:${d.range.start.line + 1}:${d.range.start.character + 1}`;

/** The findings in the file as diagnostics on the path that names it: the first MAX_SHOWN, then how many more. */
function onPath(ref: BodyFileRef, file: string, found: readonly BodyFileFinding[]): Diagnostic[] {
  const uri = pathToFileURL(file).href;
  const inFile = (d: BodyFileFinding, message: string): DiagnosticRelatedInformation[] => [{ location: { uri, range: d.range }, message: maskSecrets(message) }];
  const out: Diagnostic[] = found.slice(0, MAX_SHOWN).map((d) => ({
    range: ref.pathRange, code: d.code, severity: d.severity, source: DIAGNOSTIC_SOURCE,
    message: maskSecrets(`${where(ref, d)}: ${d.message}`),
    relatedInformation: inFile(d, d.message),
  }));
  const rest = found.slice(MAX_SHOWN);
  if (rest.length > 0) {
    // Worst first (bodyFileFindings' order): the first of the rest is the worst of them.
    out.push({
      range: ref.pathRange, code: 'body-file-more-findings' satisfies LintCode, severity: rest[0].severity, source: DIAGNOSTIC_SOURCE,
      message: maskSecrets(`… and ${rest.length} more in ${shownPath(ref)}`),
      relatedInformation: inFile(rest[0], `${where(ref, rest[0])}: ${rest[0].message}`),
    });
  }
  return out;
}

export class BodyFileContentChecks {
  /** By absolute path, least recently shown first. */
  private readonly files = new Map<string, CheckedFile>();

  /**
   * The diagnostics of the content of each body file in `placed` that can be read (one that cannot
   * has bodyFileDiagnostics' error instead) and is at most MAX_CHECKED_BYTES.
   */
  diagnostics(placed: readonly PlacedBodyFile[], base: BodyFileBase, target?: DocumentTarget): Diagnostic[] {
    const out: Diagnostic[] = [];
    const statuses = new Map<string, ReturnType<typeof bodyFileStatus>>();
    for (const { file: ref, sentBy, references } of placed) {
      if (!statuses.has(ref.path)) statuses.set(ref.path, bodyFileStatus(base, ref.path));
      const status = statuses.get(ref.path);
      if (!status || 'problem' in status || status.size > MAX_CHECKED_BYTES) continue;
      const found = this.findingsOf(status, sentBy, ref.fillVariables, target);
      const refs = ref.fillVariables && references ? this.files.get(status.file)?.refs : undefined;
      const all = refs?.length ? withReferenceFindings(found ?? [], refs, references as NonNullable<typeof references>) : found;
      if (all && all.length > 0) out.push(...onPath(ref, status.file, all));
    }
    return out;
  }

  /** Drops what is kept of the files `changed` says changed (told by the editor: a change within the modification time's resolution too). */
  forget(changed: (file: string) => boolean): void {
    for (const file of [...this.files.keys()]) if (changed(file)) this.files.delete(file);
  }

  /** The findings of `status.file` sent by `sentBy`: kept ones while the file is unchanged, else read and checked now. */
  private findingsOf(status: Parameters<typeof readFoundBodyFile>[0], sentBy: BodyFileRequest, fillVariables: boolean, target: DocumentTarget | undefined): BodyFileFinding[] | undefined {
    let checked = this.files.get(status.file);
    if (checked) this.files.delete(status.file);
    if (!checked || checked.size !== status.size || checked.mtimeMs !== status.mtimeMs) {
      checked = { size: status.size, mtimeMs: status.mtimeMs, findings: new BoundedTextCache(MAX_REQUESTS_PER_FILE) };
    }
    // Set again: the most recently shown last, so the first key is the one to drop.
    this.files.set(status.file, checked);
    if (this.files.size > MAX_FILES) this.files.delete(this.files.keys().next().value as string);
    const key = `${fillVariables ? '<@' : '<'} ${target?.production ? target.name : ''}\n${sentBy.head}`;
    const known = checked.findings.get(key);
    if (known) return known;
    let content: string;
    try {
      // Through the real path the root was checked against (status.file), as sending reads it.
      content = requestFileText(readFoundBodyFile(status));
    } catch {
      // Gone or locked since the stat: the next publish says so (bodyFileDiagnostics).
      return undefined;
    }
    checked.refs = variableRefsIn(content);
    const found = bodyFileFindings(sentBy, content, fillVariables, target);
    checked.findings.set(key, found);
    return found;
  }
}

/** The `{{…}}` references in a file's text, ranges in the file. */
function variableRefsIn(content: string): VariableRef[] {
  if (!content.includes('{{')) return [];
  return content.split(/\r\n|\r|\n/).flatMap((line, index) => findVariableRefs(line, index, 0));
}

/**
 * `found` with what is wrong with the file's references — a name nothing defines, a request not
 * named so, the sending request's own response — as the same references written inline get,
 * worst first, then in file order (bodyFileFindings' order).
 */
function withReferenceFindings(found: readonly BodyFileFinding[], refs: readonly VariableRef[], references: { defined: DefinedNames; request: number }): BodyFileFinding[] {
  const problems = referenceDiagnostics(refs, references.request, references.defined).map((d): BodyFileFinding => ({ ...d, message: String(d.message) }));
  if (problems.length === 0) return [...found];
  return [...found, ...problems].sort((a, b) => (a.severity ?? 1) - (b.severity ?? 1) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
