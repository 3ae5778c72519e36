// What happens after a request-file run: the outcomes are kept for the document (the API's
// lastRun), shown beside the requests as decorations, and written to the "Gateway" log — one
// line per expectation, and one for each request that did not pass.
import type * as vscode from 'vscode';
import type { RequestFile } from '../../core/requestFile';
import { redact } from '../../core/protection/redaction';
import { outcomeNotes } from '../../core/runner/notes';
import type { RequestOutcome } from '../../core/runner/types';
import type { ExchangeLog } from '../feedback/exchangeLog';
import type { AssertionDecorations, RequestDecoration } from './assertionDecorations';
import type { RequestSessions } from './requestSessions';
import { expectationLogLine, expectationText, outcomeLogLine, requestLineText } from './runOutcomeText';

interface RunRecord {
  doc: vscode.TextDocument;
  /** The file as it was parsed for the run (its ranges place the decorations). */
  file: RequestFile;
  environmentName: string;
  outcomes: readonly RequestOutcome[];
  secrets: readonly string[];
}

function decorationsOf(record: RunRecord): RequestDecoration[] {
  return record.outcomes.flatMap((outcome) => {
    const request = record.file.requests[outcome.index];
    if (!request) return [];
    const metadataLines = [...request.expectations.map((e) => e.range.start.line), ...(request.nameRange ? [request.nameRange.start.line] : [])];
    const block = { requestIndex: outcome.index, firstLine: Math.min(request.range.start.line, ...metadataLines), lastLine: request.range.end.line };
    return [
      { ...block, line: request.methodRange.start.line, text: requestLineText(outcome, record.secrets) },
      ...outcome.expectations.map((e) => ({ ...block, line: e.expectation.range.start.line, text: expectationText(e, record.secrets) })),
    ];
  });
}

export class RunResults {
  constructor(
    private readonly sessions: RequestSessions,
    private readonly decorations: AssertionDecorations,
    private readonly log: ExchangeLog,
  ) {}

  record(record: RunRecord): void {
    this.sessions.setLastRun(record.doc.uri.toString(), record.outcomes, record.secrets);
    this.decorations.show(record.doc.uri, decorationsOf(record));
    for (const outcome of record.outcomes) {
      for (const e of outcome.expectations) {
        this.log.note(e.outcome.pass ? 'info' : 'warn', expectationLogLine(record.environmentName, outcome, e, record.secrets));
      }
      if (outcome.state !== 'passed') this.log.note(outcome.state === 'error' ? 'error' : 'warn', outcomeLogLine(record.environmentName, outcome, record.secrets));
      for (const note of outcomeNotes(outcome)) this.log.note('info', redact(`[${record.environmentName}] ${outcome.label}: ${note}`, record.secrets));
    }
  }
}
