// The run engine: sends a file's requests in order with their dependencies and judges each by its
// `@expect` lines. After a failure it carries on (as httpYac, newman and Bruno do): a request that
// reads a failed or skipped request's answer is skipped and says which; the rest are sent.
// `bail` stops at the first failure instead; a request not sent (declined, cancelled) always stops
// the run, since the user said stop. The caller supplies `send` — the CLI sends
// through a GatewayClient, the extension through its guarded, progress-reporting exchange — so
// both run files the same way.

import { evaluateExpectation, substituteVariables, type Expectation, type ParsedRequest, type RequestFile } from '../requestFile';
import { resultOutcomeUnknown, unreadableAnswerMessage } from '../http/outcomeCheck';
import type { GatewayResult } from '../answers/result';
import { explainStatus } from '../http/statusAdvice';
import { fileReferences, type FileReferences } from './dependencies';
import type { OutlineBuilder } from './outline';
import { bodyFilePathFor, prepareParsed, resolverFor } from './prepare';
import { requestLabel } from './requestLabel';
import { promptAnswers, type AskForPrompt } from './prompts';
import type { NamedExchange } from './namedExchange';
import type { BodyFileReader } from '../requestFile/bodyFile';
import type { OutsideValues } from './outsideValues';
import type { ExpectationResult, OutcomeState, PreparedRequest, RequestOutcome, RunEnvironment, SendOutcome } from './types';

export interface RunOptions {
  file: RequestFile;
  environment: RunEnvironment;
  /** The exchanges of the named requests sent so far; the run reads it and adds to it. */
  namedResponses: Map<string, NamedExchange>;
  /** Sends one request and says what became of it (sendOutcomeOf turns a client's promise into that). */
  send: (prepared: PreparedRequest) => Promise<SendOutcome>;
  /** Told of each outcome as it happens, dependencies included, with the request it is about. */
  onOutcome?(outcome: RequestOutcome, request: ParsedRequest | undefined): void;
  /** Reads a body file (`< ./sale.json`) relative to the request file; without it such a request is not sent, and says why. */
  readBodyFile?: BodyFileReader;
  /** Values for file variables given from outside (the CLI's `--var`): they take the place of the file's own `@name = value`. */
  variableOverrides?: ReadonlyArray<{ name: string; value: string }>;
  /**
   * Asks for a `# @prompt` variable's value each time its request is sent (the editor's input
   * box); undefined when the user gave none, and the request is not sent. Without it (a headless
   * run) the variable must already have a value (`--var`).
   */
  ask?: AskForPrompt;
  /** Stop at the first request that does not pass, the rest reported skipped (the CLI's `--bail`); without it the run carries on. */
  bail?: boolean;
  /**
   * Where `{{$processEnv NAME}}` and `{{$dotenv NAME}}` are read from, and who is told each value
   * (to hide it); without it they have no value, and a request that uses one is not sent.
   */
  outside?: OutsideValues;
  /** True once the run was told to stop (the CLI's Ctrl+C): after the request that says so, the rest are reported skipped. */
  stopped?(): boolean;
}

function labelOf(request: ParsedRequest | undefined, index: number): string {
  return request ? requestLabel(request) : `request #${index + 1}`;
}

/**
 * An expectation with `{{…}}` in its expected value filled in (`== {{sale1.payload.transaction.id}}`),
 * once the response is in, so a request may compare against its own or earlier responses.
 */
function filled(expectation: Expectation, resolve: (name: string) => string | undefined): Expectation {
  if (expectation.operator === 'matches' || expectation.expected === undefined || !expectation.expected.includes('{{')) return expectation;
  return { ...expectation, expected: substituteVariables(expectation.expected, resolve).text };
}

/**
 * An error status's advice, with what the gateway said (its error-message) and the exchange-id:
 * a run in CI has nothing else to show why a request was refused or declined.
 */
function statusAdvice(result: GatewayResult): string {
  const advice = explainStatus(result);
  return advice ? ` — ${advice}` : '';
}

/**
 * Passed when every expectation holds and the answer could be read; a 2xx/3xx whose body
 * cannot be read fails whatever the expectations say; without a status expectation, a 4xx/5xx
 * status fails.
 */
function judge(request: ParsedRequest, result: GatewayResult, resolve: (name: string) => string | undefined): { state: OutcomeState; message?: string; expectations: ExpectationResult[] } {
  // A loop, not map(): in Node 20 map() makes a packed array until its caller is optimised and a
  // holey one after (TurboFan inlines it), so once this function was optimised, every reader
  // of the list optimised on the packed kind (the report's requestReport, find() below) was
  // deoptimised and compiled again, thousands of requests into a run.
  const expectations: ExpectationResult[] = [];
  for (const expectation of request.expectations) {
    expectations.push({ expectation, outcome: evaluateExpectation(filled(expectation, resolve), { status: result.status, parsed: result.parsed }) });
  }
  if (result.unreadable !== undefined && result.status < 400) return { state: 'failed', message: unreadableAnswerMessage(result), expectations };
  const failed = expectations.find((e) => !e.outcome.pass);
  if (failed) {
    const unparsed = result.notParsed && failed.expectation.subject !== 'status' ? ` (${result.notParsed})` : '';
    const why = failed.expectation.subject === 'status' ? statusAdvice(result) : '';
    return { state: 'failed', message: failed.outcome.message + unparsed + why, expectations };
  }
  const judgesStatus = request.expectations.some((e) => e.subject === 'status');
  if (!judgesStatus && result.status >= 400) {
    const hint = ' (add "# @expect status ' + result.status + '" if that is what you expect)';
    return { state: 'failed', message: `HTTP ${result.status} ${result.statusText}`.trim() + hint + statusAdvice(result), expectations };
  }
  return { state: 'passed', expectations };
}

/** What a run needs of its file: requests by index (those it is about to send), variables, references. */
interface RunFile {
  readonly count: number;
  readonly variables: ReadonlyArray<{ name: string; value: string }>;
  readonly references: FileReferences;
  request(index: number): ParsedRequest | undefined;
  nameOf(index: number): string | undefined;
}

function wholeFile(file: RequestFile): RunFile {
  return {
    count: file.requests.length,
    variables: file.variables,
    references: fileReferences(file),
    request: (index) => file.requests[index],
    nameOf: (index) => file.requests[index]?.name,
  };
}

class Run {
  readonly outcomes: RequestOutcome[] = [];
  /** Requests run; a streamed run also counts every request above `doneBelow` as done. */
  private readonly done = new Set<number>();
  private doneBelow = 0;
  private readonly resolve: (name: string) => string | undefined;
  /** The file's variables, with the overrides after them. */
  private readonly variables: ReadonlyArray<{ name: string; value: string }>;
  /**
   * Streaming only: how many requests not yet run read each named response. A response no
   * request left reads is dropped (or never kept), so a run's memory does not grow with its length.
   */
  private readonly readersLeft?: Map<string, number>;
  /**
   * The named requests of this run that did not pass, by index, with why: a request that reads
   * one of them is skipped. Only named ones, since only those can be read, so it stays small.
   */
  private readonly unpassed = new Map<number, { label: string; state: OutcomeState }>();

  constructor(private readonly options: Omit<RunOptions, 'file'>, private readonly file: RunFile, private readonly streaming = false) {
    // The resolver takes the last value of a name: overrides after the file's own.
    this.variables = options.variableOverrides?.length ? [...file.variables, ...options.variableOverrides] : file.variables;
    this.resolve = resolverFor(this.variables, options.environment, options.namedResponses, options.outside);
    if (!streaming) return;
    this.readersLeft = new Map();
    for (let i = 0; i < file.count; i++) {
      for (const name of file.references.namesReadBy(i)) this.readersLeft.set(name, (this.readersLeft.get(name) ?? 0) + 1);
    }
  }

  private isDone(index: number): boolean {
    return index < this.doneBelow || this.done.has(index);
  }

  private record(outcome: RequestOutcome): RequestOutcome {
    if (!this.streaming) this.outcomes.push(outcome);
    this.done.add(outcome.index);
    if (outcome.state !== 'passed' && this.file.nameOf(outcome.index) !== undefined) this.unpassed.set(outcome.index, { label: outcome.label, state: outcome.state });
    this.options.onOutcome?.(outcome, this.file.request(outcome.index));
    if (this.readersLeft) this.forgetUnread(outcome.index);
    return outcome;
  }

  private forgetUnread(index: number): void {
    const readersLeft = this.readersLeft as Map<string, number>;
    for (const name of this.file.references.namesReadBy(index)) {
      const left = (readersLeft.get(name) ?? 0) - 1;
      readersLeft.set(name, left);
      if (left <= 0) this.options.namedResponses.delete(name);
    }
  }

  private keepsResponse(name: string): boolean {
    return this.readersLeft === undefined || (this.readersLeft.get(name) ?? 0) > 0;
  }

  private notSent(index: number, state: OutcomeState, message: string, asDependency = false): RequestOutcome {
    const request = this.file.request(index);
    return this.record({ index, ...(request?.name ? { name: request.name } : {}), label: labelOf(request, index), state, message, expectations: [], ...(asDependency ? { asDependency } : {}) });
  }

  /**
   * An outcome's common part. Built property by property, like the outcome below: spread-built
   * literals get a fresh shape each time, and these are made once per request.
   */
  private outcomeOf(index: number, label: string, request: ParsedRequest | undefined, asDependency: boolean, ignoredAuthHeaders: string[]): RequestOutcome {
    const outcome = { index } as RequestOutcome;
    if (request?.name) outcome.name = request.name;
    outcome.label = label;
    if (asDependency) outcome.asDependency = asDependency;
    if (ignoredAuthHeaders.length > 0) outcome.ignoredAuthHeaders = ignoredAuthHeaders;
    return outcome;
  }

  /** Sends one request (its dependencies must already be sent). */
  private async sendOne(index: number, asDependency: boolean): Promise<RequestOutcome> {
    const { namedResponses, send } = this.options;
    const request = this.file.request(index);
    let resolve = this.resolve;
    if (request?.prompts?.length) {
      const answered = await this.answersFor(request, index);
      if (typeof answered === 'string') return this.notSent(index, this.options.ask ? 'cancelled' : 'error', `not sent: ${answered}`, asDependency);
      resolve = answered;
    }
    const preparation = prepareParsed(request, index, this.options.environment, resolve, this.options.readBodyFile && this.readKeptBodyFile);
    if (!preparation.ok) return this.notSent(index, 'error', `not sent: ${preparation.message}`, asDependency);
    const { prepared } = preparation;
    const outcome = this.outcomeOf(index, prepared.label, prepared.request, asDependency, prepared.ignoredAuthHeaders);
    let sent: SendOutcome;
    try {
      sent = await send(prepared);
    } catch (err) {
      // A send that throws breaks its promise to answer with an outcome; its error is still this request's.
      sent = failedSend(err);
    }
    if (sent.kind === 'failed') {
      if (sent.outcomeUnknown === true) outcome.outcomeUnknown = true;
      outcome.state = 'error';
      outcome.message = sent.message;
      outcome.expectations = [];
      return this.record(outcome);
    }
    if (sent.kind === 'not-sent') {
      outcome.state = 'cancelled';
      outcome.message = 'not sent: stopped before sending (read-only, not confirmed, or cancelled)';
      outcome.expectations = [];
      return this.record(outcome);
    }
    const { result } = sent;
    const name = prepared.request.name;
    if (name && result.parsed !== undefined && this.keepsResponse(name)) {
      namedResponses.set(name, { body: result.parsed, headers: result.headers, request: { headers: prepared.headers, body: prepared.body } });
    }
    const verdict = judge(prepared.request, result, resolve);
    outcome.state = verdict.state;
    if (verdict.message !== undefined) outcome.message = verdict.message;
    outcome.expectations = verdict.expectations;
    if (result.unreadable !== undefined && result.status < 400) outcome.unreadable = result.unreadable;
    if (verdict.state !== 'passed' && resultOutcomeUnknown(result)) outcome.outcomeUnknown = true;
    outcome.status = result.status;
    outcome.timingMs = result.timingMs;
    outcome.result = result;
    return this.record(outcome);
  }

  /** A resolver with `request`'s `# @prompt` answers before the file's own values, or why the request is not sent. */
  private async answersFor(request: ParsedRequest, index: number): Promise<((name: string) => string | undefined) | string> {
    const answers = await promptAnswers(request, labelOf(request, index), this.options.ask, (name) => this.resolve(name) !== undefined);
    if (typeof answers === 'string') return answers;
    return answers.length === 0 ? this.resolve : resolverFor([...this.variables, ...answers], this.options.environment, this.options.namedResponses, this.options.outside);
  }

  /**
   * Request `index` after the named requests it needs that have not been sent in this session.
   * Not async itself: most requests need none, and then sendOne's promise is handed on as it
   * is, without a second promise and its extra turn per request.
   */
  withDependencies(index: number): Promise<RequestOutcome> {
    const order = this.dependencyOrder(index);
    return order.length === 0 ? this.sendOne(index, false) : this.afterDependencies(index, order);
  }

  /** The requests to send before `index`: from its references, and from its `<@ path` body file's. */
  private dependencyOrder(index: number): readonly number[] {
    const file = this.file.request(index)?.body?.file;
    const read = this.options.readBodyFile;
    if (!file?.fillVariables || !read) return this.file.references.order(index);
    const path = bodyFilePathFor(file, this.resolve);
    let text: string;
    try {
      if (!path.ok) throw new Error(path.message);
      text = read(path.path);
    } catch {
      return this.file.references.order(index);   // sendOne reads it again and reports why it cannot
    }
    this.bodyFileRead = { path: path.path, text };
    return this.file.references.orderWithBodyFile(index, text);
  }

  /** The `<@` file dependencyOrder read, kept for the preparation of the same request that follows it. */
  private bodyFileRead?: { path: string; text: string };

  /** The caller's body-file reader, but the file dependencyOrder has just read is not read again. */
  private readonly readKeptBodyFile: BodyFileReader = (written) => {
    const kept = this.bodyFileRead;
    this.bodyFileRead = undefined;
    return kept?.path === written ? kept.text : (this.options.readBodyFile as BodyFileReader)(written);
  };

  private async afterDependencies(index: number, order: readonly number[]): Promise<RequestOutcome> {
    const { namedResponses } = this.options;
    // Named after the nearest one (the last in the order): its own skip names the next link.
    const unpassed = order.map((dependency) => this.unpassed.get(dependency)).filter((u) => u !== undefined).pop();
    if (unpassed) return this.notSent(index, 'skipped', `skipped: depends on "${unpassed.label}", which ${UNPASSED_WORDS[unpassed.state]}`);
    for (const dependency of order) {
      const name = this.file.nameOf(dependency);
      if (this.isDone(dependency) || (name && namedResponses.has(name))) continue;
      const outcome = await this.sendOne(dependency, true);
      if (outcome.state !== 'passed') {
        return this.notSent(index, outcome.state === 'cancelled' ? 'cancelled' : 'skipped', `not sent: it needs "${outcome.label}", which ${outcome.state === 'cancelled' ? 'was not sent' : outcome.state}`);
      }
    }
    return this.sendOne(index, false);
  }

  /** Whether nothing more is sent after `outcome`: with `bail`, any outcome but a pass; without, a request the user stopped. */
  private stopsAfter(outcome: RequestOutcome): boolean {
    if (outcome.state === 'passed') return false;
    return this.options.bail === true || outcome.state === 'cancelled' || this.options.stopped?.() === true;
  }

  async all(): Promise<void> {
    const count = this.file.count;
    for (let index = 0; index < count; index++) {
      if (this.done.has(index)) continue;
      const outcome = await this.withDependencies(index);
      if (this.stopsAfter(outcome)) {
        for (let rest = index + 1; rest < count; rest++) {
          if (!this.done.has(rest)) this.notSent(rest, 'skipped', skippedBecause(outcome));
        }
        return;
      }
    }
  }

  /**
   * all() for a file whose requests arrive one by one, in order (`requests`), with those that
   * must run before a request above them parsed beforehand (`ahead`).
   */
  async stream(requests: AsyncIterator<ParsedRequest>, ahead: ReadonlyMap<number, ParsedRequest>, current: { request?: ParsedRequest; index: number }): Promise<void> {
    let failed: RequestOutcome | undefined;
    for (let index = 0; index < this.file.count; index++) {
      const next = await requests.next();
      current.index = index;
      current.request = next.done ? ahead.get(index) : next.value;
      if (!this.done.delete(index)) {
        if (failed) this.notSent(index, 'skipped', skippedBecause(failed));
        else {
          const outcome = await this.withDependencies(index);
          if (this.stopsAfter(outcome)) failed = outcome;
        }
        this.done.delete(index);
      }
      this.doneBelow = index + 1;
    }
  }
}

/** How a skip names what it depends on: `skipped: depends on "sale", which failed`. */
const UNPASSED_WORDS: Readonly<Record<OutcomeState, string>> = {
  passed: 'passed',
  failed: 'failed',
  error: 'ended in an error',
  skipped: 'was skipped',
  cancelled: 'was not sent',
};

function skippedBecause(outcome: RequestOutcome): string {
  return `not run: "${outcome.label}" above ${outcome.state === 'cancelled' ? 'was not sent' : outcome.state}`;
}

/** Sends request `index`, after the named requests it depends on that were not sent yet. */
export async function runRequest(options: RunOptions, index: number): Promise<RequestOutcome[]> {
  const run = new Run(options, wholeFile(options.file));
  await run.withDependencies(index);
  return run.outcomes;
}

/**
 * Sends every request top to bottom. After a failure it carries on: those that depend on a request
 * that did not pass are reported skipped, naming it; with `bail`, all the rest are.
 */
export async function runAll(options: RunOptions): Promise<RequestOutcome[]> {
  const run = new Run(options, wholeFile(options.file));
  await run.all();
  return run.outcomes;
}

/**
 * Sends every request like runAll, keeping nothing: each outcome (its response with it) goes
 * to `onOutcome` and is let go, and a named response is dropped once no request left in the
 * file reads it. Memory stays flat however long the file; for headless runs, where no later
 * send can use a response the file itself does not.
 */
export async function streamAll(options: RunOptions): Promise<void> {
  await new Run(options, wholeFile(options.file), true).all();
}

export interface StreamedFile {
  /** The file's references and variables, from a first read. */
  outline: Pick<OutlineBuilder, 'requests' | 'variables'>;
  /** The file's requests in order, parsed as the file is read again. */
  requests: AsyncIterable<ParsedRequest>;
  /** The requests that must run before a request above them (`fileReferences(outline).below()`), parsed beforehand. */
  ahead: ReadonlyMap<number, ParsedRequest>;
}

/**
 * streamAll for a file that is never whole in memory: each request is parsed when its turn
 * comes and let go once its outcome is told, so memory stays flat in the file's length too.
 */
export async function streamRequests(options: Omit<RunOptions, 'file'>, file: StreamedFile): Promise<void> {
  const references = fileReferences(file.outline);
  const current: { request?: ParsedRequest; index: number } = { index: -1 };
  const view: RunFile = {
    count: file.outline.requests.length,
    variables: file.outline.variables,
    references,
    request: (index) => (index === current.index ? current.request : file.ahead.get(index)),
    nameOf: (index) => file.outline.requests[index]?.name,
  };
  const requests = file.requests[Symbol.asyncIterator]();
  try {
    await new Run(options, view, true).stream(requests, file.ahead, current);
  } finally {
    await requests.return?.();
  }
}

/** A failure as a send outcome: its message, and whether the request may have changed state (the client says). */
export function failedSend(err: unknown): SendOutcome {
  const outcomeUnknown = (err as { outcomeUnknown?: unknown } | undefined)?.outcomeUnknown === true;
  return { kind: 'failed', message: err instanceof Error ? err.message : String(err), ...(outcomeUnknown ? { outcomeUnknown } : {}) };
}

const answered = (result: GatewayResult): SendOutcome => ({ kind: 'answered', result });

/** A client's exchange as a send outcome: its answer, or its failure. */
export function sendOutcomeOf(exchange: Promise<GatewayResult>): Promise<SendOutcome> {
  return exchange.then(answered, failedSend);
}
