// Runs request files headlessly through the shared run engine: each file with its own named
// responses, one after another, stopping within a file at its first failure. What the CLI's
// `run` command calls, and what the examples test calls in-process.

import { GatewayClient } from '../../core/client';
import { redactValue } from '../../core/redaction';
import { parseRequestFile, type RequestFile } from '../../core/requestFile';
import { outcomeNotes, streamAll, type RequestOutcome, type RunOptions } from '../../core/runner';
import { refusalOf } from './requestGuard';
import { totalsOf, type FileDiagnostic, type FileReport, type RequestReport, type RunReport } from './runReport';
import type { RunTarget } from './runTarget';

export interface RequestFileInput {
  /** Shown in reports as given. */
  path: string;
  text: string;
}

/** Told as the run goes, so a long CI run shows where it is rather than waiting for the report. */
export interface RunProgress {
  fileStarted(path: string): void;
  requestDone(request: RequestReport): void;
  fileDone(report: FileReport): void;
}

export interface RunFilesOptions {
  /** Send requests that are not reads to a production environment. */
  allowProduction?: boolean;
  progress?: RunProgress;
}

function requestReport(file: RequestFile, outcome: RequestOutcome): RequestReport {
  const request = file.requests[outcome.index];
  const sent = outcome.result ? new URL(outcome.result.url) : undefined;
  const notes = outcomeNotes(outcome);
  return {
    index: outcome.index,
    line: (request?.methodRange.start.line ?? 0) + 1,
    label: outcome.label,
    ...(outcome.name ? { name: outcome.name } : {}),
    method: outcome.result?.method ?? request?.method.toUpperCase() ?? '',
    target: sent ? sent.pathname + sent.search : request?.target ?? '',
    ...(outcome.result?.operationId ? { operation: outcome.result.operationId } : {}),
    state: outcome.state,
    ...(outcome.status !== undefined ? { status: outcome.status } : {}),
    ...(outcome.timingMs !== undefined ? { timeMs: Math.round(outcome.timingMs * 10) / 10 } : {}),
    ...(outcome.message ? { message: outcome.message } : {}),
    ...(outcome.asDependency ? { asDependency: true } : {}),
    ...(outcome.outcomeUnknown ? { outcomeUnknown: true } : {}),
    ...(outcome.unreadable ? { unreadable: outcome.unreadable } : {}),
    ...(outcome.ignoredAuthHeaders?.length ? { ignoredHeaders: outcome.ignoredAuthHeaders } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    expectations: outcome.expectations.map(({ expectation, outcome: o }) => ({
      text: expectation.text,
      pass: o.pass,
      ...(o.actual !== undefined ? { actual: o.actual } : {}),
      message: o.message,
    })),
  };
}

/** Parser errors (not warnings) stop a file from running: sending half-understood requests helps nobody. */
function blockingDiagnostics(file: RequestFile): FileDiagnostic[] {
  const errors = file.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ line: d.range.start.line + 1, column: d.range.start.character + 1, message: d.message }));
  if (errors.length === 0 && file.requests.length === 0) {
    return [{ line: 1, column: 1, message: 'the file holds no request: add one (a method and a URL line) or leave the file out of the run' }];
  }
  return errors;
}

/**
 * Every field of every report (text, json, junit) is written from these, so they are redacted
 * here: the environment's keys, key-like literals (`sk_live_…`), card and account numbers.
 */
async function runFile(input: RequestFileInput, optionsFor: (file: RequestFile) => RunOptions, secrets: readonly string[], progress?: RunProgress): Promise<FileReport> {
  const started = performance.now();
  const file = parseRequestFile(input.text);
  const diagnostics = blockingDiagnostics(file);
  if (diagnostics.length > 0) return redactValue({ file: input.path, state: 'invalid', timeMs: 0, diagnostics, requests: [] }, secrets);
  // Only the report's lines are kept: each outcome, and the response it carries, is let go
  // as soon as its line is written, so a long file runs in flat memory.
  const requests: RequestReport[] = [];
  await streamAll({
    ...optionsFor(file),
    onOutcome: (o) => {
      const line = redactValue(requestReport(file, o), secrets);
      requests.push(line);
      progress?.requestDone(line);
    },
  });
  requests.sort((a, b) => a.index - b.index);
  const passed = requests.every((r) => r.state === 'passed');
  return { file: input.path, state: passed ? 'passed' : 'failed', timeMs: Math.round(performance.now() - started), diagnostics: [], requests };
}

export async function runFiles(files: readonly RequestFileInput[], target: RunTarget, options: RunFilesOptions = {}): Promise<RunReport> {
  const started = performance.now();
  const client = new GatewayClient({ environment: target.environment, credentials: target.credentials });
  const secrets = [target.credentials.apiKey, target.credentials.accessKey].filter((s): s is string => !!s);
  const environment = {
    name: target.environment.name,
    gatewayUrl: target.environment.gatewayUrl,
    boardingUrl: target.environment.boardingUrl,
    ...(target.credentials.merchantId ? { merchantId: target.credentials.merchantId } : {}),
  };
  const reports: FileReport[] = [];
  try {
    for (const input of files) {
      options.progress?.fileStarted(input.path);
      const report = await runFile(input, (file) => ({
        file,
        environment,
        namedResponses: new Map<string, unknown>(),
        send: async (prepared) => {
          const refusal = refusalOf(prepared, target, options.allowProduction === true);
          if (refusal) throw new Error(refusal);
          return client.sendRaw({ method: prepared.method, url: prepared.url.toString(), headers: prepared.headers, operation: prepared.operation ?? null, ...(prepared.body !== undefined ? { body: prepared.body } : {}) });
        },
      }), secrets, options.progress);
      options.progress?.fileDone(report);
      reports.push(report);
    }
  } finally {
    await client.close();
  }
  const totals = totalsOf(reports, Math.round(performance.now() - started));
  return {
    version: 1,
    environment: { name: target.environment.name, kind: target.environment.kind },
    passed: reports.every((r) => r.state === 'passed'),
    files: reports,
    totals,
  };
}
