// Issue 35, defect 6: re-running a token sale from History opened a document with "csc": "***"
// (flagged as an error) and no choice. History keeps the CSC masked; the re-run now asks how it
// comes back, as a test-card sale asks about the card: send without it, type it, or open the
// request without it. In a real VS Code against the Local sandbox.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { requireOperation } from '../../../src/catalog';
import { redact } from '../../../src/core/protection/redaction';
import { COMMANDS, LOCAL_SANDBOX_NAME, REQUEST_LANGUAGE_ID, type GatewayWorkbenchApi, type HistoryEntry } from '../../../src/extension/contracts';
import { activateExtension, waitFor } from './support/extensionUnderTest';

suite('history re-run of a request whose CSC was masked (issue 35, defect 6)', () => {
  let a: GatewayWorkbenchApi;
  let entry: HistoryEntry;
  let token: string | undefined;

  const sales = async () => (await (await a.environments.localSandboxControl()).stats()).byOperation['transactions.sale'] ?? 0;

  /** Starts the re-run and checks it waits for a choice (a quick pick) instead of opening a document at once. */
  async function rerunWaitingForChoice(): Promise<{ rerun: Promise<unknown> }> {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    let settled = false;
    const rerun = Promise.resolve(vscode.commands.executeCommand(COMMANDS.rerunHistory, entry)).finally(() => { settled = true; });
    await new Promise((r) => setTimeout(r, 2000));
    const opened = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.ok(!settled, `the re-run asked nothing${opened ? `; it opened:\n${opened}` : ''}`);
    // Wrapped: an async function returning the promise itself would wait for it.
    return { rerun };
  }

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    // A token id that passes Luhn (one in ten) is what redaction used to take for a card number,
    // masking it in history so that the re-run asked for a card: this walk uses such a token.
    for (let i = 0; i < 60 && !token; i++) {
      const created = await a.runner.send(requireOperation('tokens.create'), {
        environmentName: LOCAL_SANDBOX_NAME, show: false,
        body: JSON.stringify({ card: '4111111111111111', 'card-type': 'VISA', 'exp-date': '1230', csc: '999' }),
      });
      assert.equal(created?.status, 200, created?.bodyText);
      const id = /"id"\s*:\s*"?(\d{6,})/.exec(created.bodyText ?? '')?.[1];
      assert.ok(id, created.bodyText);
      if (!redact(`"card": "${id}"`, []).includes(id)) token = id;
    }
    assert.ok(token, 'a token id redaction alone would mask');
    const sale = await a.runner.send(requireOperation('transactions.sale'), {
      environmentName: LOCAL_SANDBOX_NAME, show: false,
      body: JSON.stringify({ type: 'SALE', amount: '12.00', card: token, 'exp-date': '1230', csc: '999', invoice: 'TOKEN-CSC' }, null, 2),
    });
    assert.equal(sale?.status, 200, sale?.bodyText);
    const found = a.history().find((h) => h.operationId === 'transactions.sale' && h.body?.includes('TOKEN-CSC'));
    assert.ok(found?.body, 'the token sale is in history');
    assert.match(found.body, /"csc": "\*\*\*"/, 'history keeps the CSC masked');
    assert.ok(!found.body.includes('999'));
    assert.ok(found.body.includes(`"card": "${token}"`), `history keeps the token it charged: ${found.body}`);
    entry = found;
  });

  test('"Send without CSC" sends the token sale again with no csc field', async function () {
    this.timeout(60_000);
    const before = await sales();
    const { rerun } = await rerunWaitingForChoice();
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await rerun;
    await waitFor('the sale to reach the sandbox', async () => (await sales()) > before || undefined);
    const again = a.history()[0];
    assert.equal(again.operationId, 'transactions.sale');
    assert.equal(again.status, 200);
    assert.ok(again.body?.includes('TOKEN-CSC'));
    assert.ok(token && again.body?.includes(`"card": "${token}"`), `the token was charged again: ${again.body}`);
    assert.ok(!/csc/.test(again.body ?? ''), `the CSC field was sent: ${again.body}`);
  });

  test('"Open it without the CSC" opens the request with no "***" and no error', async function () {
    this.timeout(60_000);
    const { rerun } = await rerunWaitingForChoice();
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await rerun;
    const doc = await waitFor('the request document', () => {
      const d = vscode.window.activeTextEditor?.document;
      return d?.languageId === REQUEST_LANGUAGE_ID && d.getText().includes('TOKEN-CSC') ? d : undefined;
    });
    assert.ok(!doc.getText().includes('***'), doc.getText());
    assert.doesNotThrow(() => JSON.parse(doc.getText().slice(doc.getText().indexOf('{'), doc.getText().lastIndexOf('}') + 1)), 'the body is still JSON');
    // The language server has had time to look at it: no error.
    await new Promise((r) => setTimeout(r, 3000));
    const errors = vscode.languages.getDiagnostics(doc.uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.deepEqual(errors.map((e) => e.message), []);
  });
});
