// Issue 36's Gateway Overview in the real browser: a request file makes sales, a refund, declines
// and ACH debits on the Local sandbox, two ACH windows pass (returns), then "Gateway: Open
// Overview" shows the charts; keyboard focus reaches them; the page follows the colour theme.
// The theme is picked as a user picks it, which sets "workbench.colorTheme".
// Saves artifacts/overview-light.png and artifacts/overview-dark.png (the README's pictures).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { LOCAL_SANDBOX_NAME } from '../../src/extension/contracts';
import { goToFile } from './e2eRequestFiles';
import { clearNotifications, pickQuickItem, runCommand, toast, type Step } from './workbenchUi';

const FILE = 'overview-data.gwreq';
const TITLE = `Gateway Overview: ${LOCAL_SANDBOX_NAME}`;

const sale = (name: string, amount: string, card: string, status = 200) => `### ${name}
# @name ${name}
# @expect status ${status}
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "${amount}", "card": "${card}", "exp-date": "1230"}
`;
const debit = (account: string, amount: string) => `### Debit ${account}
# @expect status 200
POST {{gatewayUrl}}/rest/v2/ach/transactions/debit
Content-Type: application/json

{"routing-number": "081009813", "account-number": "${account}", "account-type": "Checking", "individual-name": "Jordan Smith", "standard-entry-class-code": "PPD", "amount": "${amount}"}
`;

const REQUESTS = [
  sale('visa1', '64.00', '4111111111111111'),
  sale('visa2', '18.50', '4111111111111111'),
  sale('mc1', '42.00', '5555555555554444'),
  sale('amex1', '75.00', '378282246310005'),
  sale('disc1', '12.00', '6011111111111117'),
  `### Refund part of a sale
# @expect status 200
POST {{gatewayUrl}}/rest/v2/transactions/refund
Content-Type: application/json

{"type": "REFUND", "id": "{{visa1.payload.transaction.id}}", "amount": "20.00"}
`,
  sale('declined1', '0.23', '4111111111111111', 402),
  sale('declined2', '0.23', '5555555555554444', 402),
  sale('declined3', '0.21', '4111111111111111', 402),
  sale('declined4', '0.48', '4111111111111111', 402),
  debit('5550001', '120.00'),
  debit('5550002', '80.00'),
  debit('5550005', '45.00'),
  debit('5550008', '60.00'),
].join('\n');

/** The overview's webview frame: the one whose document's heading is the panel's title. */
async function overviewFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      const heading = await frame.locator('h1').first().textContent({ timeout: 200 }).catch(() => null);
      if (heading?.trim() === TITLE && await frame.locator('#refresh').count() > 0) return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('no overview page with numbers');
}

/** The colour theme, as a user picks it ("Preferences: Color Theme" sets workbench.colorTheme). */
async function setTheme(page: Page, theme: string): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme', { opensQuickPick: true });
  await pickQuickItem(page, theme, theme);
}

const background = (frame: Frame) => frame.locator('body').evaluate((b) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(b).backgroundColor);

export function overviewSteps(workspace: () => string, artifacts: string): Step[] {
  return [
    {
      name: 'overview: sales, a refund, declines and ACH debits sent from a request file, two ACH windows passed',
      run: async (page) => {
        // From empty, so the numbers are this step's whatever ran before.
        await runCommand(page, 'Gateway: Local Sandbox: Reset');
        await page.getByRole('button', { name: 'Reset', exact: true }).click();
        await toast(page, /Local sandbox reset/).waitFor({ timeout: 15_000 });
        fs.writeFileSync(path.join(workspace(), FILE), REQUESTS);
        await goToFile(page, FILE);
        await runCommand(page, 'Gateway: Send All Requests');
        await toast(page, /Send All: 14 passed\./).waitFor({ timeout: 60_000 });
        for (let i = 0; i < 2; i++) {
          await runCommand(page, 'Gateway: Local Sandbox: Advance to the Next ACH Window');
          await page.waitForTimeout(300);
        }
        await runCommand(page, 'View: Close All Editors');
      },
    },
    {
      name: 'overview: "Gateway: Open Overview" shows the charts, reachable by keyboard, in the light and dark themes',
      run: async (page) => {
        await setTheme(page, 'Light Modern');
        await runCommand(page, 'View: Close Primary Side Bar');   // room for the charts
        await clearNotifications(page);
        await runCommand(page, 'Gateway: Open Overview', { opensQuickPick: true });
        await pickQuickItem(page, LOCAL_SANDBOX_NAME, LOCAL_SANDBOX_NAME);
        const frame = await overviewFrame(page);
        for (const caption of ['Sales and refunds by card brand', 'Declines by result code', 'ACH pipeline', 'ACH returns by R-code', 'Outcomes served']) {
          await frame.locator('figcaption', { hasText: caption }).waitFor({ timeout: 15_000 });
        }
        assert.match(await frame.locator('#batch-summary').innerText(), /sales 211\.50 \(5 sales\), refunds 20\.00 \(1 refund\), net 191\.50/);
        // Keyboard: from the Refresh button, Tab reaches the first chart.
        await frame.locator('#refresh').focus();
        await page.keyboard.press('Tab');
        assert.equal(await frame.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id), 'batch');
        await page.mouse.move(5, 700);
        await page.screenshot({ path: path.join(artifacts, 'overview-light.png') });
        const light = await background(frame);

        await setTheme(page, 'Dark Modern');
        const deadline = Date.now() + 15_000;
        while (await background(frame) === light && Date.now() < deadline) await page.waitForTimeout(250);
        assert.notEqual(await background(frame), light, 'the page follows the colour theme');
        await page.waitForTimeout(500);
        await page.screenshot({ path: path.join(artifacts, 'overview-dark.png') });
        await setTheme(page, 'Light Modern');
        await runCommand(page, 'View: Close All Editors');
        await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
      },
    },
  ];
}
