// Runs request files headlessly through the shared run engine: each file with its own named
// responses, one after another; within a file, past a failure to the requests that do not read
// the failed one (or, with `bail`, stopping at its first failure). What the CLI's
// `run` command calls, and what the examples test calls in-process.

import { closeSync, openSync, readSync } from 'node:fs';
import * as path from 'node:path';
import type { TextDecoder } from 'node:util';
import type { RawRequest } from '../../core/http/client';
import { bodyFileReader } from '../../core/requestFile/bodyFile';
import { requestFileDecoder } from '../../core/codecs/textFileDecoding';
import { credentialSecrets, redactorFor, redactValue, type Redactor } from '../../core/protection/redaction';
import { RequestFileStreamParser, type ParseDiagnostic, type ParsedRequest, type RequestFile } from '../../core/requestFile';
import { fileReferences, OutlineBuilder, outcomeNotes, OutsideValues, secretValues, sendOutcomeOf, streamRequests, type NamedExchange, type RequestOutcome, type RunOptions } from '../../core/runner';
import { refusalOf } from './requestGuard';
import { totalsOf, type FileDiagnostic, type FileReport, type RequestReport, type RunReport, type StateCounts } from './runReport';
import { targetClient, type RunTarget } from './runTarget';
import type { VariableOverride } from './variableOptions';
import { cliBodyFilePlace } from './bodyRoot';
import { dotenvPlaces, readDotenvFile } from '../../core/runner/dotenvFile';

export interface RequestFileInput {
  /** Shown in reports as given; read from there, as a stream, when `text` is absent. */
  path: string;
  text?: string;
}

/** Told as the run goes, so a long CI run shows where it is rather than waiting for the report. */
export interface RunProgress {
  fileStarted(path: string): void;
  requestDone(request: RequestReport): void;
  fileDone(report: FileReport): void;
}

interface RunFilesOptions {
  /** Send requests that are not reads to a production environment. */
  allowProduction?: boolean;
  progress?: RunProgress;
  /**
   * Takes each file's request reports in file order, instead of the returned report (whose
   * files then list no requests; `counts` says how many ended in each state): a long run's
   * report is then streamed (streamedReport.ts), never held whole.
   */
  requestSink?: { fileStarted(path: string): void; request(report: RequestReport): void; counts(fileIndex: number): StateCounts };
  /** Why nothing more may be sent (an interrupted run), when that is so: each request not yet sent ends as an error saying it. */
  stopped?(): string | undefined;
  /** `--var NAME=VALUE`: values for every file's variables, in place of the files' own. */
  variables?: readonly VariableOverride[];
  /** `--body-root DIR` (absolute): the folder every body file must be inside; each request file's own folder without it. */
  bodyRoot?: string;
  /** `--bail`: stop each file at its first request that does not pass. */
  bail?: boolean;
  /**
   * Where `{{$processEnv NAME}}` and `{{$dotenv NAME}}` are read: these environment variables
   * (this process's by default), and the `.env` beside each request file, then the one in `cwd`
   * (this process's by default).
   */
  outsideFrom?: { env: NodeJS.ProcessEnv; cwd: string };
}

/** Small: a chunk's parsed requests then die young, before the garbage collector moves them to the old generation. */
const READ_CHUNK_BYTES = 8 * 1024;
const MAX_DEFERRED_REPORTS = 16;

/**
 * A file's text a chunk at a time, read synchronously: an 8 KB read of a local file takes a few
 * microseconds, while a read stream hands each chunk to libuv's thread pool and back.
 * PERF(bench/runnerLoad.ts) The file is closed when the reader stops early (return()).
 */
function* chunksOf(path: string): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let decoder: TextDecoder | undefined;
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      // UTF-8, or UTF-16 after its byte order mark (requestFileText.ts), named by the first chunk.
      decoder ??= requestFileDecoder(buffer.subarray(0, read));
      yield decoder.decode(buffer.subarray(0, read), { stream: true });
    }
    const rest = decoder?.decode() ?? '';
    if (rest) yield rest;
  } finally {
    closeSync(fd);
  }
}

/**
 * How a run parses a file: without positions (it reads only each request's method line and the
 * diagnostics' places, which are always there) or warnings (no report shows them). The first
 * read keeps only an outline, so its requests need no headers or body either.
 */
const REQUESTS_READ = { positions: false, warnings: false } as const;
const OUTLINE_READ = { ...REQUESTS_READ, outlineOnly: true } as const;

/** A request file parsed as it is read, a chunk at a time: what each chunk's complete blocks yield. */
async function* parsedParts(input: RequestFileInput, read: typeof REQUESTS_READ | typeof OUTLINE_READ = REQUESTS_READ): AsyncGenerator<RequestFile> {
  const parser = new RequestFileStreamParser(read);
  if (input.text !== undefined) {
    parser.push(input.text);
  } else {
    for (const chunk of chunksOf(input.path)) {
      parser.push(chunk);
      yield parser.take();
    }
  }
  parser.end();
  yield parser.take();
}

/** How many requests a file holds, from an outline-only read (what `run --shard` balances shards by). */
export async function requestCountOf(input: RequestFileInput): Promise<number> {
  let count = 0;
  for await (const part of parsedParts(input, OUTLINE_READ)) count += part.requests.length;
  return count;
}

async function* parsedRequests(input: RequestFileInput): AsyncGenerator<ParsedRequest> {
  for await (const part of parsedParts(input)) yield* part.requests;
}

/**
 * A file's requests one by one, parsed a chunk at a time. Written out rather than as an async
 * generator delegating to another (`yield*` over each chunk's list): that cost several promise
 * turns per request; this one awaits only when a new chunk must be read.
 */
class RequestsAsRead implements AsyncIterableIterator<ParsedRequest> {
  private readonly parts: AsyncGenerator<RequestFile>;
  private buffered: readonly ParsedRequest[] = [];
  private at = 0;
  /** The next chunk's requests, asked for early by readAhead(). */
  private nextPart?: Promise<IteratorResult<RequestFile>>;

  constructor(input: RequestFileInput) {
    this.parts = parsedParts(input);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /**
   * Once every request read so far has been handed out, starts reading and parsing the next
   * chunk — called while a request is on the wire, so that work is not done between its answer
   * and the next request. Reads nothing the run would not read next anyway.
   */
  readAhead(): void {
    if (this.at < this.buffered.length || this.nextPart) return;
    this.nextPart = this.parts.next();
    // Awaited by next(), perhaps only after this rejects: a failed read is reported there, not as unhandled.
    this.nextPart.catch(() => undefined);
  }

  async next(): Promise<IteratorResult<ParsedRequest>> {
    while (this.at >= this.buffered.length) {
      const part = await (this.nextPart ?? this.parts.next());
      this.nextPart = undefined;
      if (part.done) return { done: true, value: undefined };
      this.buffered = part.value.requests;
      this.at = 0;
    }
    return { done: false, value: this.buffered[this.at++] };
  }

  async return(): Promise<IteratorResult<ParsedRequest>> {
    this.buffered = [];
    await this.parts.return(undefined);
    return { done: true, value: undefined };
  }
}

/** The requests at `indexes`, parsed in a read of their own: those a request above them needs first. */
async function requestsAt(input: RequestFileInput, indexes: ReadonlySet<number>): Promise<Map<number, ParsedRequest>> {
  const found = new Map<number, ParsedRequest>();
  if (indexes.size === 0) return found;
  let index = 0;
  for await (const request of parsedRequests(input)) {
    if (indexes.has(index)) {
      found.set(index, request);
      if (found.size === indexes.size) break;   // the rest of the file is not needed: leaving closes the read
    }
    index++;
  }
  return found;
}

/** `/rest/v2/x?y=1` of a sent request's href (an http(s) URL, so it has a path), without parsing it again. */
function pathAndQuery(href: string): string {
  const path = href.indexOf('/', href.indexOf('//') + 2);
  const hash = href.indexOf('#', path);
  return href.slice(path, hash < 0 ? undefined : hash);
}

/**
 * Built property by property in the report's field order: spread-built literals get a fresh
 * shape each time. Every string is redacted as it goes in (the text rules, `Redactor.reportText`),
 * with no walk over the finished line: none of the report's keys has a rule or names an id, so
 * such a walk would only ever reach the strings. The numbers are ours (positions, an HTTP
 * status, a duration): no card number fits. The state is one of a few words of ours.
 */
function requestReport(request: ParsedRequest | undefined, outcome: RequestOutcome, redactor: Redactor): RequestReport {
  const text = (value: string): string => redactor.reportText(value);
  const sent = outcome.result ? pathAndQuery(outcome.result.url) : undefined;
  const notes = outcomeNotes(outcome);
  const report = { index: outcome.index, line: (request?.methodRange.start.line ?? 0) + 1, label: text(outcome.label) } as RequestReport;
  if (outcome.name) report.name = text(outcome.name);
  report.method = text(outcome.result?.method ?? request?.method.toUpperCase() ?? '');
  report.target = text(sent ?? request?.target ?? '');
  if (outcome.result?.operationId) report.operation = text(outcome.result.operationId);
  report.state = outcome.state;
  if (outcome.status !== undefined) report.status = outcome.status;
  if (outcome.timingMs !== undefined) report.timeMs = Math.round(outcome.timingMs * 10) / 10;
  if (outcome.message) report.message = text(outcome.message);
  if (outcome.asDependency) report.asDependency = true;
  if (outcome.outcomeUnknown) report.outcomeUnknown = true;
  if (outcome.unreadable) report.unreadable = text(outcome.unreadable);
  if (outcome.ignoredAuthHeaders?.length) report.ignoredHeaders = outcome.ignoredAuthHeaders.map(text);
  if (notes.length > 0) report.notes = notes.map(text);
  // A loop, not map(): see judge (src/core/runner/run.ts) on the two kinds of array map() makes.
  report.expectations = [];
  for (const { expectation, outcome: o } of outcome.expectations) {
    const line = { text: text(expectation.text), pass: o.pass } as RequestReport['expectations'][number];
    if (o.actual !== undefined) line.actual = text(o.actual);
    line.message = text(o.message);
    report.expectations.push(line);
  }
  return report;
}

/** Parser errors (not warnings) stop a file from running: sending half-understood requests helps nobody. */
function blockingDiagnostics(errors: readonly ParseDiagnostic[], requestCount: number): FileDiagnostic[] {
  const found = errors.map((d) => ({ line: d.range.start.line + 1, column: d.range.start.character + 1, message: d.message }));
  if (found.length === 0 && requestCount === 0) {
    return [{ line: 1, column: 1, message: 'the file holds no request: add one (a method and a URL line) or leave the file out of the run' }];
  }
  return found;
}

/**
 * Runs one file in two reads: the first keeps only its outline (references, variables, parse
 * errors — an error anywhere stops the file before anything is sent); the second parses each
 * request when its turn comes. Every field of every report (text, json, junit) is written from
 * the request reports, so they are redacted here: the environment's keys, key-like literals
 * (`sk_live_…`), card and account numbers.
 */
async function runFile(input: RequestFileInput, options: Omit<RunOptions, 'file' | 'onOutcome'>, secrets: readonly string[], sink: (report: RequestReport) => void, progress?: RunProgress): Promise<FileReport> {
  const started = performance.now();
  const outline = new OutlineBuilder();
  for await (const part of parsedParts(input, OUTLINE_READ)) outline.add(part);
  const diagnostics = blockingDiagnostics(outline.errors, outline.requests.length);
  if (diagnostics.length > 0) return redactValue({ file: input.path, state: 'invalid', timeMs: 0, diagnostics, requests: [] }, secrets);
  const ahead = await requestsAt(input, fileReferences(outline).below());
  // Reports go out in file order; a request run early (a dependency below its reader) waits here for its turn.
  const waiting = new Map<number, RequestReport>();
  let next = 0;
  let passed = true;
  const release = (line: RequestReport): void => {
    passed &&= line.state === 'passed';
    sink(line);
    next = line.index + 1;
  };
  let redactor = redactorFor(secrets);
  // Values read from the environment or a .env file are hidden like keys: each one is known before
  // the request that carries it is sent, so before any report of it is written.
  let hiddenOutside = 0;
  const currentRedactor = (): Redactor => {
    const outside = options.outside?.hiddenValues() ?? [];
    if (outside.length !== hiddenOutside) {
      hiddenOutside = outside.length;
      redactor = redactorFor([...secrets, ...outside]);
    }
    return redactor;
  };
  const report = (o: RequestOutcome, request: ParsedRequest | undefined): void => {
    const line = requestReport(request, o, currentRedactor());
    progress?.requestDone(line);
    if (line.index !== next) {
      waiting.set(line.index, line);
      return;
    }
    release(line);
    for (let held = waiting.get(next); held; held = waiting.get(next)) {
      waiting.delete(held.index);
      release(held);
    }
  };
  // A request's report is written while the next request is on the wire, and the next chunk of
  // the file read and parsed: once the next request is dispatched, that work runs in a
  // setImmediate, during its round trip, rather than between one answer and the next request.
  // Reports are told in the order they came; never many waiting.
  const requests = new RequestsAsRead(input);
  const deferred: Array<{ outcome: RequestOutcome; request: ParsedRequest | undefined }> = [];
  const writeDeferred = (): void => {
    for (const { outcome, request } of deferred.splice(0)) report(outcome, request);
  };
  let scheduled = false;
  const whileOnTheWire = (): void => {
    scheduled = false;
    writeDeferred();
    requests.readAhead();
  };
  await streamRequests({
    ...options,
    send: (prepared) => {
      const answer = options.send(prepared);
      if (!scheduled) {
        scheduled = true;
        setImmediate(whileOnTheWire);
      }
      return answer;
    },
    onOutcome: (outcome, request) => {
      deferred.push({ outcome, request });
      if (deferred.length >= MAX_DEFERRED_REPORTS) writeDeferred();
    },
  }, { outline, requests, ahead });
  writeDeferred();
  for (const held of [...waiting.values()].sort((a, b) => a.index - b.index)) release(held);
  return { file: input.path, state: passed ? 'passed' : 'failed', timeMs: Math.round(performance.now() - started), diagnostics: [], requests: [] };
}

/** A file's `{{$processEnv …}}` and `{{$dotenv …}}` sources: `.env` beside it, then in the current directory. */
function outsideValuesFor(file: string, from: { env: NodeJS.ProcessEnv; cwd: string }): OutsideValues {
  return new OutsideValues({
    processEnv: (name) => from.env[name],
    processEnvPlace: 'the shell that runs gateway-workbench',
    dotenvFiles: dotenvPlaces(path.dirname(path.resolve(from.cwd, file)), from.cwd).map(readDotenvFile),
  });
}

/**
 * What a run's reports hide wherever it appears: the keys, and the `--var` values whose names
 * say they are secret (`--var token=…`), which the answers may echo and the checks may quote.
 */
export function runSecrets(target: RunTarget, variables: readonly VariableOverride[] = []): string[] {
  return [...credentialSecrets(target.credentials), ...secretValues(variables)];
}

export async function runFiles(files: readonly RequestFileInput[], target: RunTarget, options: RunFilesOptions = {}): Promise<RunReport> {
  const started = performance.now();
  const client = targetClient(target);
  const secrets = runSecrets(target, options.variables);
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
      options.requestSink?.fileStarted(input.path);
      const requests: RequestReport[] = [];
      const report = await runFile(input, {
        environment,
        namedResponses: new Map<string, NamedExchange>(),
        readBodyFile: bodyFileReader(cliBodyFilePlace(input.path, options.bodyRoot)),
        ...(options.variables?.length ? { variableOverrides: options.variables } : {}),
        ...(options.bail ? { bail: true } : {}),
        outside: outsideValuesFor(input.path, options.outsideFrom ?? { env: process.env, cwd: process.cwd() }),
        ...(options.stopped ? { stopped: () => options.stopped?.() !== undefined } : {}),
        // Not async: the client's promise is handed on as it is, without a wrapping promise's extra turns.
        send: (prepared) => {
          const stopped = options.stopped?.();
          if (stopped) return Promise.resolve({ kind: 'failed', message: `not sent: ${stopped}` });
          const refusal = refusalOf(prepared, target, options.allowProduction === true);
          if (refusal) return Promise.resolve({ kind: 'failed', message: refusal });
          const raw: RawRequest = { method: prepared.method, url: prepared.url, headers: prepared.headers, operation: prepared.operation ?? null };
          if (prepared.body !== undefined) raw.body = prepared.body;
          return sendOutcomeOf(client.sendRaw(raw));
        },
      }, secrets, options.requestSink ? (line) => options.requestSink?.request(line) : (line) => requests.push(line), options.progress);
      if (!options.requestSink) report.requests = requests;
      options.progress?.fileDone(report);
      reports.push(report);
    }
  } finally {
    await client.close();
  }
  const sink = options.requestSink;
  const totals = totalsOf(reports, Math.round(performance.now() - started), sink ? (_file, index) => sink.counts(index) : undefined);
  return {
    version: 1,
    environment: { name: target.environment.name, kind: target.environment.kind },
    passed: reports.every((r) => r.state === 'passed'),
    files: reports,
    totals,
  };
}
