// The outline: one symbol per request (its @name, ### title or "METHOD path"), detailed with
// the operation's title, its expectations as children.

import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver-types';
import type { AnalyzedDocument } from './analyzedDocument';
import { maskSecrets } from '../core/requestLint/keyPatterns';

const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.character < b.character);

export function symbolsOf(doc: AnalyzedDocument): DocumentSymbol[] {
  return doc.requests.map((request, index) => {
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
  });
}
