// `{{$dotenv NAME}}` and `{{$processEnv NAME}}` sent from a request document in a real VS Code
// (issue 35, item 14): the values reach the Local sandbox, and nowhere the user reads afterwards
// shows them — not the result editor, the run's marks, the history, the Traffic view or the log.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, RESULT_SCHEME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, gatewayLogText, testHooks, waitFor } from './support/extensionUnderTest';

const INVOICE = 'INV-dotenv-secret-52917';
const HEADER = 'hdr-dotenv-secret-88310';

suite('values from .env files in a real editor', () => {
  let a: GatewayWorkbenchApi;
  let dir: string;

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gwreq-dotenv-'));
    fs.writeFileSync(path.join(dir, '.env'), `INVOICE_SECRET=${INVOICE}\nTRACE=${HEADER}\n`);
  });

  suiteTeardown(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a request whose header and body use {{$dotenv X}} reaches the Local sandbox; the result, history, traffic, marks and log do not show the values', async function () {
    this.timeout(60_000);
    const file = path.join(dir, 'dotenv-sale.gwreq');
    fs.writeFileSync(file, [
      '### Sale with values from .env',
      '# @name envSale',
      '# @expect status 200',
      '# @expect payload.transaction.invoice == {{$dotenv INVOICE_SECRET}}',
      'POST {{gatewayUrl}}/rest/v2/transactions/sale',
      'Content-Type: application/json',
      'X-Trace: {{$dotenv TRACE}}',
      '',
      '{ "type": "SALE", "amount": "13.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "{{$dotenv INVOICE_SECRET}}" }',
      '',
    ].join('\n'));
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(document);
    const control = await a.environments.localSandboxControl();
    const sales = (await control.stats()).byOperation['transactions.sale'] ?? 0;
    await vscode.commands.executeCommand(COMMANDS.sendRequestAt, document.uri.toString(), 0);

    const run = testHooks(a).lastRun(document.uri.toString());
    assert.deepEqual(run?.map((o) => o.state), ['passed'], JSON.stringify(run?.map((o) => o.message)));
    assert.equal((await control.stats()).byOperation['transactions.sale'], sales + 1, 'the sale reached the Local sandbox, its invoice the .env\'s (the expectation compares them)');

    const result = await waitFor('the result editor of the sale', () => vscode.window.visibleTextEditors
      .find((e) => e.document.uri.scheme === RESULT_SCHEME && /"invoice"/.test(e.document.getText()))?.document.getText());
    const history = JSON.stringify(a.history().filter((h) => h.operationId === 'transactions.sale'));
    const traffic = JSON.stringify(a.traffic.entries());
    const log = await waitFor('the expectations in the log', () => {
      const text = gatewayLogText();
      return /envSale @expect payload\.transaction\.invoice/.test(text) ? text : undefined;
    });
    const marks = JSON.stringify(testHooks(a).requestDecorations(document.uri.toString()));
    for (const [where, text] of Object.entries({ result, history, traffic, log, marks, run: JSON.stringify(run) })) {
      assert.ok(!text.includes(INVOICE), `${where} shows the invoice from .env`);
      assert.ok(!text.includes(HEADER), `${where} shows the header from .env`);
    }
    assert.match(result, /"invoice": "\[REDACTED\]"/);
    assert.match(traffic, /\[REDACTED\]/, 'the Traffic view shows the exchange, the values hidden');
  });
});
