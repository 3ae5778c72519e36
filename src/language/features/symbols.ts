// The outline: one symbol per request (its @name, ### title or "METHOD path"), detailed with
// the operation's title, its expectations as children. A request's symbol depends on its own
// block alone, so an open file's outline is kept block by block and moved with the blocks
// (AnalyzedDocument.perRequest): after an edit only the edited block's symbol is made again.

import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver-types';
import type { AnalyzedDocument, PerRequest } from '../documents/analyzedDocument';
import { maskSecrets } from '../../core/requestLint/keyPatterns';
import { movedRange } from '../documents/movedParse';

const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.character < b.character);

function symbolOf(doc: AnalyzedDocument, index: number): DocumentSymbol {
  const request = doc.request(index);
  if (!request) throw new Error(`the outline asked for request ${index} of ${doc.requestCount}`);
  const op = doc.operationOf(index)?.op;
  let start = request.range.start;
  for (const r of [request.nameRange, ...request.expectations.map((e) => e.range)]) {
    if (r && before({ line: r.start.line, character: 0 }, start)) start = { line: r.start.line, character: 0 };
  }
  const range = { start, end: request.range.end };
  const label = request.name ?? request.title ?? `${request.method} ${request.target}`;
  return {
    name: maskSecrets(label.trim() || request.method),
    detail: op ? op.title : `${request.method} ${maskSecrets(request.target)}`,
    kind: SymbolKind.Method,
    range,
    selectionRange: request.methodRange,
    children: request.expectations.map((e) => ({
      name: `@expect ${maskSecrets(e.text)}`,
      kind: SymbolKind.Event,
      range: e.range,
      selectionRange: e.range,
    })),
  };
}

/** Built field by field, never by spreading: a spread-built literal gets a fresh shape each time (see parse.ts). */
function movedSymbol(symbol: DocumentSymbol, lines: number): DocumentSymbol {
  return {
    name: symbol.name,
    detail: symbol.detail,
    kind: symbol.kind,
    range: movedRange(symbol.range, lines),
    selectionRange: movedRange(symbol.selectionRange, lines),
    children: symbol.children?.map((child) => ({ name: child.name, kind: child.kind, range: movedRange(child.range, lines), selectionRange: movedRange(child.selectionRange, lines) })),
  };
}

const SYMBOLS: PerRequest<DocumentSymbol> = { slot: 'symbol', variant: '', of: symbolOf, moved: movedSymbol };

export function symbolsOf(doc: AnalyzedDocument): DocumentSymbol[] {
  return doc.perRequest(SYMBOLS);
}
