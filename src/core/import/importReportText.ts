// The import report: per source, the file written and per request what was carried over (✓)
// and what was not (✗) — printed by the CLI, shown as a Markdown document in VS Code.

import type { ImportReport } from './importFiles';

export function importReportText(report: ImportReport, markdown = false): string {
  const lines: string[] = [];
  const heading = (text: string) => lines.push(markdown ? `## ${text}` : text);
  const item = (depth: number, text: string) => lines.push(`${'  '.repeat(depth)}${markdown ? '- ' : ''}${text}`);
  if (markdown) lines.push('# Import report', '');
  for (const file of report.files) {
    const written = file.requests.filter((r) => r.written).length;
    const format = file.format ? ` (${file.format})` : '';
    if (file.error) heading(`${file.source}${format}: not imported: ${file.error}`);
    else if (file.output) heading(`${file.source}${format} → ${file.output}: ${written} of ${file.requests.length} request${file.requests.length === 1 ? '' : 's'}`);
    else heading(`${file.source}${format}`);
    for (const note of file.notes) item(1, `${note.kind === 'carried' ? '✓' : '✗'} ${note.text}`);
    for (const request of file.requests) {
      item(1, `${request.title}${request.written ? '' : ' (not imported)'}`);
      for (const note of request.notes) item(2, `${note.kind === 'carried' ? '✓' : '✗'} ${note.text}`);
    }
    lines.push('');
  }
  const failed = report.files.filter((f) => f.error).length;
  const notCarried = report.files.reduce((n, f) => n + f.notes.filter((x) => x.kind === 'dropped').length + f.requests.reduce((m, r) => m + r.notes.filter((x) => x.kind === 'dropped').length, 0), 0);
  lines.push(`${report.files.length - failed} of ${report.files.length} source${report.files.length === 1 ? '' : 's'} imported; ${notCarried} thing${notCarried === 1 ? '' : 's'} not carried over (✗ above).`);
  return lines.join('\n');
}
