// What a line of a request file is, as completion and hover need it: work proportional to the
// line's `###` block only. Unlike the parser, it also classifies half-typed lines
// (`POST ` without a URL yet is still the request line).

import type { AnalyzedDocument } from '../documents/analyzedDocument';

type LineRole = 'separator' | 'preamble' | 'requestLine' | 'header' | 'body';

export interface LineContext {
  role: LineRole;
  block: { first: number; last: number };
  /** The block's request line, when it has one (at or before the asked line). */
  requestLine?: number;
  /** The blank line between headers and body, when it comes before the asked line. */
  blankLine?: number;
  /** Index of the parsed request of the block, or -1. */
  requestIndex: number;
}

const PREAMBLE = /^\s*(#|\/\/|@)|^\s*$/;

export function lineContext(doc: AnalyzedDocument, line: number): LineContext {
  const block = doc.blockAt(line);
  const requestIndex = doc.requestIndexAt(line);
  if (block.first === line && doc.lineText(line).startsWith('###')) return { role: 'separator', block, requestIndex };
  let requestLine: number | undefined;
  let blankLine: number | undefined;
  for (let l = block.first; l <= line; l++) {
    const text = doc.lineText(l);
    if (requestLine === undefined) {
      if (PREAMBLE.test(text)) continue;
      requestLine = l;
    } else if (blankLine === undefined && text.trim() === '') {
      blankLine = l;
    }
  }
  const base = { block, requestIndex, ...(requestLine !== undefined ? { requestLine } : {}) };
  if (requestLine === undefined) return { role: 'preamble', ...base };
  if (line === requestLine) return { role: 'requestLine', ...base };
  if (blankLine === undefined || blankLine === line) return { role: 'header', ...base };
  return { role: 'body', ...base, blankLine };
}
