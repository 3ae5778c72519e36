// "Generate Code…" in a real VS Code: the program opens as a read-only document in its language
// that closes without asking to be saved (before, an Untitled document that was dirty from the
// start, so every close asked "Do you want to save?"), and is copied to the clipboard.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../src/extension/contracts';
import { activateExtension } from './support/extensionUnderTest';

const REQUEST = '### Sale\n# @name sale1\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{ "type": "SALE", "amount": "5.00", "card": "4111111111111111", "exp-date": "1230" }\n';

suite('generated code', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    await activateExtension();
  });

  test('a generated program opens read-only in its language, not dirty: closing it asks nothing', async function () {
    this.timeout(60_000);
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(workspace);
    const file = path.join(workspace, 'codegen-sale.gwreq');
    fs.writeFileSync(file, REQUEST);
    const code = (await vscode.commands.executeCommand(COMMANDS.generateCode, vscode.Uri.file(file), 0, 'python')) as string | undefined;
    assert.ok(code, 'the command returns the program');
    const doc = vscode.window.activeTextEditor?.document;
    assert.ok(doc, 'the program is shown');
    assert.equal(doc.getText(), code);
    assert.equal(doc.languageId, 'python', 'highlighted as its language');
    assert.equal(doc.isDirty, false, 'a freshly generated program has nothing to save');
    assert.equal(doc.isUntitled, false, 'not an Untitled document (those ask to be saved on close)');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.ok(!vscode.window.visibleTextEditors.some((e) => e.document === doc), 'closed without a question');
    fs.rmSync(file);
  });
});
