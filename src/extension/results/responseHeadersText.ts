// The text of a result's "Show Response Headers" document: the status line, the request it
// answers, the timing (until the headers, then the body), the size, and the response headers —
// all from the kept entry, which holds them redacted already (no key, no full card number).
// No vscode import: plain text from plain data.
import type { ResultEntry } from './resultDocuments';

const ms = (value: number) => `${Math.round(value)} ms`;

function timingLine(entry: ResultEntry): string {
  const attempts = `${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}`;
  if (entry.headersMs === undefined) return `Time: ${ms(entry.timingMs)} total · ${attempts}`;
  const body = Math.max(0, entry.timingMs - entry.headersMs);
  return `Time: ${ms(entry.timingMs)} total = ${ms(entry.headersMs)} until the headers (request sent, server answered) + ${ms(body)} reading the body · ${attempts}`;
}

function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB (${bytes} bytes)`;
}

export function responseHeadersText(entry: ResultEntry): string {
  const lines = [
    `HTTP ${entry.status} ${entry.statusText}`.trim(),
    ...(entry.method && entry.url ? [`${entry.method} ${entry.url}`] : []),
    `Environment: ${entry.environmentName}`,
    timingLine(entry),
    ...(entry.sizeBytes !== undefined ? [`Size: ${sizeText(entry.sizeBytes)}`] : []),
    '',
    ...Object.entries(entry.headers).map(([name, value]) => `${name}: ${value}`),
    '',
  ];
  return lines.join('\n');
}

/** "200 OK · 41 ms · 1.2 KB": the status bar's short form. */
export function sizeShort(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
