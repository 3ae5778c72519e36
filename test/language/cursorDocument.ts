// Test documents with a cursor: `|` marks the position handed to completion or hover.
import { analyzeDocument, type AnalyzedDocument } from '../../src/language/handlers';

export interface AtCursor {
  doc: AnalyzedDocument;
  position: { line: number; character: number };
}

export function atCursor(lines: readonly string[], marker = '|'): AtCursor {
  const joined = lines.join('\n');
  const at = joined.indexOf(marker);
  if (at < 0) throw new Error('test document has no cursor marker');
  const text = joined.slice(0, at) + joined.slice(at + marker.length);
  const before = text.slice(0, at);
  const line = before.split('\n').length - 1;
  return { doc: analyzeDocument(text, 'file:///test/request.gwreq', 1), position: { line, character: at - (before.lastIndexOf('\n') + 1) } };
}

/** The text a range covers in a document. */
export function textOf(doc: AnalyzedDocument, range: { start: { line: number; character: number }; end: { line: number; character: number } }): string {
  return doc.text.slice(doc.offsetAt(range.start), doc.offsetAt(range.end));
}
