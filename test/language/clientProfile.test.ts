// Completion items fitted to what the editor declared (src/language/clientProfile.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InsertTextFormat, type CompletionItem } from 'vscode-languageserver-types';
import { clientProfileOf, fitCompletions, snippetToPlainText } from '../../src/language/clientProfile';

describe('client profile', () => {
  it('reads snippet support from the capabilities and editor commands from the initialization options', () => {
    assert.deepEqual(clientProfileOf({ capabilities: {} }), { snippets: false, editorCommands: false });
    assert.deepEqual(clientProfileOf({
      capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } } } },
      initializationOptions: { runsEditorCommands: true },
    }), { snippets: true, editorCommands: true });
  });

  it('turns snippets into the text a user would have accepted', () => {
    assert.equal(snippetToPlainText('"amount": "${1:25.00}"$0'), '"amount": "25.00"');
    assert.equal(snippetToPlainText('/rest/v2/tokens/${1:tokenId}'), '/rest/v2/tokens/tokenId');
    assert.equal(snippetToPlainText('"type": "${1|SALE,AUTH|}"'), '"type": "SALE"');
    assert.equal(snippetToPlainText('${1:{{merchantId\\}}}'), '{{merchantId}}');
    assert.equal(snippetToPlainText('costs \\$5 ${2}'), 'costs $5 ');
  });

  it('keeps items for VS Code, and strips snippets and commands for a plain client', () => {
    const items: CompletionItem[] = [
      { label: 'amount', insertText: '"amount": "$1"', insertTextFormat: InsertTextFormat.Snippet, command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } },
      { label: 'path', textEdit: { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, newText: '/rest/v2/tokens/${1:tokenId}' }, insertTextFormat: InsertTextFormat.Snippet },
      { label: 'plain', insertText: 'plain' },
    ];
    assert.equal(fitCompletions(items, { snippets: true, editorCommands: true }), items);
    const plain = fitCompletions(items, { snippets: false, editorCommands: false });
    assert.deepEqual(plain.map(i => [i.insertText ?? (i.textEdit as { newText: string } | undefined)?.newText, i.insertTextFormat, i.command]), [
      ['"amount": ""', InsertTextFormat.PlainText, undefined],
      ['/rest/v2/tokens/tokenId', InsertTextFormat.PlainText, undefined],
      ['plain', undefined, undefined],
    ]);
    const snippetsOnly = fitCompletions(items, { snippets: true, editorCommands: false });
    assert.equal(snippetsOnly[0].insertText, '"amount": "$1"');
    assert.equal(snippetsOnly[0].command, undefined);
  });
});
