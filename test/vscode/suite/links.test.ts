// Links (<scheme>://gateway-workbench.gateway-workbench/run?operation=<id>&environment=<name>),
// opened the way VS Code routes a click on one: "vscode.open" with the editor's own scheme
// (vscode.env.uriScheme) goes through its opener, URL service and extension URL handler to ours.
// A link may open a request document or run a read; anything that writes, moves money or
// destroys asks first in a modal dialog, on every kind of environment. This host refuses to show
// modal dialogs (VS Code's test mode), which is an unanswered question, as Escape is: nothing may
// be sent. test/vscode/e2eEnvironments.ts answers the real dialog both ways in the browser.
// The environments here are the Local sandbox and three of the user's on the same sandbox's
// URLs and keys, so its request counts say what reached the gateway.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { operations, requireOperation } from '../../../src/catalog';
import { LOCAL_SANDBOX_NAME, RESULT_SCHEME, type GatewayWorkbenchApi, type LocalSandboxControls } from '../../../src/extension/contracts';
import type { UserEnvironmentKind } from '../../../src/core/environments/environmentSchema';
import type { EnvironmentManager } from '../../../src/extension/environments/environmentStore';
import { EXTENSION_ID, activateExtension, gatewayLogText, waitFor } from './support/extensionUnderTest';

const STAGING = 'Links staging';
const USER_ENVIRONMENTS: readonly { name: string; kind: UserEnvironmentKind }[] = [
  { name: STAGING, kind: 'sandbox' },
  { name: 'Links custom', kind: 'custom' },
  { name: 'Links live', kind: 'production' },
];
const FULL_PAN = '4111111111111111';

/** The operations a link must never send unasked: no body, not a read (the settings deletes, token deletes, ACH void). */
const UNASKED_NEVER = operations.filter((op) => op.bodyFormat === 'none' && op.safety !== 'read');

/** A link as a web page or a chat message would carry it: percent-encoded. */
function linkUri(path: string, query: string): vscode.Uri {
  return vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}${path}?${query}`);
}

/** The log's lines (each starts with its time, so a line written again is a new line). */
const logLines = (): string[] => gatewayLogText().split('\n');

const runQuery = (operation: string, environment: string): string =>
  `operation=${encodeURIComponent(operation)}&environment=${encodeURIComponent(environment)}`;

suite('links', () => {
  let api: GatewayWorkbenchApi;
  let control: LocalSandboxControls;

  const served = async (ids: readonly string[]): Promise<number> => {
    const byOperation = (await control.stats()).byOperation;
    return ids.reduce((sum, id) => sum + (byOperation[id] ?? 0), 0);
  };
  const unaskedServed = () => served(UNASKED_NEVER.map((op) => op.id));

  /**
   * Opens the link and returns the Gateway log lines it added, once one starting "Link" is there —
   * or once the operations in `watch` reached the sandbox (the defect: sent without a word).
   */
  async function follow(uri: vscode.Uri, watch: readonly string[] = UNASKED_NEVER.map((op) => op.id)): Promise<string> {
    const seen = new Set(logLines());
    const before = await served(watch);
    await vscode.commands.executeCommand('vscode.open', uri);
    return waitFor(`the link ${uri.toString(true)} to be followed`, async () => {
      const added = logLines().filter((line) => !seen.has(line)).join('\n');
      if (/\bLink\b/.test(added) || (await served(watch)) > before) return added || '(the link was followed without a log line)';
      return undefined;
    });
  }

  suiteSetup(async function () {
    this.timeout(60_000);
    api = await activateExtension();
    const local = await api.environments.ready(LOCAL_SANDBOX_NAME);
    const keys = await api.environments.credentials(LOCAL_SANDBOX_NAME);
    control = await api.environments.localSandboxControl();
    for (const { name, kind } of USER_ENVIRONMENTS) {
      if (api.environments.get(name)) continue;
      await api.scripted.addEnvironment({
        name, kind, gatewayUrl: local.gatewayUrl, boardingUrl: local.boardingUrl, readOnly: false,
        apiKey: keys?.apiKey, accessKey: keys?.accessKey, merchantId: keys?.merchantId,
      });
    }
    const hpp = await api.runner.send(requireOperation('settings.hpp.get'), { environmentName: STAGING, show: false });
    assert.equal(hpp?.status, 200, 'the sandbox starts with HPP settings');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const manager = api.environments as EnvironmentManager;
    for (const { name } of USER_ENVIRONMENTS) if (manager.get(name)) await manager.remove(name);
  });

  test('"Delete HPP settings" from a link to a sandbox environment asks first, naming it, the environment and the link; unanswered, nothing is sent', async function () {
    this.timeout(30_000);
    const deletes = await served(['settings.hpp.delete']);
    const log = await follow(linkUri('/run', runQuery('settings.hpp.delete', STAGING)));
    assert.equal(await served(['settings.hpp.delete']), deletes, 'the DELETE was sent without a question');
    assert.match(log, /A link asks to run "Delete HPP settings" on Links staging\./);
    // The question went to VS Code's dialog service as a modal, which this host refuses to show.
    assert.match(log, /not confirmed, nothing was sent \(the dialog could not be shown: .*refused to show dialog/);
    const hpp = await api.runner.send(requireOperation('settings.hpp.get'), { environmentName: STAGING, show: false });
    assert.equal(hpp?.status, 200, 'the HPP settings are still there');
  });

  test('every operation that writes, moves money or destroys asks first, on every kind of environment (local, sandbox, custom, production)', async function () {
    this.timeout(120_000);
    const before = await unaskedServed();
    const environments = [LOCAL_SANDBOX_NAME, ...USER_ENVIRONMENTS.map((e) => e.name)];
    for (const environment of environments) {
      for (const op of UNASKED_NEVER) {
        const log = await follow(linkUri('/run', runQuery(op.id, environment)));
        assert.ok(log.includes(`A link asks to run "${op.title}" on ${environment}.`), `${op.id} on ${environment}: ${log}`);
        assert.match(log, /not confirmed, nothing was sent/, `${op.id} on ${environment}`);
      }
    }
    assert.equal(await unaskedServed(), before, 'an operation was sent without a question');
    assert.ok(UNASKED_NEVER.length >= 7, `${UNASKED_NEVER.length} operations`);
  });

  test('a read from a link runs at once and shows its result', async function () {
    this.timeout(30_000);
    const reads = await served(['settings.hpp.get']);
    const log = await follow(linkUri('/run', runQuery('settings.hpp.get', STAGING)), ['settings.hpp.get']);
    await waitFor('the read to reach the sandbox', async () => (await served(['settings.hpp.get'])) === reads + 1 || undefined);
    assert.match(log, /Link runs settings\.hpp\.get on "Links staging"/);
    const result = await waitFor('its result editor', () => vscode.window.visibleTextEditors
      .find((e) => e.document.uri.scheme === RESULT_SCHEME && e.document.uri.path.startsWith('/Get HPP settings · Links staging')), 15_000);
    assert.match(result.document.getText(), /hpp-settings/);
  });

  test('an operation with a body opens its pre-filled request document from a link, sending nothing', async function () {
    this.timeout(30_000);
    const sales = await served(['transactions.sale']);
    await follow(linkUri('/run', runQuery('transactions.sale', STAGING)), ['transactions.sale']);
    const text = await waitFor('the request document', () => {
      const t = vscode.window.activeTextEditor?.document.getText();
      return t?.includes('/rest/v2/transactions/sale') && t.includes(`Environment: ${STAGING}`) ? t : undefined;
    }, 15_000);
    assert.match(text, /POST \/rest\/v2\/transactions\/sale/);
    assert.equal(await served(['transactions.sale']), sales, 'a link sent a sale');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  // [what the link carries, its path, its query, what the log says]
  const REFUSED: readonly [string, string, string, RegExp][] = [
    ['an environment that does not exist', '/run', runQuery('settings.hpp.delete', 'Nobody here'), /There is no environment named "Nobody here"/],
    ['a card number for an environment', '/run', runQuery('settings.hpp.get', FULL_PAN), /There is no environment named "X{12}1111"/],
    ['an empty environment', '/run', 'operation=settings.hpp.delete&environment=', /names no environment/],
    ['an unknown operation', '/run', runQuery('settings.hpp.drop', STAGING), /names no known gateway operation \("settings\.hpp\.drop"\)/],
    ['no operation', '/run', `environment=${encodeURIComponent(STAGING)}`, /names no gateway operation/],
    ['a "yes" of its own', '/run', `${runQuery('settings.hpp.delete', STAGING)}&confirm=yes`, /carries only operation and environment, not "confirm"/],
    ['a path parameter', '/run', `${runQuery('tokens.delete', STAGING)}&tokenId=1234`, /not "tokenId"/],
    ['a body', '/run', `${runQuery('transactions.sale', STAGING)}&body=${encodeURIComponent(`{"card":"${FULL_PAN}"}`)}`, /not "body"/],
    ['a second operation', '/run', `${runQuery('settings.hpp.get', STAGING)}&operation=settings.hpp.delete`, /names operation twice/],
    ['another path', '/delete', runQuery('settings.hpp.delete', STAGING), /cannot open "\/delete"/],
  ];
  for (const [what, path, query, says] of REFUSED) {
    test(`a link with ${what} is not followed, says why and sends nothing`, async function () {
      this.timeout(30_000);
      const before = await unaskedServed();
      const sales = await served(['transactions.sale']);
      const log = await follow(linkUri(path, query));
      assert.match(log, /Link not followed: /);
      assert.match(log, says);
      assert.ok(!log.includes(FULL_PAN), 'the log shows a card number a link carried');
      assert.equal(await unaskedServed(), before);
      assert.equal(await served(['transactions.sale']), sales);
    });
  }
});
