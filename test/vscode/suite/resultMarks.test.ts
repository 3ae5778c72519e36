// Issue 35, defect 13: "the ✓/✗ marks sit off-screen when a result is beside the request". The
// marks were only after-text at the end of the line, which a long line in a narrow column pushes
// out of view. Each mark must also stand at the start of its line (a `before` attachment at
// character 0), where it is seen however narrow the column; the detail stays after the line.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, testHooks, waitFor } from './support/extensionUnderTest';

const FILE = [
  '### An approved sale, one expectation failing',                       // 0
  `# @expect status 200`,                                                         // 1
  '# @expect payload.transaction.result == APPROVED',                             // 2
  '# @expect payload.transaction.type == REFUND',                                 // 3 fails: a sale
  `POST {{gatewayUrl}}/rest/v2/transactions/sale?${'padding=1&'.repeat(20)}x=1`,  // 4 a long line
  'Content-Type: application/json',                                               // 5
  '',                                                                             // 6
  '{ "type": "SALE", "amount": "4.00", "card": "4111111111111111", "exp-date": "1230" }', // 7
  '',
].join('\n');

suite('result marks stay in view beside a narrow request column (issue 35)', () => {
  let a: GatewayWorkbenchApi;
  let dir: string;
  let uri: vscode.Uri;

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gwreq-marks-'));
    uri = vscode.Uri.file(path.join(dir, 'marks.gwreq'));
    fs.writeFileSync(uri.fsPath, FILE);
  });

  suiteTeardown(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('each ✓/✗ mark is shown at the start of its line, its detail after it', async function () {
    this.timeout(60_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), vscode.ViewColumn.One);
    await vscode.commands.executeCommand('gateway.sendRequestAt', uri, 0);
    const marks = await waitFor('the run marks', () => {
      const found = testHooks(a).requestDecorations(uri.toString());
      return found.length >= 4 && found.every((m) => m.shown.length > 0) ? found : undefined;
    }, 20_000);
    const at = (line: number) => marks.find((m) => m.line === line);
    for (const [line, mark] of [[1, '✓'], [2, '✓'], [3, '✗'], [4, '✗']] as const) {
      const shown = at(line)?.shown ?? [];
      const start = shown.find((s) => s.character === 0 && s.before !== undefined);
      assert.ok(start, `line ${line}'s mark is not at the start of the line: ${JSON.stringify(shown)}`);
      assert.equal(start.before?.trim(), mark, `line ${line}`);
    }
    // The detail (the failure's actual value) is still there after the line.
    assert.ok(at(3)?.shown.some((s) => /REFUND|SALE|failed/i.test(s.after ?? '')), JSON.stringify(at(3)?.shown));
  });
});
