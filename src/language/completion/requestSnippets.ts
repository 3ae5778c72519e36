// A new request from a snippet (snippets/gateway-request.json, generated from the catalog's
// samples), offered by the server rather than by VS Code's static snippets: those follow the
// language at the cursor, which below a request with a body is the embedded JSON or XML, so
// they were missing exactly where the next request is written. The separator is fitted to where
// the cursor is: a snippet starts a new `###` block when it goes below a request, and leaves out
// its own `### Title` line when the user already wrote the `###` above it.

import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range } from 'vscode-languageserver-types';
import snippets from '../../../snippets/gateway-request.json';

interface RequestSnippet {
  prefix: string;
  description: string;
  body: string[];
}

const ALL: readonly RequestSnippet[] = Object.values(snippets as Record<string, RequestSnippet>);

/** Where the snippet goes: below a request (it brings its separator) or in a block the user opened with `###`. */
type SnippetPlace = 'below-request' | 'opened-block';

/** A word being typed on an otherwise empty line: where snippets may be offered. */
export const SNIPPET_WORD = /^\s*[\w-]*$/;

export function requestSnippetItems(place: SnippetPlace, range: Range): CompletionItem[] {
  return ALL.map((snippet, i) => {
    const lines = place === 'opened-block' && snippet.body[0]?.startsWith('###') ? snippet.body.slice(1) : snippet.body;
    return {
      label: snippet.prefix,
      kind: CompletionItemKind.Snippet,
      detail: `New request: ${snippet.description}`,
      sortText: `~${String(i).padStart(3, '0')}`,
      filterText: snippet.prefix,
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: lines.join('\n') },
    };
  });
}
