// Completion items fitted to what the editor declared (src/language/clientProfile.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InsertTextFormat, type CompletionItem } from 'vscode-languageserver-types';
import { clientProfileOf, completionAnswer, fitCompletions, snippetToPlainText, type ClientProfile } from '../../src/language/clientProfile';

describe('client profile', () => {
  it('reads snippet support from the capabilities and editor commands from the initialization options', () => {
    assert.deepEqual(clientProfileOf({ capabilities: {} }), { snippets: false, editorCommands: false, sharedEditRange: false, createsFiles: false });
    assert.deepEqual(clientProfileOf({
      capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } } } },
      initializationOptions: { runsEditorCommands: true },
    }), { snippets: true, editorCommands: true, sharedEditRange: false, createsFiles: false });
  });

  it('creates files only for a client that applies file creations in document changes (VS Code does)', () => {
    const edits = (workspaceEdit: { documentChanges?: boolean; resourceOperations?: string[] }) => clientProfileOf({ capabilities: { workspace: { workspaceEdit } } }).createsFiles;
    assert.equal(edits({ documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] }), true);
    assert.equal(edits({ documentChanges: true, resourceOperations: ['rename'] }), false);
    assert.equal(edits({ resourceOperations: ['create'] }), false);
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
    assert.equal(fitCompletions(items, { snippets: true, editorCommands: true, sharedEditRange: false, createsFiles: false }), items);
    const plain = fitCompletions(items, { snippets: false, editorCommands: false, sharedEditRange: false, createsFiles: false });
    assert.deepEqual(plain.map(i => [i.insertText ?? (i.textEdit as { newText: string } | undefined)?.newText, i.insertTextFormat, i.command]), [
      ['"amount": ""', InsertTextFormat.PlainText, undefined],
      ['/rest/v2/tokens/tokenId', InsertTextFormat.PlainText, undefined],
      ['plain', undefined, undefined],
    ]);
    const snippetsOnly = fitCompletions(items, { snippets: true, editorCommands: false, sharedEditRange: false, createsFiles: false });
    assert.equal(snippetsOnly[0].insertText, '"amount": "$1"');
    assert.equal(snippetsOnly[0].command, undefined);
  });

  describe('one edit range for the whole list', () => {
    const at = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });
    const vscodeLike: ClientProfile = { snippets: true, editorCommands: true, sharedEditRange: true, createsFiles: false };
    const variables: CompletionItem[] = [
      { label: 'gatewayUrl', textEdit: { range: at(9, 6, 8), newText: 'gatewayUrl}}' } },
      { label: 'sale1', textEdit: { range: at(9, 6, 8), newText: 'sale1' }, commitCharacters: ['.'] },
    ];

    it('sends the range once and each item its text, to a client that takes list defaults', () => {
      assert.deepEqual(completionAnswer(variables, true, vscodeLike), {
        isIncomplete: true,
        itemDefaults: { editRange: at(9, 6, 8) },
        items: [{ label: 'gatewayUrl', textEditText: 'gatewayUrl}}' }, { label: 'sale1', textEditText: 'sale1', commitCharacters: ['.'] }],
      });
    });

    it('keeps each item\'s own edit when the ranges differ, an item has none, or the client takes no defaults', () => {
      const mixed = [...variables, { label: 'other', textEdit: { range: at(9, 5, 8), newText: 'other' } }];
      assert.equal(completionAnswer(mixed, false, vscodeLike), mixed);
      const withInsert = [...variables, { label: 'plain', insertText: 'plain' }];
      assert.equal(completionAnswer(withInsert, false, vscodeLike), withInsert);
      assert.equal(completionAnswer(variables, false, { ...vscodeLike, sharedEditRange: false, createsFiles: false }), variables);
      assert.deepEqual(completionAnswer(variables, true, { ...vscodeLike, sharedEditRange: false, createsFiles: false }), { isIncomplete: true, items: variables });
    });
  });
});
