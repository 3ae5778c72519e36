// The file `run --output FILE` writes its report to. Opened before anything is sent, so a report
// that could not be written (a missing folder, a folder, no permission, one of the request files
// themselves) stops the run before it spends its requests; an earlier report there stays whole
// until the new one replaces it at the end.

import { closeSync, fstatSync, ftruncateSync, realpathSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { openToAppend } from '../appendableFile';
import { UsageError } from '../cliCommand';
import type { RunReport } from './runReport';
import type { ReportFormat, StreamedReport } from './streamedReport';

const EXTENSIONS: Record<ReportFormat, string> = { text: 'txt', json: 'json', junit: 'xml' };

/** The file's path with its links resolved, or as given when it does not exist yet. */
function samePathAs(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/** Opens `file` for the report (created when missing, not emptied yet), or refuses with what to do. */
export function openReportFile(file: string, format: ReportFormat, requestFiles: readonly string[]): number {
  const target = samePathAs(file);
  if (requestFiles.some((input) => samePathAs(input) === target)) {
    throw new UsageError(`cannot write the report to ${file}: it is one of the request files being run; choose another --output`);
  }
  return openToAppend(file, 'cannot write the report to', { option: '--output', example: `report.${EXTENSIONS[format]}` });
}

/** Replaces what the file held with `report`, written as it is put together: the run is over, nothing waits. */
export function writeReportFile(fd: number, streamed: StreamedReport, report: RunReport): void {
  try {
    // Only a regular file has an earlier report to replace: /dev/stdout or a pipe has none.
    if (fstatSync(fd).isFile()) ftruncateSync(fd, 0);
    // Opened for appending, so each write lands at the end: after the truncation, from the start.
    streamed.writeTo(report, (chunk) => {
      if (typeof chunk === 'string') writeSync(fd, chunk, null, 'utf8');
      else for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at);
    });
  } finally {
    closeSync(fd);
  }
}
