// What the connected editor can do, read once from `initialize`, and the completion items fitted
// to it. VS Code runs snippets and its own commands (`editor.action.triggerSuggest`, our
// `gateway.sendRequestAt`); Neovim, Helix or Emacs may do neither, and a client that declared no
// snippet support must never be sent `$1` placeholders (LSP 3.17, CompletionItem.insertTextFormat).
import { InsertTextFormat, type CompletionItem, type CompletionList, type Range } from 'vscode-languageserver-types';
import type { ServerInitializationOptions } from './protocol';

export interface ClientProfile {
  /** The client declared `completionItem.snippetSupport`. */
  snippets: boolean;
  /** The client said (an initialization option) it runs VS Code's and the extension's commands. */
  editorCommands: boolean;
  /** The client takes one edit range for a whole list (LSP 3.17 `completionList.itemDefaults`). */
  sharedEditRange: boolean;
  /** The client creates files a workspace edit asks for (`workspaceEdit.resourceOperations` with "create", and `documentChanges`). */
  createsFiles: boolean;
}

/** The capability subset this needs, so tests can build it without the whole LSP type. */
interface InitializeParamsSubset {
  capabilities: {
    textDocument?: { completion?: { completionItem?: { snippetSupport?: boolean }; completionList?: { itemDefaults?: readonly string[] } } };
    workspace?: { workspaceEdit?: { documentChanges?: boolean; resourceOperations?: readonly string[] } };
  };
  initializationOptions?: unknown;
}

export function clientProfileOf(params: InitializeParamsSubset): ClientProfile {
  const options = params.initializationOptions as ServerInitializationOptions | undefined;
  return {
    snippets: params.capabilities.textDocument?.completion?.completionItem?.snippetSupport === true,
    editorCommands: options?.runsEditorCommands === true,
    sharedEditRange: params.capabilities.textDocument?.completion?.completionList?.itemDefaults?.includes('editRange') === true,
    createsFiles: params.capabilities.workspace?.workspaceEdit?.documentChanges === true && params.capabilities.workspace.workspaceEdit.resourceOperations?.includes('create') === true,
  };
}

// LSP's snippet grammar, in one pass: an escape (\$ \} \\), or a tab stop or placeholder:
// $1, ${1}, ${1:default}, ${1|a,b|}.
const SNIPPET_PART = /\\([$}\\])|\$\d+|\$\{\d+\}|\$\{\d+:((?:[^}\\]|\\.)*)\}|\$\{\d+\|([^|,]*)(?:,[^|]*)?\|\}/g;

/** A snippet's text as plain text: defaults kept, bare tab stops dropped, escapes undone. */
export function snippetToPlainText(snippet: string): string {
  return snippet.replace(SNIPPET_PART, (_m, escaped: string | undefined, placeholder: string | undefined, choice: string | undefined) =>
    escaped ?? (placeholder !== undefined ? snippetToPlainText(placeholder) : choice ?? ''));
}

function plain(item: CompletionItem): CompletionItem {
  if (item.insertTextFormat !== InsertTextFormat.Snippet) return item;
  const out: CompletionItem = { ...item, insertTextFormat: InsertTextFormat.PlainText };
  if (out.insertText !== undefined) out.insertText = snippetToPlainText(out.insertText);
  if (out.textEdit) out.textEdit = { ...out.textEdit, newText: snippetToPlainText(out.textEdit.newText) };
  return out;
}

/** The items as this client can take them. */
export function fitCompletions(items: CompletionItem[], profile: ClientProfile): CompletionItem[] {
  if (profile.snippets && profile.editorCommands) return items;
  return items.map(item => {
    let out = profile.snippets ? item : plain(item);
    if (!profile.editorCommands && out.command) {
      out = { ...out };
      delete out.command;
    }
    return out;
  });
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character
    && a.end.line === b.end.line && a.end.character === b.end.character;
}

/**
 * The list to send. When every item replaces the same range, as after `{{` where ~100 items do,
 * a client that takes list defaults gets that range once (`itemDefaults.editRange`) and each
 * item only its text (`textEditText`): a quarter of the bytes of a variable completion, which are
 * what its round trip is made of.
 */
export function completionAnswer(items: CompletionItem[], isIncomplete: boolean, profile: ClientProfile): CompletionItem[] | CompletionList {
  const first = items[0]?.textEdit;
  const range = first && 'range' in first ? first.range : undefined;
  const shared = profile.sharedEditRange && range !== undefined && items.length > 1
    && items.every((item) => item.textEdit !== undefined && 'range' in item.textEdit && sameRange(item.textEdit.range, range));
  if (!shared) return isIncomplete ? { isIncomplete, items } : items;
  return {
    isIncomplete,
    itemDefaults: { editRange: range },
    items: items.map(({ textEdit, ...rest }): CompletionItem => ({ ...rest, textEditText: (textEdit as { newText: string }).newText })),
  };
}
