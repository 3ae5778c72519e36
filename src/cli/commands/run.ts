// `gateway-workbench run FILE… [--env local|NAME] [--report text|json|junit] [--output FILE]
// [--config FILE] [--allow-production] [--var NAME=VALUE]… [--body-root DIR] [--shard I/N] [--coverage] [--coverage-json FILE] [--bail]`: runs request files with their chaining and @expect
// lines, headlessly, through the same engine as the extension. Exit 0 when everything passed,
// 1 when a request failed, errored or was skipped or a file did not parse, 2 on a usage error,
// 130 / 143 when interrupted (interruption.ts).

import { closeSync, constants, writeFileSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { redactorFor } from '../../core/protection/redaction';
import { UsageError, parseOptionsOf, type CliCommand, type CliOption } from '../cliCommand';
import { CONFIG_OPTION } from '../run/environmentConfig';
import { runFiles, runSecrets, type RequestFileInput, type RunProgress } from '../run/runFiles';
import type { RunReport } from '../run/runReport';
import { targetFor, type RunTarget } from '../run/runTarget';
import { expandFilePatterns } from '../run/filePatterns';
import { variableOverridesOf } from '../run/variableOptions';
import { BODY_ROOT_OPTION, bodyRootOf } from '../run/bodyRoot';
import { watchInterruption } from '../run/interruption';
import { LineBatch } from '../run/lineBatch';
import { openReportFile, writeReportFile } from '../run/reportFile';
import { StreamedReport, type ReportFormat } from '../run/streamedReport';
import { invalidFileLines, requestLines, summaryLine, wantsColour } from '../run/textReport';
import { visibleText } from '../../core/protection/visibleText';
import { coverageLines, fetchCoverage } from '../../core/localSandbox/sandboxCoverage';
import type { CoverageReport } from '../../catalog/localSandbox/coverage';
import { SHARD_OPTION, shardOf, type Shard } from '../run/shardOption';
import { selectShard, type ShardSelection } from '../run/shardSplit';

const FORMATS: readonly ReportFormat[] = ['text', 'json', 'junit'];

function formatOf(raw: string | undefined): ReportFormat {
  if (raw === undefined) return 'text';
  if ((FORMATS as readonly string[]).includes(raw)) return raw as ReportFormat;
  throw new UsageError(`--report must be text, json or junit, not "${raw}"`);
}

/** Each file checked up front (it exists, is a file, can be read); the run reads it as a stream. */
async function readInputs(paths: readonly string[]): Promise<RequestFileInput[]> {
  if (paths.length === 0) throw new UsageError('missing FILE: name one or more request files, for example examples/*.gwreq');
  return Promise.all(paths.map(async (path) => {
    try {
      if ((await stat(path)).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
      await access(path, constants.R_OK);
      return { path };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder; name the .gwreq files in it' : (err as Error).message;
      throw new UsageError(`cannot read ${path}: ${why}`);
    }
  }));
}

/**
 * `say` redacts its line; `sayRedacted` is for a request's lines, written from a report that
 * runFiles has redacted field by field (the text rules on each string) already.
 */
function streamedProgress(say: (line: string) => void, sayRedacted: (line: string) => void, colour: boolean): RunProgress {
  return {
    fileStarted: (path) => say(visibleText(path)),
    requestDone: (request) => requestLines(request, { colour }).forEach(sayRedacted),
    fileDone: (file) => invalidFileLines(file, { colour }).forEach(say),
  };
}

/** The report on stdout, a line at a time as `out` writes them, without its final newline (as before). */
function writeLines(streamed: StreamedReport, report: RunReport, out: (line: string) => void): void {
  let pending = '';
  const decoder = new TextDecoder('utf-8');
  streamed.writeTo(report, (chunk) => {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    pending += text;
    const last = pending.lastIndexOf('\n');
    if (last < 0) return;
    out(pending.slice(0, last));
    pending = pending.slice(last + 1);
  });
  const tail = pending.trimEnd();
  if (tail) out(tail);
}

/** The coverage a run ends with: of its in-process sandbox, or read from the environment's gateway URL; or why there is none. */
async function runCoverage(target: RunTarget): Promise<CoverageReport | Error> {
  try {
    return target.coverage ? target.coverage() : await fetchCoverage(target.environment.gatewayUrl);
  } catch (e) {
    return e as Error;
  }
}


const OPTIONS = [
  { name: 'env', type: 'string', value: 'local|NAME', text: 'local, the default, runs against a Local sandbox started in this process. NAME runs against that environment of the environments file (--config), with its keys from environment variables (below).' },
  { name: 'report', type: 'string', value: FORMATS.join('|'), text: 'The report\'s format, text by default. text streams as requests finish; json and junit on stdout come whole at the end, so stdout stays one document. Every field is redacted: keys, key-like literals, card and account numbers.' },
  { name: 'output', type: 'string', value: 'FILE', text: 'Write the report to FILE; the text progress still streams on stdout.' },
  CONFIG_OPTION,
  { name: 'allow-production', type: 'boolean', text: 'Send requests that change state to a production environment too. Without it only reads are sent there; a read-only environment is never sent anything else.' },
  { name: 'var', type: 'string', value: 'NAME=VALUE', multiple: true, text: 'A value for the files\' {{NAME}}, in place of their own "@NAME = value" (or where they have none); give it once per variable. The value may use {{…}} like a file variable\'s: --var invoice=INV-{{$randomInt 1000 10000}}.' },
  BODY_ROOT_OPTION,
  SHARD_OPTION,
  { name: 'coverage-json', type: 'string', value: 'FILE', text: 'Also write the coverage report as JSON to FILE (implies --coverage): one per CI shard, put together by `gateway-workbench coverage --merge FILE…`.' },
  { name: 'bail', type: 'boolean', text: 'Stop each file at its first request that does not pass; the rest of it is reported skipped. Without it a file carries on: only the requests that read a failed one\'s answer ({{sale.payload…}}) are skipped, each naming it.' },
  { name: 'coverage', type: 'boolean', text: 'At the end, print which gateway outcomes the run reached (result codes, AVS and CSC results, ACH returns, HTTP errors, faults) as "Outcomes covered N of M", and how to produce each one it did not. With the Local sandbox, or an environment that is a running `gateway-workbench sandbox`. On stderr when the report is json or junit on stdout.' },
] as const satisfies readonly CliOption[];

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** What a shard's job says first, so its log shows which part of the suite it ran (and why it ran nothing). */
function shardLine(shard: Shard, selected: ShardSelection): string {
  const name = `Shard ${shard.index}/${shard.total}`;
  if (selected.files.length === 0) {
    return `${name} has no files to run: ${plural(selected.allFiles, 'file')} (${plural(selected.allRequests, 'request')}) are split over ${shard.total} shards and none fell to this one; nothing is sent.`;
  }
  return `${name}: ${selected.files.length} of ${plural(selected.allFiles, 'file')}, ${selected.requests} of ${plural(selected.allRequests, 'request')}.`;
}

export const runCommand: CliCommand = {
  name: 'run',
  summary: 'Run request files (.gwreq) with their @expect checks; exit 1 if any fails (CI).',
  usage: 'gateway-workbench run FILE… [--env local|NAME] [--report text|json|junit] [--output FILE] [--config FILE] [--allow-production] [--var NAME=VALUE]… [--body-root DIR] [--shard I/N] [--coverage] [--coverage-json FILE] [--bail]',
  options: OPTIONS,
  notes: [
    'A FILE may be a pattern, such as examples/*.gwreq, even where no shell expands it (cmd.exe, PowerShell, npm scripts on Windows): * and ? in the file name match as in a POSIX shell, in name order.',
    'Each file runs top to bottom, with its chaining ({{sale.payload.transaction.id}}) and its # @expect lines. A failure does not stop it: a request that reads a failed or skipped request\'s answer is skipped ("skipped: depends on "sale", which failed"), the others are sent. --bail stops a file at its first failure instead.',
    'A body may be a file, relative to the request file: "< ./bodies/sale.json" sends it as it is, "<@ ./bodies/void.json" fills its {{…}} first. It must be inside the request file\'s folder, or --body-root DIR.',
    'System variables make a new value at each use: {{$guid}}, {{$randomInt 1000 10000}}, {{$timestamp}}, {{$datetime iso8601}}, {{$datetime "YYYY-MM-DD HH:mm" -1 d}}, {{$localDatetime rfc1123}}.',
    '{{$processEnv NAME}} reads this shell\'s environment variable NAME, {{$dotenv NAME}} the .env beside the request file, then the one in the current directory. Their values are hidden in every report and go only to the environment\'s own URLs; a request that would send one elsewhere is refused.',
    'Keys, for --env NAME, come only from environment variables: GATEWAY_API_KEY (/rest/), GATEWAY_ACCESS_KEY and GATEWAY_MERCHANT_ID (/api/), each overridden per environment by the same name with the environment\'s name after it, upper-cased, other characters as _ (GATEWAY_API_KEY_STAGING_EU for "Staging EU").',
    'Ctrl+C (SIGINT) or SIGTERM (a CI job\'s timeout) stops the sending: the request on the wire finishes, the rest are not sent, and the report of what ran is written. A second signal ends it at once.',
    'Exit codes: 0 every request passed; 1 a request failed, errored or was skipped, or a file did not parse; 2 a usage error; 130 / 143 interrupted by SIGINT / SIGTERM.',
  ],
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: parseOptionsOf(OPTIONS) });
    const format = formatOf(values.report);
    const shard = shardOf(values.shard);
    const variables = variableOverridesOf(values.var);
    const files = expandFilePatterns(positionals);
    const given = await readInputs(files);
    const selected = shard ? await selectShard(files, shard) : undefined;
    const inputs = selected ? selected.files.map((path) => ({ path })) : given;
    const bodyRoot = bodyRootOf(values['body-root']);
    const target = await targetFor(values.env, values.config);
    let reportFd: number | undefined;
    try {
      reportFd = values.output === undefined ? undefined : openReportFile(values.output, format, files);
    } catch (err) {
      await target.close();
      throw err;
    }
    const secrets = runSecrets(target, variables);
    const colour = wantsColour(process.stdout.isTTY, process.env);
    // The human report streams as requests finish; a json or junit report on stdout is printed
    // whole at the end, so stdout stays one parseable document.
    const streaming = format === 'text' || values.output !== undefined;
    const lines = new LineBatch(io.out);
    const redactor = redactorFor(secrets);
    const say = (line: string) => lines.add(redactor.text(line));
    if (streaming) say(`Environment: ${target.environment.name}`);
    // Not on stdout when it holds the json or junit document: that stays one document.
    if (shard && selected) (streaming ? say : io.err)(shardLine(shard, selected));
    // The report a file or stdout gets is put together at the end from parts spooled as the
    // run goes; the text report on stdout needs none (its lines are the progress).
    const streamed = values.output !== undefined || !streaming ? new StreamedReport(format, secrets) : undefined;
    let report: RunReport;
    let coverage: string[] | undefined;
    const interruption = watchInterruption();
    try {
      report = await runFiles(inputs, target, {
        allowProduction: values['allow-production'] === true,
        bail: values.bail === true,
        variables,
        ...(bodyRoot !== undefined ? { bodyRoot } : {}),
        stopped: () => interruption.reason(),
        ...(streaming ? { progress: streamedProgress(say, (line) => lines.add(line), colour) } : {}),
        ...(streamed ? { requestSink: streamed } : {}),
      });
      if (values.coverage === true || values['coverage-json'] !== undefined) {
        const found = await runCoverage(target);
        coverage = found instanceof Error ? [`Outcome coverage not available: ${found.message}`] : coverageLines(found);
        // The sandbox's own fixed names and counts: nothing of the requests is in it.
        if (values['coverage-json'] !== undefined && !(found instanceof Error)) writeFileSync(values['coverage-json'], `${JSON.stringify(found, null, 2)}\n`);
      }
    } catch (err) {
      if (reportFd !== undefined) closeSync(reportFd);
      throw err;
    } finally {
      interruption.dispose();
      lines.flush();
      await target.close();
    }
    // Named right after the environment in every report; the spread keeps the other fields' order.
    if (shard) {
      const { version, environment, ...rest } = report;
      report = { version, environment, shard: { index: shard.index, total: shard.total }, ...rest };
    }
    if (streaming) {
      say('');
      say(summaryLine(report.totals, report.passed, { colour }));
    }
    lines.flush();
    if (values.output !== undefined && reportFd !== undefined) {
      writeReportFile(reportFd, streamed as StreamedReport, report);
      say(`Report (${format}) written to ${values.output}`);
      lines.flush();
    } else if (streamed) {
      writeLines(streamed, report, io.out);
    }
    if (coverage) {
      // Not redacted: the sandbox's own fixed names and triggers, which a redactor would mask
      // ("csc:N", "Invalid CSC: …" read as a CSC value); made visible line by line already.
      if (streaming) {
        lines.add('');
        coverage.forEach((line) => lines.add(line));
        lines.flush();
      } else {
        coverage.forEach((line) => io.err(line));
      }
    }
    return interruption.exitCode() ?? (report.passed ? 0 : 1);
  },
};
