// A report written as the run goes rather than built whole at the end: each request's part of
// the report (its JSON object, its JUnit testcase, its text lines) is rendered when its outcome
// is in and spooled — in memory, then past SPOOL_IN_MEMORY_CHARS to a temporary file — and the
// document is put together at the end from the report's frame (environment, totals, files) and
// the spooled parts, byte for byte what jsonReport, junitReport and textReport write for the
// same run (test/cli/streamedReport.test.ts). A 10,000-request run no longer holds 10,000
// report objects and the whole document at once.

import { appendFileSync, closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { redactorFor, type Redactor } from '../../core/protection/redaction';
import { jsonReport } from './jsonReport';
import { junitReport, junitTestcase } from './junitReport';
import { noStates, type RequestReport, type RunReport, type StateCounts } from './runReport';
import { requestLines, textReport } from './textReport';

export type ReportFormat = 'text' | 'json' | 'junit';

const SPOOL_IN_MEMORY_CHARS = 64 * 1024;
const READ_CHUNK_BYTES = 64 * 1024;

/** Where file `index`'s requests go in the frame; no text of a report can hold it (NUL never does). */
const marker = (index: number): string => `\u0000gw-requests-${index}\u0000`;

interface Layout {
  /** A request's part, as the whole report would hold it. */
  part(file: string, request: RequestReport): string;
  /**
   * Whether the part needs the text rules again. Not when it holds nothing but the request
   * report's own fields, which runFiles has redacted one by one (the text rules, on each
   * string): JSON.stringify and the text lines only add quotes, escapes, names and marks
   * around them, which make no new secret, field or card number. A JUnit testcase also holds
   * the file's path and goes through the XML builder.
   */
  redactPart: boolean;
  /** Between two requests' parts. */
  separator: string;
  /** The report with each file that has requests showing `marker(index)` where they go. */
  frame(report: RunReport, counts: (index: number) => StateCounts, hasParts: (index: number) => boolean): string;
  /** The text of the frame that a marker stands for, and what goes around the parts. */
  placeholder(index: number): { text: string; open: string; close: string };
}

/**
 * A request's object as the whole JSON report holds it (jsonReport: JSON.stringify with two
 * spaces), four levels deep: JSON.stringify itself indents it there, wrapped in four arrays,
 * and the arrays' brackets are cut off. Re-indenting the object's own text instead made a
 * second copy of every part.
 */
const JSON_DEPTH_OPEN = '[\n  [\n    [\n      [\n';
const JSON_DEPTH_CLOSE = '\n      ]\n    ]\n  ]\n]';
const jsonPart = (request: RequestReport): string => {
  const nested = JSON.stringify([[[[request]]]], null, 2);
  return nested.slice(JSON_DEPTH_OPEN.length, nested.length - JSON_DEPTH_CLOSE.length);
};
/** The builder's lines start with "<" after their indentation; lines inside a text or attribute value never do (it is escaped). */
const TAG_LINE = /^\s*</;
const indentTags = (xml: string, spaces: string): string => xml.replace(/\n$/, '').split('\n').map((line) => (TAG_LINE.test(line) ? spaces + line : line)).join('\n');

const LAYOUTS: Readonly<Record<ReportFormat, Layout>> = {
  json: {
    part: (_file, request) => jsonPart(request),
    redactPart: false,
    separator: ',\n',
    frame: (report, _counts, hasParts) => jsonReport({ ...report, files: report.files.map((file, index) => (hasParts(index) ? { ...file, requests: marker(index) as unknown as RequestReport[] } : file)) }),
    placeholder: (index) => ({ text: JSON.stringify(marker(index)), open: '[\n', close: '\n      ]' }),
  },
  junit: {
    part: (file, request) => indentTags(junitTestcase({ file }, request), '    '),
    redactPart: true,
    separator: '\n',
    frame: (report, counts) => junitReport(report, { marker: (index) => ({ '#text': marker(index) }), counts }),
    placeholder: (index) => ({ text: `    <testcase>${marker(index)}</testcase>`, open: '', close: '' }),
  },
  text: {
    part: (_file, request) => requestLines(request, { colour: false }).join('\n'),
    redactPart: false,
    separator: '\n',
    frame: (report, _counts, hasParts) => textReport({ ...report, files: report.files.map((file, index) => (hasParts(index) ? { ...file, requests: [standIn(index)] } : file)) }, { colour: false }),
    placeholder: (index) => ({ text: textMarkerLine(index), open: '', close: '' }),
  },
};

/** A request that stands in the text frame for file `index`'s requests: its line holds the marker. */
function standIn(index: number): RequestReport {
  return { index: 0, line: 0, label: marker(index), method: '', target: '', state: 'passed', expectations: [] };
}

function textMarkerLine(index: number): string {
  return requestLines(standIn(index), { colour: false })[0];
}

/** Parts kept in memory until there are many, then appended to a temporary file. */
class Spool {
  private pending: string[] = [];
  private pendingChars = 0;
  private file?: { dir: string; path: string };

  /** UTF-8 bytes spooled so far (a position to read back from). */
  bytes = 0;

  add(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
    this.bytes += Buffer.byteLength(text, 'utf8');
    if (this.pendingChars >= SPOOL_IN_MEMORY_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    if (!this.file) {
      const dir = mkdtempSync(path.join(tmpdir(), 'gw-report-'));
      this.file = { dir, path: path.join(dir, 'parts') };
    }
    appendFileSync(this.file.path, this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingChars = 0;
  }

  /**
   * Hands `write` everything spooled, in order, a chunk at a time, through one buffer: each
   * chunk must be written before `write` returns (a file's report is written synchronously).
   * One buffer rather than a string per chunk, which left the report's size in dead buffers for
   * the garbage collector at the very end of the run. PERF(bench/runnerLoad.ts)
   */
  readAll(write: (bytes: Uint8Array) => void): void {
    if (!this.file) {
      write(Buffer.from(this.pending.join(''), 'utf8'));
      return;
    }
    this.flush();
    const fd = openSync(this.file.path, 'r');
    try {
      const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
      for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) write(buffer.subarray(0, read));
    } finally {
      closeSync(fd);
    }
  }

  dispose(): void {
    if (this.file) rmSync(this.file.dir, { recursive: true, force: true });
    this.file = undefined;
    this.pending = [];
  }
}

/**
 * One report of a run, in the given format. Told each file's requests in file order (runFiles
 * sorts them), it keeps only counts; `writeTo` hands out the finished document in pieces.
 */
export class StreamedReport {
  private readonly layout: Layout;
  private readonly spool = new Spool();
  /** Per file: where its parts are in the spool, and how many requests ended in each state. */
  private readonly files: Array<{ path: string; start: number; end: number; counts: StateCounts }> = [];

  /** Compiled once for the run, not looked up again for each request's part. */
  private readonly redactor: Redactor;

  constructor(format: ReportFormat, secrets: readonly string[]) {
    this.layout = LAYOUTS[format];
    this.redactor = redactorFor(secrets);
  }

  fileStarted(filePath: string): void {
    this.files.push({ path: filePath, start: this.spool.bytes, end: this.spool.bytes, counts: noStates() });
  }

  /** Told each request's report, every field of it redacted already (runFiles does). */
  request(request: RequestReport): void {
    const file = this.files[this.files.length - 1];
    if (file.end > file.start) this.spool.add(this.layout.separator);
    const part = this.layout.part(file.path, request);
    this.spool.add(this.layout.redactPart ? this.redactor.text(part) : part);
    file.end = this.spool.bytes;
    file.counts[request.state]++;
  }

  /** How many requests of file `index` ended in each state. */
  counts(index: number): StateCounts {
    return this.files[index]?.counts ?? noStates();
  }

  /**
   * The whole document, in order: the frame's pieces (text) with the spooled parts (UTF-8
   * bytes, each chunk to be written before `write` returns) between them.
   */
  writeTo(report: RunReport, write: (chunk: string | Uint8Array) => void): void {
    try {
      const hasParts = (index: number): boolean => (this.files[index]?.end ?? 0) > (this.files[index]?.start ?? 0);
      let frame = this.redactor.text(this.layout.frame(report, (index) => this.counts(index), hasParts));
      // Split the frame at each file's placeholder: pieces[k] goes before the k-th file with parts.
      const pieces: string[] = [];
      const ends: number[] = [];
      this.files.forEach((file, index) => {
        if (!hasParts(index)) return;
        const { text, open, close } = this.layout.placeholder(index);
        const at = frame.indexOf(text);
        pieces.push(frame.slice(0, at) + open);
        ends.push(file.end);
        frame = close + frame.slice(at + text.length);
      });
      let next = 0;
      let position = 0;
      if (pieces.length > 0) write(pieces[next]);
      this.spool.readAll((bytes) => {
        let chunk = bytes;
        while (chunk.length > 0 && next < ends.length) {
          const take = Math.min(chunk.length, ends[next] - position);
          if (take > 0) write(chunk.subarray(0, take));
          position += take;
          chunk = chunk.subarray(take);
          if (position === ends[next]) {
            next++;
            if (next < pieces.length) write(pieces[next]);
          }
        }
      });
      write(frame);
    } finally {
      this.spool.dispose();
    }
  }
}
