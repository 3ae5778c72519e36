// `gateway-workbench run FILE… [--env local|NAME] [--report text|json|junit] [--output FILE]
// [--config FILE] [--allow-production]`: runs request files with their chaining and @expect
// lines, headlessly, through the same engine as the extension. Exit 0 when everything passed,
// 1 when a request failed, errored or was skipped or a file did not parse, 2 on a usage error.

import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { credentialSecrets, redact } from '../../core/redaction';
import { UsageError, type CliCommand } from '../cliCommand';
import { configPathFrom, readEnvironmentConfig } from '../run/environmentConfig';
import { jsonReport } from '../run/jsonReport';
import { junitReport } from '../run/junitReport';
import { runFiles, type RequestFileInput, type RunProgress } from '../run/runFiles';
import type { RunReport } from '../run/runReport';
import { configuredTarget, LOCAL_ENVIRONMENT_NAME, startLocalTarget, type RunTarget } from '../run/runTarget';
import { invalidFileLines, requestLines, summaryLine, textReport, wantsColour } from '../run/textReport';

type ReportFormat = 'text' | 'json' | 'junit';

const WRITERS: Readonly<Record<ReportFormat, (report: RunReport, colour: boolean) => string>> = {
  text: (report, colour) => textReport(report, { colour }),
  json: (report) => jsonReport(report),
  junit: (report) => junitReport(report),
};

function formatOf(raw: string | undefined): ReportFormat {
  if (raw === undefined) return 'text';
  if (raw in WRITERS) return raw as ReportFormat;
  throw new UsageError(`--report must be text, json or junit, not "${raw}"`);
}

async function readInputs(paths: readonly string[]): Promise<RequestFileInput[]> {
  if (paths.length === 0) throw new UsageError('missing FILE: name one or more request files, for example examples/*.gwreq');
  return Promise.all(paths.map(async (path) => {
    try {
      return { path, text: await readFile(path, 'utf8') };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder; name the .gwreq files in it' : (err as Error).message;
      throw new UsageError(`cannot read ${path}: ${why}`);
    }
  }));
}

function streamedProgress(say: (line: string) => void, colour: boolean): RunProgress {
  return {
    fileStarted: (path) => say(path),
    requestDone: (request) => requestLines(request, { colour }).forEach(say),
    fileDone: (file) => invalidFileLines(file, { colour }).forEach(say),
  };
}

async function targetFor(env: string | undefined, config: string | undefined): Promise<RunTarget> {
  if (env === undefined || env === LOCAL_ENVIRONMENT_NAME) return startLocalTarget();
  const file = configPathFrom(config, process.env);
  return configuredTarget(env, await readEnvironmentConfig(file), process.env, file);
}

export const runCommand: CliCommand = {
  name: 'run',
  summary: 'Run request files (.gwreq) with their @expect checks; exit 1 if any fails (CI).',
  usage: 'gateway-workbench run FILE… [--env local|NAME] [--report text|json|junit] [--output FILE] [--config FILE] [--allow-production]',
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args, strict: true, allowPositionals: true,
      options: {
        env: { type: 'string' },
        report: { type: 'string' },
        output: { type: 'string' },
        config: { type: 'string' },
        'allow-production': { type: 'boolean' },
      },
    });
    const format = formatOf(values.report);
    const inputs = await readInputs(positionals);
    const target = await targetFor(values.env, values.config);
    const secrets = credentialSecrets(target.credentials);
    const colour = wantsColour(process.stdout.isTTY, process.env);
    // The human report streams as requests finish; a json or junit report on stdout is printed
    // whole at the end, so stdout stays one parseable document.
    const streaming = format === 'text' || values.output !== undefined;
    const say = (line: string) => io.out(redact(line, secrets));
    if (streaming) say(`Environment: ${target.environment.name}`);
    let report: RunReport;
    try {
      report = await runFiles(inputs, target, {
        allowProduction: values['allow-production'] === true,
        ...(streaming ? { progress: streamedProgress(say, colour) } : {}),
      });
    } finally {
      await target.close();
    }
    if (streaming) {
      say('');
      say(summaryLine(report.totals, report.passed, { colour }));
    }
    if (values.output) {
      await writeFile(values.output, redact(WRITERS[format](report, false), secrets), 'utf8');
      say(`Report (${format}) written to ${values.output}`);
    } else if (!streaming) {
      io.out(redact(WRITERS[format](report, colour), secrets).trimEnd());
    }
    return report.passed ? 0 : 1;
  },
};
