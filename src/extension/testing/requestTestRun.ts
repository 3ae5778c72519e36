// A Testing-view run: the chosen files, requests or expectations sent to one environment through
// the run engine Send All and the CLI use (runAll / runRequest, via openDocumentRun, so the
// production guard, the log, history and the ✓/✗ marks beside the requests all apply), and each
// outcome reported on its item — expectations with expected and actual values for the diff —
// and written to the run's output (runOutputLines.ts). On the Local sandbox, example files run
// in a throwaway sandbox of their own (throwawaySandbox.ts).
import * as vscode from 'vscode';
import { runAll, runRequest, type RequestOutcome } from '../../core/runner';
import { redact } from '../../core/protection/redaction';
import { COMMANDS, LOCAL_SANDBOX_NAME } from '../contracts';
import { openDocumentRun, type DocumentRunDeps } from '../requestDocuments/documentRun';
import type { ItemData, RequestTestItems } from './requestTestItems';
import type { CoverageReport } from '../../core/localSandbox/sandboxCoverage';
import { loadRuntime } from '../lazy/runtime';
import { isExampleFile, startThrowawaySandbox, THROWAWAY_SANDBOX_NAME, type ThrowawaySandbox } from './throwawaySandbox';
import { expectedOf, fileOutputLine, requestOutputLines } from './runOutputLines';

type ItemState = 'passed' | 'failed' | 'errored' | 'skipped';

/** What a run reported for one item, by item id (what the extension's API gives tests). */
export interface ItemResult {
  state: ItemState;
  message?: string;
  expected?: string;
  actual?: string;
  durationMs?: number;
}

/** Per file: the whole file (Send All), or these request indexes. */
type Plan = Map<string, { uri: vscode.Uri; whole: boolean; indexes: Set<number> }>;

function planOf(items: readonly vscode.TestItem[], data: RequestTestItems['data']): Plan {
  const plan: Plan = new Map();
  for (const item of items) {
    const d: ItemData | undefined = data.get(item);
    if (!d) continue;
    const key = d.uri.toString();
    const entry = plan.get(key) ?? { uri: d.uri, whole: false, indexes: new Set<number>() };
    if (d.kind === 'file') entry.whole = true;
    else entry.indexes.add(d.index);
    plan.set(key, entry);
  }
  return plan;
}

export class RequestTestRunner {
  /** The outcome coverage of the last run against the Local sandbox (what its output showed). */
  lastCoverage: CoverageReport | undefined;
  /** What the last run wrote to its output (Test Results), for the extension's API. */
  lastOutput = '';

  constructor(
    private readonly controller: vscode.TestController,
    private readonly items: RequestTestItems,
    private readonly deps: DocumentRunDeps,
  ) {}

  /**
   * Runs `include` (everything when undefined) on `environmentName` and reports to the Testing view.
   * On the Local sandbox, example files run in a throwaway sandbox unless `examplesOnLocalSandbox`.
   */
  async run(include: readonly vscode.TestItem[] | undefined, exclude: readonly vscode.TestItem[], environmentName: string, token?: vscode.CancellationToken, examplesOnLocalSandbox = false): Promise<Record<string, ItemResult>> {
    const roots: vscode.TestItem[] = [];
    this.controller.items.forEach((item) => roots.push(item));
    const chosen = (include ?? roots).filter((item) => !exclude.includes(item));
    const request = new vscode.TestRunRequest(chosen, [...exclude]);
    const testRun = this.controller.createTestRun(request, `Gateway requests on ${environmentName}`, true);
    this.lastCoverage = undefined;
    this.lastOutput = '';
    const append = (text: string, item?: vscode.TestItem): void => {
      this.lastOutput += text;
      if (item?.uri && item.range) testRun.appendOutput(text, new vscode.Location(item.uri, item.range), item);
      else testRun.appendOutput(text);
    };
    const results: Record<string, ItemResult> = {};
    const abort = new AbortController();
    token?.onCancellationRequested(() => abort.abort());
    // The Local sandbox counts the outcomes it serves: read before and after, the run's own show.
    let sandboxUrl: string | undefined;
    let before: CoverageReport | undefined;
    // Started for the first example file of the run, closed when it ends (throwawaySandbox.ts).
    let throwaway: Promise<ThrowawaySandbox> | undefined;
    const throwawayFor = (uri: vscode.Uri): Promise<ThrowawaySandbox> | undefined => {
      if (examplesOnLocalSandbox || environmentName !== LOCAL_SANDBOX_NAME || !isExampleFile(uri)) return undefined;
      if (!throwaway) {
        const seeded = this.deps.exchange.environments.localSandboxSeed?.() !== undefined;
        append(`Examples (files in gateway-examples/) run in a throwaway sandbox started for this run${seeded ? ' from your Local sandbox\'s seed' : ''} and closed after it: `
          + 'your Local sandbox is not changed, and their requests are not kept in History. '
          + 'To run them on your Local sandbox, use the run profile "Run against my Local sandbox".\r\n');
        throwaway = startThrowawaySandbox(this.deps);
      }
      return throwaway;
    };
    try {
      for (const { uri, whole, indexes } of planOf(chosen, this.items.data).values()) {
        if (abort.signal.aborted) break;
        const fileItem = this.controller.items.get(uri.toString());
        const requestItem = (index: number) => fileItem?.children.get(`${uri.toString()}#${index}`);
        const own = throwawayFor(uri);
        let sandbox: ThrowawaySandbox | undefined;
        try {
          sandbox = await own;
        } catch (e) {
          const message = `not run: the throwaway sandbox for the examples did not start (${(e as Error).message}); "Run against my Local sandbox" runs them on yours`;
          for (const index of whole ? (fileItem ? childIndexes(fileItem) : []) : indexes) this.report(testRun, results, requestItem(index), { state: 'errored', message });
          continue;
        }
        const run = sandbox
          ? await openDocumentRun(sandbox.deps, uri, THROWAWAY_SANDBOX_NAME)
          : await openDocumentRun(this.deps, uri, environmentName);
        if (run?.env.kind === 'local' && sandboxUrl === undefined) {
          sandboxUrl = run.env.gatewayUrl;
          before = await loadRuntime().fetchCoverage(sandboxUrl).catch(() => undefined);
        }
        if (!run) {
          for (const index of whole ? [...(fileItem ? childIndexes(fileItem) : [])] : indexes) this.report(testRun, results, requestItem(index), { state: 'skipped', message: 'not run: no environment' });
          continue;
        }
        const options = run.options({
          showResultOf: () => false,
          // A notification's Retry comes after a throwaway run has closed its sandbox: the request
          // runs again as a test, in a new one (sent by name, it met "no environment named …").
          retry: sandbox
            ? (i) => void this.run([requestItem(i) ?? fileItem].filter((t) => t !== undefined), [], environmentName, undefined, examplesOnLocalSandbox)
            : (i) => void vscode.commands.executeCommand(COMMANDS.sendRequestAt, run.doc.uri, i, run.env.name),
          beforeSend: (prepared) => {
            const item = requestItem(prepared.index);
            if (item) testRun.started(item);
          },
          signal: abort.signal,
          // The Testing view shows the run itself.
          progress: { report: () => undefined },
        });
        const outcomes: RequestOutcome[] = [];
        if (whole) outcomes.push(...await runAll(options));
        else for (const index of [...indexes].sort((a, b) => a - b)) outcomes.push(...await runRequest(options, index));
        run.record(outcomes);
        // The output, each request's part tied to its item (Test Results shows it when that item is picked).
        append(fileOutputLine(fileItem?.label ?? uri.path.slice(uri.path.lastIndexOf('/') + 1), run.secrets));
        for (const outcome of outcomes) {
          const item = requestItem(outcome.index);
          append(requestOutputLines(outcome, run.secrets), item);
          this.reportOutcome(testRun, results, item, outcome, run.secrets);
        }
      }
      if (sandboxUrl !== undefined) await this.showCoverage(append, sandboxUrl, before);
    } finally {
      await (await throwaway?.catch(() => undefined))?.close().catch(() => undefined);
      testRun.end();
    }
    return results;
  }

  /**
   * "Outcomes covered N of M" in the run's output (Test Results), with each outcome the run did
   * not reach and how to produce it. What the sandbox served before the run does not count.
   */
  private async showCoverage(append: (text: string) => void, sandboxUrl: string, before: CoverageReport | undefined): Promise<void> {
    // From the runtime bundle: the activation bundle names no sandbox path (activationBundle.test.ts).
    const { fetchCoverage, coverageSince, coverageLines } = loadRuntime();
    try {
      const after = await fetchCoverage(sandboxUrl);
      this.lastCoverage = before ? coverageSince(before, after) : after;
      append(`${coverageLines(this.lastCoverage).join('\r\n')}\r\n`);
    } catch (e) {
      append(`Outcome coverage not available: ${(e as Error).message}\r\n`);
    }
  }

  private reportOutcome(testRun: vscode.TestRun, results: Record<string, ItemResult>, item: vscode.TestItem | undefined, outcome: RequestOutcome, secrets: readonly string[]): void {
    if (!item) return; // a dependency without expectations of its own has no item
    const say = (text: string) => redact(text, secrets);
    const durationMs = outcome.timingMs;
    outcome.expectations.forEach((e, k) => {
      const child = item.children.get(`${item.id}#${k}`);
      if (!child) return;
      if (e.outcome.pass) {
        this.report(testRun, results, child, { state: 'passed', ...(durationMs !== undefined ? { durationMs } : {}) });
        return;
      }
      const expected = expectedOf(e);
      this.report(testRun, results, child, {
        state: 'failed',
        message: say(e.outcome.message),
        ...(expected !== undefined ? { expected: say(expected) } : {}),
        actual: say(e.outcome.actual ?? '(no value)'),
        ...(durationMs !== undefined ? { durationMs } : {}),
      });
    });
    const state: ItemState = outcome.state === 'passed' ? 'passed' : outcome.state === 'failed' ? 'failed' : outcome.state === 'error' ? 'errored' : 'skipped';
    this.report(testRun, results, item, {
      state,
      ...(outcome.message ? { message: say(outcome.message) } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
    });
    // A skip carries no message in the Testing view: Test Results says why (`skipped: depends on "sale", which failed`).
    if (state === 'skipped' && outcome.message) testRun.appendOutput(`${say(`${item.label}: ${outcome.message}`)}\r\n`, undefined, item);
    if (state === 'skipped' || state === 'errored') {
      item.children.forEach((child) => {
        if (!results[child.id]) this.report(testRun, results, child, { state: 'skipped', message: say(outcome.message ?? 'not run') });
      });
    }
  }

  private report(testRun: vscode.TestRun, results: Record<string, ItemResult>, item: vscode.TestItem | undefined, result: ItemResult): void {
    if (!item) return;
    results[item.id] = result;
    const message = (): vscode.TestMessage => {
      const m = result.expected !== undefined || result.actual !== undefined
        ? vscode.TestMessage.diff(result.message ?? '', result.expected ?? '', result.actual ?? '')
        : new vscode.TestMessage(result.message ?? '');
      if (item.uri && item.range) m.location = new vscode.Location(item.uri, item.range);
      return m;
    };
    if (result.state === 'passed') testRun.passed(item, result.durationMs);
    else if (result.state === 'failed') testRun.failed(item, message(), result.durationMs);
    else if (result.state === 'errored') testRun.errored(item, message(), result.durationMs);
    else testRun.skipped(item);
  }
}

function childIndexes(fileItem: vscode.TestItem): number[] {
  const out: number[] = [];
  fileItem.children.forEach((child) => {
    const index = Number(child.id.split('#').pop());
    if (Number.isInteger(index)) out.push(index);
  });
  return out;
}
