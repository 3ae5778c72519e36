// What happens before a request leaves the extension, as tables: the trust refusal for each
// environment kind, the settings diff before the production confirmation (and only there), the
// production prompts' words for each safety class, and Restricted Mode's refusals — the rules the
// extension-host and browser suites otherwise reach only through a real editor.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requireOperation } from '../../src/catalog';
import type { EnvironmentKind } from '../../src/core/environments/environment';
import { guardSteps, productionPrompt, readOnlyRefusal, unmatchedRefusal, type GuardStep } from '../../src/extension/environments/guardRules';
import { trustRefusalText, type TrustRefusal } from '../../src/extension/feedback/restrictedModeText';

const sale = requireOperation('transactions.sale');
const search = requireOperation('transactions.search');
const settingsCreate = requireOperation('settings.transactionAlert.create');
const settingsDelete = requireOperation('settings.transactionAlert.delete');
const merchantCreate = requireOperation('merchants.create');
const tokenCreate = requireOperation('tokens.create');

const env = (kind: EnvironmentKind, readOnly = false) => ({ kind, readOnly, builtIn: kind === 'local' });
const send = (operation: ReturnType<typeof requireOperation>, body?: string) => ({ operation, method: operation.method, body });
const SETTINGS_BODY = '{"enabled": true}';

describe('guardSteps: the trust refusal for each environment kind', () => {
  const ROWS: { kind: EnvironmentKind; trusted: boolean; expected: GuardStep[] }[] = [
    { kind: 'local', trusted: false, expected: [] },
    { kind: 'sandbox', trusted: false, expected: ['trust-refusal'] },
    { kind: 'custom', trusted: false, expected: ['trust-refusal'] },
    { kind: 'production', trusted: false, expected: ['trust-refusal'] },
    { kind: 'local', trusted: true, expected: [] },
    { kind: 'sandbox', trusted: true, expected: [] },
    { kind: 'custom', trusted: true, expected: [] },
    { kind: 'production', trusted: true, expected: ['confirm'] },
  ];
  for (const row of ROWS) {
    it(`a sale to ${row.kind} in a${row.trusted ? ' trusted' : 'n untrusted'} workspace: ${row.expected.join(', ') || 'sent'}`, () => {
      assert.deepEqual(guardSteps(env(row.kind), send(sale), row.trusted), row.expected);
    });
  }
  it('a read-only production environment in an untrusted workspace: the trust refusal alone', () => {
    assert.deepEqual(guardSteps(env('production', true), send(search), false), ['trust-refusal']);
  });
});

describe('guardSteps: the settings diff before the confirmation, in production only', () => {
  const ROWS: { case: string; env: ReturnType<typeof env>; request: ReturnType<typeof send> | { method: string; body?: string }; expected: GuardStep[] }[] = [
    { case: 'a settings write to production: the diff, then the confirmation', env: env('production'), request: send(settingsCreate, SETTINGS_BODY), expected: ['settings-diff', 'confirm'] },
    { case: 'a settings write without a body: no diff to show, the confirmation', env: env('production'), request: send(settingsCreate), expected: ['confirm'] },
    { case: 'a settings read from production: sent', env: env('production'), request: send(requireOperation('settings.transactionAlert.get')), expected: [] },
    { case: 'a settings delete in production: the confirmation, no diff (no new settings)', env: env('production'), request: send(settingsDelete), expected: ['confirm'] },
    { case: 'a settings write to a sandbox: sent, no diff', env: env('sandbox'), request: send(settingsCreate, SETTINGS_BODY), expected: [] },
    { case: 'a settings write to a custom environment: sent, no diff', env: env('custom'), request: send(settingsCreate, SETTINGS_BODY), expected: [] },
    { case: 'a settings write to read-only production: refused, no diff', env: env('production', true), request: send(settingsCreate, SETTINGS_BODY), expected: ['refuse-read-only'] },
    { case: 'a read from read-only production: sent', env: env('production', true), request: send(search), expected: [] },
    { case: 'a sale to read-only sandbox: refused', env: env('sandbox', true), request: send(sale), expected: ['refuse-read-only'] },
    { case: 'a sale to production: the confirmation', env: env('production'), request: send(sale, '{"amount": "25.00"}'), expected: ['confirm'] },
    { case: 'creating a merchant in production: the confirmation', env: env('production'), request: send(merchantCreate, '{}'), expected: ['confirm'] },
    { case: 'creating a card token in production: sent (a write that is not confirmed)', env: env('production'), request: send(tokenCreate, '{}'), expected: [] },
    { case: 'a POST that matches no operation, to production: refused', env: env('production'), request: { method: 'POST', body: '{}' }, expected: ['refuse-unmatched'] },
    { case: 'a GET that matches no operation, to production: sent (a read)', env: env('production'), request: { method: 'GET' }, expected: [] },
  ];
  for (const row of ROWS) {
    it(row.case, () => {
      assert.deepEqual(guardSteps(row.env, row.request, true), row.expected);
    });
  }
});

describe('productionPrompt: the typed confirmation for each safety class it asks for', () => {
  const ROWS: { safety: string; operation: ReturnType<typeof requireOperation>; body?: string; expected: ReturnType<typeof productionPrompt> }[] = [
    {
      safety: 'moves money', operation: sale, body: '{"amount": "25.00"}',
      expected: { title: 'Sale in PRODUCTION "Live" — amount 25.00', prompt: 'POST /rest/v2/transactions/sale moves money in production: it cannot be undone from here.', placeHolder: 'Live' },
    },
    {
      safety: 'destructive', operation: settingsDelete,
      expected: {
        title: 'Delete transaction alert settings in PRODUCTION "Live" — no amount',
        prompt: 'DELETE /rest/v2/settings/merchant/transaction-alert deletes data on the gateway in production: it cannot be undone from here.',
        placeHolder: 'Live',
      },
    },
    {
      safety: 'write (settings)', operation: settingsCreate, body: SETTINGS_BODY,
      expected: {
        title: 'Create transaction alert settings in PRODUCTION "Live" — no amount',
        prompt: 'POST /rest/v2/settings/merchant/transaction-alert changes data on the gateway in production: it cannot be undone from here.',
        placeHolder: 'Live',
      },
    },
    {
      safety: 'write (creating a merchant)', operation: merchantCreate, body: '<merchant><amount>0</amount></merchant>',
      expected: {
        title: 'Create a new merchant in PRODUCTION "Live" — amount 0',
        prompt: 'POST /api/launchIntegratorSetup/v1.0/integrateMerchant/{hierarchyNodeKey} changes data on the gateway in production: it cannot be undone from here.',
        placeHolder: 'Live',
      },
    },
  ];
  for (const row of ROWS) {
    it(row.safety, () => {
      assert.deepEqual(productionPrompt('Live', row.operation, row.body), row.expected);
    });
  }
  it('the refusals say what was not sent and why', () => {
    assert.equal(readOnlyRefusal('Live', 'Sale'), '"Live" is read-only: Sale was not sent. Only reads are allowed until you turn read-only off.');
    assert.equal(unmatchedRefusal('Live', 'POST', '/rest/v2/unknown'), 'POST /rest/v2/unknown matches no gateway operation, so it is not sent to the production environment Live. Check the method and path.');
  });
});

describe("trustRefusalText: Restricted Mode's refusals", () => {
  const ROWS: { refusal: TrustRefusal; expected: string }[] = [
    {
      refusal: { kind: 'send', title: 'Sale', environmentName: 'Staging' },
      expected: 'Restricted Mode: Sale was not sent to Staging. In an untrusted workspace requests go only to the Local sandbox; trust this folder to use your own environments.',
    },
    {
      refusal: { kind: 'compare', environmentName: 'Staging' },
      expected: "Restricted Mode: the request was not compared with the current settings of Staging. In an untrusted workspace requests go only to the Local sandbox, and reading Staging's settings is one; trust this folder to use your own environments.",
    },
    {
      refusal: { kind: 'generate-code' },
      expected: "Restricted Mode: code is not generated in an untrusted workspace. A program carries what this folder's request files say — where they send your keys, which files they send — out of the editor, where Restricted Mode no longer guards it; trust this folder to generate code.",
    },
    {
      refusal: { kind: 'body-file', written: './bodies/sale.json', environmentName: 'Staging' },
      expected: 'Restricted Mode: the body file "./bodies/sale.json" is not read for Staging. In an untrusted workspace requests and their body files go only to the Local sandbox; trust this folder (Manage Workspace Trust) to use your own environments',
    },
    {
      refusal: { kind: 'body-file', written: './sale.json' },
      expected: 'Restricted Mode: the body file "./sale.json" is not read. In an untrusted workspace requests and their body files go only to the Local sandbox; trust this folder (Manage Workspace Trust) to use your own environments',
    },
  ];
  for (const row of ROWS) {
    it(row.refusal.kind + ('environmentName' in row.refusal ? ` (${row.refusal.environmentName})` : ''), () => {
      assert.equal(trustRefusalText(row.refusal), row.expected);
    });
  }
});
