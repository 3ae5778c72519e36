// Issue 35, defect 1: "A settings update silently reverts a change made after the document was
// opened." The walk in a real VS Code: open "Update terminal settings" (batch-time-utc 03:00),
// set 05:00 from another client (a plain HTTP request to the Local sandbox), change only
// enable-tip in the document and send: the sandbox must still say 05:00. When the user changed
// the same field, the choice is asked (send mine / keep theirs / cancel), never made silently.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { requireOperation } from '../../../src/catalog';
import type { GatewayResult } from '../../../src/core/answers/result';
import { LOCAL_SANDBOX_NAME, type GatewayWorkbenchApi } from '../../../src/extension/contracts';
import { activateExtension, waitFor } from './support/extensionUnderTest';

const PATH = requireOperation('settings.terminal.update').path;
const field = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

suite('settings updates keep what changed elsewhere (issue 35, defect 1)', () => {
  let a: GatewayWorkbenchApi;

  /** Another client: the Local sandbox over HTTP with its key, not through the extension. */
  async function otherClient(method: 'GET' | 'PUT', body?: string): Promise<string> {
    const env = a.environments.get(LOCAL_SANDBOX_NAME);
    const keys = await a.environments.credentials(LOCAL_SANDBOX_NAME);
    assert.ok(env && keys?.apiKey);
    const res = await fetch(env.gatewayUrl.replace(/\/+$/, '') + PATH, {
      method,
      headers: { 'api-key': keys.apiKey, accept: 'application/xml', ...(body ? { 'content-type': 'application/xml' } : {}) },
      body,
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    return text;
  }
  const setElsewhere = (values: Record<string, string>) => otherClient('PUT',
    `<terminal-settings>${Object.entries(values).map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</terminal-settings>`);
  const updates = async () => (await (await a.environments.localSandboxControl()).stats()).byOperation['settings.terminal.update'] ?? 0;

  /** Opens "Update terminal settings" (pre-filled from a GET) and returns its document. */
  async function openUpdate(): Promise<vscode.TextDocument> {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('gateway.op.settings.terminal.update');
    return waitFor('the update document', () => {
      const doc = vscode.window.activeTextEditor?.document;
      return doc && /PUT .*\/rest\/v2\/settings\/terminal\b/.test(doc.getText()) ? doc : undefined;
    });
  }

  async function edit(doc: vscode.TextDocument, name: string, value: string): Promise<void> {
    const text = doc.getText();
    const m = new RegExp(`<${name}>[^<]*</${name}>`).exec(text);
    assert.ok(m, `the document has ${name}`);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(m.index), doc.positionAt(m.index + m[0].length)), `<${name}>${value}</${name}>`);
    assert.ok(await vscode.workspace.applyEdit(edit));
  }

  const send = (doc: vscode.TextDocument) => Promise.resolve(vscode.commands.executeCommand<GatewayResult | undefined>('gateway.sendRequest', doc.uri));

  /** Picks the `index`th item of the quick pick the send opens, once the re-read at send time has happened. */
  async function pick(index: number, getsBefore: number): Promise<void> {
    const control = await a.environments.localSandboxControl();
    await waitFor('the re-read at send time', async () => ((await control.stats()).byOperation['settings.terminal.get'] ?? 0) > getsBefore || undefined);
    await new Promise((r) => setTimeout(r, 1500));
    for (let i = 0; i < index; i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  }
  const gets = async () => ((await (await a.environments.localSandboxControl()).stats()).byOperation['settings.terminal.get'] ?? 0);

  suiteSetup(async function () {
    this.timeout(60_000);
    a = await activateExtension();
    await a.environments.setActive(LOCAL_SANDBOX_NAME);
    await a.environments.ready(LOCAL_SANDBOX_NAME);
  });

  // The suites after this one share the Local sandbox: leave its terminal settings as found.
  suiteTeardown(async function () {
    this.timeout(30_000);
    await setElsewhere({ 'batch-time-utc': '03:00', 'enable-tip': 'true' });
  });

  setup(async function () {
    this.timeout(30_000);
    await setElsewhere({ 'batch-time-utc': '03:00', 'enable-tip': 'true' });
  });

  test('the walk: 05:00 set elsewhere after opening, only enable-tip edited and sent: the sandbox keeps 05:00', async function () {
    this.timeout(60_000);
    const doc = await openUpdate();
    assert.equal(field(doc.getText(), 'batch-time-utc'), '03:00');
    await setElsewhere({ 'batch-time-utc': '05:00' });
    await edit(doc, 'enable-tip', 'false');
    const result = await send(doc);
    assert.equal(result?.status, 200, result?.bodyText);
    const now = await otherClient('GET');
    assert.equal(field(now, 'batch-time-utc'), '05:00', 'the change made elsewhere was reverted');
    assert.equal(field(now, 'enable-tip'), 'false', 'the user\'s change was sent');
    // Sent again: the base is now what was sent, so nothing is asked and nothing moves back.
    await edit(doc, 'enable-tip', 'true');
    assert.equal((await send(doc))?.status, 200);
    assert.equal(field(await otherClient('GET'), 'batch-time-utc'), '05:00');
  });

  test('the same field changed both ways: "Keep theirs" keeps 05:00 and still sends the user\'s other change', async function () {
    this.timeout(60_000);
    const doc = await openUpdate();
    await setElsewhere({ 'batch-time-utc': '05:00' });
    await edit(doc, 'batch-time-utc', '04:00');
    await edit(doc, 'enable-tip', 'false');
    const before = await gets();
    const sent = send(doc);
    await pick(1, before);
    assert.equal((await sent)?.status, 200);
    const now = await otherClient('GET');
    assert.equal(field(now, 'batch-time-utc'), '05:00');
    assert.equal(field(now, 'enable-tip'), 'false');
  });

  test('the same field changed both ways: "Send mine" sends 04:00', async function () {
    this.timeout(60_000);
    const doc = await openUpdate();
    await setElsewhere({ 'batch-time-utc': '05:00' });
    await edit(doc, 'batch-time-utc', '04:00');
    const before = await gets();
    const sent = send(doc);
    await pick(0, before);
    assert.equal((await sent)?.status, 200);
    assert.equal(field(await otherClient('GET'), 'batch-time-utc'), '04:00');
  });

  test('the same field changed both ways: Escape sends nothing', async function () {
    this.timeout(60_000);
    const doc = await openUpdate();
    await setElsewhere({ 'batch-time-utc': '05:00' });
    await edit(doc, 'batch-time-utc', '04:00');
    const before = await gets();
    const sentBefore = await updates();
    const sent = send(doc);
    const control = await a.environments.localSandboxControl();
    await waitFor('the re-read at send time', async () => ((await control.stats()).byOperation['settings.terminal.get'] ?? 0) > before || undefined);
    await new Promise((r) => setTimeout(r, 1500));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await sent, undefined);
    assert.equal(await updates(), sentBefore, 'no update reached the sandbox');
    assert.equal(field(await otherClient('GET'), 'batch-time-utc'), '05:00');
  });
});
