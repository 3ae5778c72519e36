// Issue 37 §2 in the real UI: a coding agent calls the gateway's Language Model Tools. The agent
// is a stand-in extension (test/vscode/agentStandIn, installed beside the .vsix) that calls
// `gateway_send_request` through vscode.lm.invokeTool, outside a chat, as an agent's tool call
// does; VS Code then shows the confirmation our tool prepared. The steps read it (the operation,
// the amount, the environment), cancel it (nothing is sent), then allow it (one sale, approved,
// the card masked in what the agent gets back). On "Live mirror", a production environment added
// here on this process's test sandbox (read-only turned off), the dialog says PRODUCTION and the
// guard then asks for the name: typed, the sale reaches that sandbox once. Saves artifacts/e2e-agent-confirmation.png.
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningSandbox } from '../../src/sandbox/server';
import { REPO_ROOT } from './harness';
import { addEnvironment } from './e2eEnvironments';
import { clearNotifications, normalizeText, pickQuickItem, runCommand, selectors, toast, type Step } from './workbenchUi';

/** The stand-in agent's extension folder, linked into the extensions of the main scenario's code-server. */
export const AGENT_STAND_IN = path.join(REPO_ROOT, 'test/vscode/agentStandIn');

const COMMAND = 'Agent Stand-in: Sell 41.00 through the Payment Tools';

/** VS Code's modal dialog, once it shows; its text. */
async function dialogText(page: Page): Promise<string> {
  const dialog = page.locator('.monaco-dialog-box').first();
  await dialog.waitFor({ timeout: 30_000 });
  return normalizeText(await dialog.innerText());
}

async function answer(page: Page, button: RegExp): Promise<void> {
  const dialog = page.locator('.monaco-dialog-box').first();
  await dialog.locator('.dialog-buttons .monaco-button').filter({ hasText: button }).first().click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
}

const LIVE = 'Live mirror';

export function agentToolSteps(artifacts: string, testSandbox: () => RunningSandbox): Step[] {
  return [
    {
      name: 'Agent tools: VS Code asks before an agent\'s sale, naming the operation, the amount and the Local sandbox; Cancel sends nothing',
      run: async page => {
        await clearNotifications(page);
        await runCommand(page, COMMAND);
        const text = await dialogText(page);
        console.log(`  dialog: ${text.slice(0, 300)}`);
        for (const expected of [/that changes data to Local sandbox\?/, /"agent-sale": Sale \(POST \/rest\/v2\/transactions\/sale\) moves money, amount 41\.00/, /"Local sandbox" \(local\)/]) {
          if (!expected.test(text)) throw new Error(`the confirmation does not say ${expected}: ${text}`);
        }
        if (text.includes('4111111111111111')) throw new Error('the confirmation shows the full card number');
        await page.screenshot({ path: path.join(artifacts, 'e2e-agent-confirmation.png') });
        await answer(page, /Cancel/);
        const told = toast(page, /Agent stand-in: the call did not run/);
        await told.waitFor({ timeout: 15_000 });
        const said = normalizeText(await told.innerText());
        console.log(`  toast: ${said}`);
        const counts = /sales (\d+) → (\d+)/.exec(said);
        if (!counts || counts[1] !== counts[2]) throw new Error(`a sale was sent after Cancel: ${said}`);
      },
    },
    {
      name: 'Agent tools: allowed, the agent\'s sale reaches the Local sandbox once, approved, the card masked in its answer',
      run: async page => {
        await clearNotifications(page);
        await runCommand(page, COMMAND);
        await dialogText(page);
        await answer(page, /^(Yes|Continue|Allow)/);
        const told = toast(page, /Agent stand-in: status/);
        await told.waitFor({ timeout: 30_000 });
        const said = normalizeText(await told.innerText());
        console.log(`  toast: ${said}`);
        if (!/status 200 APPROVED, card in the answer masked/.test(said)) throw new Error(`the agent did not get an approved, masked answer: ${said}`);
        const counts = /sales (\d+) → (\d+)/.exec(said);
        if (!counts || Number(counts[2]) !== Number(counts[1]) + 1) throw new Error(`not exactly one sale: ${said}`);
      },
    },
    {
      name: 'Agent tools: a sale on a production environment says PRODUCTION, then needs its name typed; typed, it is sent once',
      run: async page => {
        await clearNotifications(page);
        // The trust steps removed their environments: a production one of its own, read-only off.
        await addEnvironment(page, { name: LIVE, kind: 'Production', url: testSandbox().gatewayUrl, keys: testSandbox() });
        await runCommand(page, 'Gateway: Toggle Read-Only', { opensQuickPick: true });
        await pickQuickItem(page, LIVE, LIVE);
        await answer(page, /Turn off read-only/);
        await toast(page, `"${LIVE}" is no longer read-only`).waitFor({ timeout: 10_000 });
        await clearNotifications(page);
        const sales = () => testSandbox().control.stats().byOperation['transactions.sale'] ?? 0;
        const before = sales();
        await runCommand(page, 'Agent Stand-in: Sell 41.00 on Live mirror through the Payment Tools');
        const text = await dialogText(page);
        if (!new RegExp(`"${LIVE}" \\(PRODUCTION\\)`).test(text) || !text.includes(`type its name, ${LIVE}`)) throw new Error(`the confirmation does not say production and the typed name: ${text}`);
        await answer(page, /^(Yes|Continue|Allow)/);
        const title = page.locator(selectors.quickInputTitle).filter({ hasText: 'Production: an agent asks to send this' });
        await title.waitFor({ timeout: 15_000 });
        if (sales() !== before) throw new Error('the sale was sent before the name was typed');
        await page.keyboard.type(LIVE);
        await page.keyboard.press('Enter');
        const told = toast(page, /Agent stand-in: status/);
        await told.waitFor({ timeout: 30_000 });
        const said = normalizeText(await told.innerText());
        console.log(`  toast: ${said}`);
        if (!/status 200 APPROVED, card in the answer masked/.test(said)) throw new Error(`not an approved, masked answer: ${said}`);
        if (sales() !== before + 1) throw new Error(`${LIVE}'s sandbox counted ${sales() - before} sales, not 1`);
      },
    },
  ];
}
