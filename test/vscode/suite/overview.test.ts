// "Gateway: Open Overview" in a real VS Code: a webview panel titled after the environment, whose
// page carries its Content-Security-Policy, loads nothing from the network, shows the Local
// sandbox's numbers with text alternatives, and reads again when the Gateway tree refreshes.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import type { EnvironmentManager } from '../../../src/extension/environments/environmentStore';

const EXTENSION_ID = 'gateway-workbench.gateway-workbench';
const TITLE = `Gateway Overview: ${LOCAL_SANDBOX_NAME}`;

async function api(): Promise<GatewayWorkbenchApi> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

async function until<T>(what: string, probe: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

suite('Gateway Overview', () => {
  let a: GatewayWorkbenchApi;
  const sale = async (amount: string) => {
    const client = await (a.environments as EnvironmentManager).client(LOCAL_SANDBOX_NAME);
    const r = await client.send({ operation: 'transactions.sale', body: { type: 'SALE', amount, card: '4111111111111111', 'exp-date': '1230' } });
    assert.ok(r.status === 200 || r.status === 402, `sale answered ${r.status}`); // 0.23 declines with 402
  };
  const page = () => a.testing?.overviewPage(LOCAL_SANDBOX_NAME);

  suiteSetup(async function () {
    this.timeout(30_000);
    a = await api();
    assert.ok(a.testing, 'the test hooks are on (GATEWAY_WORKBENCH_TEST=1)');
    // The overview counts the declines among the most recent transactions it reads (250 in all
    // here): the suites before this one leave declines of their own there, so it starts from an
    // empty Local sandbox (a fresh clone's full run counted 20 earlier 014s).
    await (await (a.environments as EnvironmentManager).localSandboxControl()).reset();
    await sale('7.00');
    await sale('0.23');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('opens a webview panel titled after the environment, with a strict CSP and no remote resource', async function () {
    this.timeout(30_000);
    const title = await vscode.commands.executeCommand<string>(COMMANDS.openOverview, LOCAL_SANDBOX_NAME);
    assert.equal(title, TITLE);
    const tab = await until('the overview tab', () => {
      const t = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((x) => x.label === TITLE);
      return t;
    });
    assert.ok(tab.input instanceof vscode.TabInputWebview, 'a webview tab');
    assert.match(tab.input.viewType, /gateway\.overview$/);
    const shown = await until('the page with numbers', () => (page()?.reads ?? 0) > 0 ? page() : undefined);
    const html = shown.html;
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src [^;"]+; script-src 'nonce-[\w-]+'/);
    const urls = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    // A webview's own resources have https URLs on VS Code's resource host (asWebviewUri), which
    // the webview's service worker serves from disk: those two, nothing else.
    const own = (url: string) => /^https:\/\/[^/]+\.vscode-resource\.vscode-cdn\.net\/.*\/dist\/overview\/(overview\.css|overviewView\.js)$/.test(url) || url.startsWith('vscode-webview:');
    assert.equal(urls.length, 2, `the stylesheet and the script: ${JSON.stringify(urls)}`);
    assert.deepEqual(urls.filter((u) => !own(u)), [], 'nothing loaded from anywhere but the webview\'s own resources');
    const outsidePolicy = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
    assert.equal((outsidePolicy.match(/https?:\/\//g) ?? []).length, 2, 'no other URL in the page');
    assert.match(html, /<script nonce="[\w-]+" src="[^"]+overviewView\.js"><\/script>/);
    assert.match(html, /Declines by result code/);
    assert.match(html, /<th scope="row">014 [^<]*<\/th><td>1<\/td>/, 'the decline in a text table');
    assert.match(html, /Outcome coverage/, 'the Local sandbox shows its coverage');
  });

  test('reads again when the Gateway tree refreshes', async function () {
    this.timeout(30_000);
    const before = page();
    assert.ok(before, 'the overview is open');
    await sale('0.23');
    await vscode.commands.executeCommand(COMMANDS.refreshTree);
    const after = await until('a read after the tree refreshed', () => ((page()?.reads ?? 0) > before.reads ? page() : undefined));
    assert.match(after.html, /<th scope="row">014 [^<]*<\/th><td>2<\/td>/);
  });
});
