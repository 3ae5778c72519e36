// The e2e scenario's second half, "tried as a new user would": environments through the real UI.
// A second sandbox runs IN THE TEST PROCESS (real socket, port 0), so the test knows its URLs
// and keys and can count what reached it. The user adds "Staging" by typing every step of
// "Gateway: Add Environment…" (a bad URL first), switches to it with the status bar item,
// browses it and runs a sale; follows links to it (a read runs, a delete asks first); adds a production environment on the same sandbox (error-coloured
// status bar item, read-only refusal, nothing sent); sets wrong keys on Staging and gets the 401
// notification with "Set keys". Saves artifacts/e2e-environments.png and e2e-environments-401.png.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningSandbox } from '../../src/sandbox/server';
import { CODE_SERVER } from './harness';
import { LOCAL_SANDBOX_NAME } from '../../src/extension/contracts';
import {
  answerInput, clearNotifications, normalizeText, pickQuickItem, runCommand, selectors, toast, treeRow, waitForActiveEditorText,
  type Step,
} from './workbenchUi';

const STAGING = 'Staging';
const PRODUCTION = 'Production mirror';
const WRONG_API_KEY = 'e2e-wrong-api-key';

const DIALOG = '.monaco-dialog-box';

/** code-server's own link scheme (product.json's urlProtocol: "code-oss"; VS Code's is "vscode"). */
const linkScheme = (): string =>
  (JSON.parse(fs.readFileSync(path.resolve(CODE_SERVER, '../../../lib/vscode/product.json'), 'utf8')) as { urlProtocol: string }).urlProtocol;

/** Opens a link as VS Code does for a click on one elsewhere: "Developer: Open URL" hands it to the same URL service. */
async function openLink(page: Page, operation: string, environment: string): Promise<void> {
  await runCommand(page, 'Developer: Open URL', { opensQuickPick: true });
  await page.locator(selectors.paletteInput).fill(`${linkScheme()}://gateway-workbench.gateway-workbench/run?operation=${operation}&environment=${encodeURIComponent(environment)}`);
  await page.keyboard.press('Enter');
}

async function waitFor(what: string, probe: () => boolean, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; !probe(); await new Promise(r => setTimeout(r, 100))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}

const sales = (sandbox: RunningSandbox) => sandbox.control.stats().byOperation['transactions.sale'] ?? 0;

// The environment item in the status bar, found by its accessible label.
const environmentStatus = (page: Page) =>
  page.locator(selectors.statusBarItem).filter({ has: page.locator('[aria-label^="Gateway environment:"]') }).first();

export async function addEnvironment(page: Page, answers: { name: string; kind: string; url: string; keys: RunningSandbox }): Promise<void> {
  await runCommand(page, 'Gateway: Add Environment…', { opensQuickPick: true });
  await answerInput(page, '(1/7)', answers.name);
  await page.locator(selectors.quickInputTitle).filter({ hasText: '(2/7)' }).waitFor();
  await pickQuickItem(page, answers.kind, answers.kind);
  await answerInput(page, '(3/7)', answers.url);
  await answerInput(page, '(4/7)', answers.url);
  await answerInput(page, '(5/7)', answers.keys.apiKey);
  await answerInput(page, '(6/7)', answers.keys.accessKey);
  await answerInput(page, '(7/7)', answers.keys.merchantId);
  await page.locator(selectors.paletteInput).waitFor({ state: 'hidden' });
  // The wizard closes before the environment is saved (settings and secret storage); the "added"
  // notification comes after. A command run before it would not list the new environment yet.
  const closed = Date.now();
  await toast(page, `Environment "${answers.name}" added`).waitFor({ timeout: 15_000 });
  console.log(`  "${answers.name}" saved ${Date.now() - closed} ms after the wizard closed`);
}

export async function switchWithStatusBar(page: Page, name: string): Promise<void> {
  await environmentStatus(page).click();
  await page.locator(`${selectors.paletteInput}[placeholder^="Switch the active Gateway environment"]`).waitFor();
  await pickQuickItem(page, name, name);
  await environmentStatus(page).filter({ hasText: name }).waitFor({ timeout: 10_000 });
}

/** Toggles a tree row open or closed (a click on an environment or group row only toggles it). */
export async function setExpanded(page: Page, label: string, expanded: boolean): Promise<void> {
  const row = treeRow(page, label);
  await row.waitFor({ timeout: 30_000 });
  if ((await row.getAttribute('aria-expanded') === 'true') !== expanded) await row.click();
  await page.locator(`${selectors.treeRow}[aria-expanded="${expanded}"]`)
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) }).first().waitFor({ timeout: 10_000 });
}

async function sendSaleFromPalette(page: Page, environmentName: string): Promise<void> {
  await runCommand(page, 'Gateway: Run Operation…', { opensQuickPick: true });
  await pickQuickItem(page, 'Sale', 'Sale');
  await waitForActiveEditorText(page, t => t.includes(`Environment: ${environmentName}`) && t.includes('/rest/v2/transactions/sale'));
  await runCommand(page, 'Gateway: Send Request');
}

/** `#c72e0f` → `rgb(199, 46, 15)`, as getComputedStyle reports a colour. */
function rgbOf(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  assert.ok(m, `the theme's error background is not a #rrggbb colour: "${hex}"`);
  return `rgb(${[m[1], m[2], m[3]].map(h => parseInt(h, 16)).join(', ')})`;
}

export function environmentSteps(testSandbox: () => RunningSandbox, artifacts: string): Step[] {
  let salesBefore = 0;
  return [
    {
      name: '"Gateway: Add Environment…" typed step by step adds Staging (a bad URL is refused inline)',
      run: async page => {
        const sandbox = testSandbox();
        await clearNotifications(page);
        await runCommand(page, 'Gateway: Add Environment…', { opensQuickPick: true });
        await answerInput(page, '(1/7)', STAGING);
        await page.locator(selectors.quickInputTitle).filter({ hasText: '(2/7)' }).waitFor();
        await pickQuickItem(page, 'sandbox', 'Sandbox');
        // A public host over plain http: the message shows while typing, and Enter does not pass.
        await answerInput(page, '(3/7)', 'http://example.com');
        const message = page.locator(selectors.quickInputMessage).filter({ hasText: /plain http/ });
        await message.waitFor({ timeout: 10_000 });
        console.log(`  inline validation: ${normalizeText(await message.innerText())}`);
        await page.locator(selectors.quickInputTitle).filter({ hasText: '(3/7)' }).waitFor();
        await answerInput(page, '(3/7)', sandbox.gatewayUrl);
        await answerInput(page, '(4/7)', sandbox.boardingUrl);
        await answerInput(page, '(5/7)', sandbox.apiKey);
        await answerInput(page, '(6/7)', sandbox.accessKey);
        await answerInput(page, '(7/7)', sandbox.merchantId);
        await page.locator(selectors.paletteInput).waitFor({ state: 'hidden' });
        await toast(page, `Environment "${STAGING}" added.`).waitFor({ timeout: 10_000 });
        await treeRow(page, STAGING).waitFor({ timeout: 15_000 });
      },
    },
    {
      name: 'the status bar item switches to Staging; its Card transactions load from the test sandbox',
      run: async page => {
        await clearNotifications(page);
        await switchWithStatusBar(page, STAGING);
        await setExpanded(page, LOCAL_SANDBOX_NAME, false);
        await setExpanded(page, STAGING, true);
        await setExpanded(page, 'Card transactions', true);
        // A fresh sandbox has none: the group says so instead of staying empty.
        await page.locator(selectors.treeRow).filter({ hasText: 'No card transactions yet' }).waitFor({ timeout: 15_000 });
        salesBefore = sales(testSandbox());
      },
    },
    {
      name: 'a sale from the palette on Staging is APPROVED by the test sandbox and shows in its tree',
      run: async page => {
        await sendSaleFromPalette(page, STAGING);
        await waitForActiveEditorText(page, t => t.includes('APPROVED'), 30_000);
        assert.equal(sales(testSandbox()), salesBefore + 1, 'the test sandbox served the sale');
        await page.locator(selectors.treeRow).filter({ hasText: 'SALE 25.00' }).first().waitFor({ timeout: 15_000 });
      },
    },
    {
      name: 'a link reading Staging\'s HPP settings runs at once; a link deleting them asks first: Escape sends nothing, its button sends it',
      run: async page => {
        const sandbox = testSandbox();
        const served = (id: string) => sandbox.control.stats().byOperation[id] ?? 0;
        const deletes = served('settings.hpp.delete');
        const reads = served('settings.hpp.get');
        await clearNotifications(page);
        // VS Code asks first whether the extension may open links at all; ticking "don't ask again"
        // leaves only the extension's own question from then on.
        await openLink(page, 'settings.hpp.get', STAGING);
        const vscodeQuestion = page.locator(DIALOG).filter({ hasText: 'Gateway Workbench' });
        await vscodeQuestion.waitFor({ timeout: 15_000 });
        console.log(`  VS Code asks: ${normalizeText(await vscodeQuestion.innerText())}`);
        await vscodeQuestion.getByRole('checkbox').click();
        await vscodeQuestion.getByRole('button', { name: 'Open' }).click();
        await waitForActiveEditorText(page, t => t.includes('hpp-settings'), 30_000);
        assert.equal(served('settings.hpp.get'), reads + 1, 'the read link reached the test sandbox once');

        const question = page.locator(DIALOG).filter({ hasText: 'A link asks to run "Delete HPP settings" on Staging.' });
        await openLink(page, 'settings.hpp.delete', STAGING);
        await question.waitFor({ timeout: 15_000 });
        const asked = normalizeText(await question.innerText());
        console.log(`  dialog: ${asked}`);
        assert.match(asked, /DELETE \/rest\/v2\/settings\/terminal\/hpp deletes data on the gateway/);
        await page.keyboard.press('Escape');
        await question.waitFor({ state: 'detached', timeout: 10_000 });
        await page.waitForTimeout(2_000);
        assert.equal(served('settings.hpp.delete'), deletes, 'Escape sent the DELETE');

        await openLink(page, 'settings.hpp.delete', STAGING);
        await question.getByRole('button', { name: 'Delete HPP settings' }).click();
        await waitFor('the DELETE to reach the test sandbox', () => served('settings.hpp.delete') === deletes + 1);
        const after = await fetch(`${sandbox.gatewayUrl}/rest/v2/settings/terminal/hpp`, { headers: { 'api-key': sandbox.apiKey, accept: 'application/json' } });
        assert.equal(after.status, 404, 'the HPP settings are gone once the user said so');
        // Its result opens a moment after the DELETE is answered and takes the focus: wait for it, so the palette opened next is not closed by it.
        await page.locator('.tabs-container .tab').filter({ hasText: 'Delete HPP settings' }).first().waitFor({ timeout: 15_000 });
        await page.waitForTimeout(500);
        await runCommand(page, 'View: Close All Editors');
      },
    },
    {
      name: 'a production environment on the same sandbox: the status bar shows it in the error colour',
      run: async page => {
        const sandbox = testSandbox();
        await clearNotifications(page);
        await addEnvironment(page, { name: PRODUCTION, kind: 'Production', url: sandbox.gatewayUrl, keys: sandbox });
        // The "added" notification offers the switch: one click.
        const added = toast(page, `Environment "${PRODUCTION}" added (read-only until you turn that off).`);
        await added.waitFor({ timeout: 10_000 });
        await added.getByRole('button', { name: `Switch to ${PRODUCTION}` }).click();
        const item = environmentStatus(page).filter({ hasText: `${PRODUCTION} (production)` });
        await item.waitFor({ timeout: 10_000 });
        // Browser-side code: this file is compiled without the DOM's types, hence the casts and the string.
        const look = {
          classes: await item.getAttribute('class') ?? '',
          background: await item.evaluate(el =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor),
        };
        const errorBackground = await page.evaluate(`getComputedStyle(document.querySelector('.monaco-workbench')).getPropertyValue('--vscode-statusBarItem-errorBackground').trim()`);
        console.log(`  status bar item: ${normalizeText(await item.innerText())} · ${look.classes} · ${look.background} (theme error ${String(errorBackground)})`);
        assert.match(look.classes, /\berror-kind\b/, 'the item is drawn as an error item');
        assert.equal(look.background, rgbOf(String(errorBackground)), 'the item has the theme\'s statusBarItem.errorBackground');
      },
    },
    {
      name: 'a sale on the read-only production environment is refused with a notification; nothing is sent',
      run: async page => {
        const sandbox = testSandbox();
        await clearNotifications(page);
        // Per operation: the tree reloading Staging's expanded list also reaches this sandbox.
        const before = sales(sandbox);
        await sendSaleFromPalette(page, PRODUCTION);
        const refusal = toast(page, `"${PRODUCTION}" is read-only: Sale was not sent.`);
        await refusal.waitFor({ timeout: 10_000 });
        console.log(`  toast: ${normalizeText(await refusal.innerText())}`);
        await refusal.getByRole('button', { name: 'Turn off read-only' }).waitFor();
        assert.equal(sales(sandbox), before, 'the refused sale reached the sandbox');
        await page.mouse.move(200, 600);
        await page.screenshot({ path: path.join(artifacts, 'e2e-environments.png') });
      },
    },
    {
      name: 'wrong keys set on Staging: "Get open batch" gives the 401 notification with "Set keys"',
      run: async page => {
        await clearNotifications(page);
        await runCommand(page, 'Gateway: Set Keys…', { opensQuickPick: true });
        await pickQuickItem(page, STAGING, STAGING);
        await answerInput(page, '(1/3)', WRONG_API_KEY);
        await answerInput(page, '(2/3)', '');   // empty: keep the AccessKey
        await answerInput(page, '(3/3)', '');
        await toast(page, `Keys for "${STAGING}" saved in the secret storage.`).waitFor({ timeout: 10_000 });
        await clearNotifications(page);
        await switchWithStatusBar(page, STAGING);
        const openBatchReads = () => testSandbox().control.stats().byOperation['batches.getOpen'] ?? 0;
        const before = openBatchReads();
        await runCommand(page, 'Gateway: Get open batch (batches)');
        const refused = toast(page, `Get open batch failed: the ${STAGING} api-key was refused (401).`);
        await refused.waitFor({ timeout: 15_000 });
        console.log(`  toast: ${normalizeText(await refused.innerText())}`);
        await refused.getByRole('button', { name: 'Set keys' }).waitFor();
        assert.equal(openBatchReads(), before + 1, 'the request reached the test sandbox');
        await toast(page, 'Get open batch on Staging…').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
        await page.mouse.move(200, 600);
        await page.screenshot({ path: path.join(artifacts, 'e2e-environments-401.png') });
      },
    },
  ];
}
