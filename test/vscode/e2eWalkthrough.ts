// Issue 35, defect 8: the "Get started" walkthrough follows what the user does. Its steps show
// no raw backticks; "Write a request file with completion" ticks once a request is written in a
// request document; and its "Send All" button, clicked with no request file open (the
// walkthrough is the active editor), offers the workspace's request files and the examples
// instead of the dead end "Open a gateway request document". Saves artifacts/e2e-walkthrough-send-all.png.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { walkthroughs } from '../../src/extension/walkthrough/contributions';
import { clearNotifications, normalizeText, pickQuickItem, runCommand, selectors, toast, type Step } from './workbenchUi';

const walkthrough = walkthroughs[0];
const WRITE_STEP = 'Write a request file with completion';
const SEND_ALL_STEP = 'Chain, assert and Send All';

async function openWalkthrough(page: Page): Promise<Locator> {
  // The walkthrough pick closes when the focus moves as it opens (an editor closing, the
  // walkthrough page taking the focus): asked again then, as a user would.
  for (let attempt = 1; ; attempt++) {
    try {
      await runCommand(page, 'Welcome: Open Walkthrough...', { opensQuickPick: true });
      await pickQuickItem(page, 'Gateway Workbench', walkthrough.title);
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(500);
    }
  }
  const container = page.locator('.gettingStartedContainer, .getting-started-container').first();
  await container.waitFor({ timeout: 30_000 });
  return container;
}

/** The walkthrough's step whose title is `title` (a button holding its title, description and checkbox). */
function stepOf(container: Locator, title: string): Locator {
  return container.locator('.getting-started-step').filter({ has: container.page().getByText(title, { exact: true }) }).first();
}

/** Opens the step (its description and button show only then). */
async function expand(container: Locator, title: string): Promise<Locator> {
  const step = stepOf(container, title);
  await step.getByText(title, { exact: true }).first().click();
  await step.locator('.step-description-container, .step-description').first().waitFor({ timeout: 10_000 });
  return step;
}

async function isDone(step: Locator): Promise<boolean> {
  const checkbox = step.locator('[role="checkbox"]').first();
  return (await checkbox.getAttribute('aria-checked')) === 'true' || /\bcomplete\b/.test(await step.getAttribute('class') ?? '');
}

async function closeAllEditors(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
}

export function walkthroughSteps(artifacts: string): Step[] {
  return [
    {
      name: 'the walkthrough follows: its steps show no raw backticks',
      run: async page => {
        const container = await openWalkthrough(page);
        for (const { title, description } of walkthrough.steps) {
          const step = await expand(container, title);
          const text = normalizeText(await step.innerText());
          assert.ok(!text.includes('`'), `the step "${title}" shows raw backticks: ${text}`);
          // And every word of it shows as written (no "*" or "_" taken for formatting), its **bold** as bold.
          const written = normalizeText(description.split('\n')[0].replace(/\*\*/g, ''));
          assert.ok(text.includes(written), `the step "${title}" shows\n  ${text}\nnot\n  ${written}`);
        }
        await closeAllEditors(page);
      },
    },
    {
      name: 'the walkthrough follows: "Write a request file with completion" ticks once a request is written',
      run: async page => {
        let container = await openWalkthrough(page);
        const step = await expand(container, WRITE_STEP);
        // In the whole scenario the request-file steps wrote requests before: ticked then already.
        const tickedBefore = await isDone(step);
        console.log(`  "${WRITE_STEP}" ticked before this step: ${tickedBefore}`);
        await step.getByRole('button', { name: 'New request file' }).first().click();
        // The untitled request document opens; a request line written with completion.
        await page.locator(`${selectors.activeEditorLines}`).first().waitFor({ timeout: 15_000 });
        await page.locator(selectors.activeEditorLines).first().click();
        await page.keyboard.type('POST {{gatewayUrl}}/rest/v2/transactions/sale');
        await page.keyboard.press('Escape');
        await page.waitForTimeout(1000);
        container = await openWalkthrough(page);
        const deadline = Date.now() + 15_000;
        while (!(await isDone(stepOf(container, WRITE_STEP))) && Date.now() < deadline) await page.waitForTimeout(250);
        assert.equal(await isDone(stepOf(container, WRITE_STEP)), true, `"${WRITE_STEP}" is not ticked after a request was written`);
        // The untitled document goes without a "Save?" dialog.
        await runCommand(page, 'View: Close All Editors');
        const dontSave = page.getByRole('button', { name: /Don't Save/ });
        if (await dontSave.first().isVisible({ timeout: 3_000 }).catch(() => false)) await dontSave.first().click();
      },
    },
    {
      name: 'the walkthrough follows: its "Send All" with no request file open offers the examples and sends one',
      run: async page => {
        await clearNotifications(page);
        const container = await openWalkthrough(page);
        const step = await expand(container, SEND_ALL_STEP);
        await step.getByRole('button', { name: 'Send All' }).first().click();
        const dead = toast(page, /Open a gateway request document/);
        const asked = page.locator(selectors.quickInputTitle).filter({ hasText: 'Send All: which request file?' });
        await Promise.race([asked.waitFor({ timeout: 15_000 }), dead.waitFor({ timeout: 15_000 })]);
        assert.equal(await dead.isVisible(), false, 'the walkthrough\'s Send All is a dead end: "Open a gateway request document"');
        // The workspace's request files come first (the whole scenario wrote several): narrowed as a user would.
        await pickQuickItem(page, 'Open the examples', 'Open the examples');
        await toast(page, /Send All: .*\d+ passed/).waitFor({ timeout: 90_000 });
        // The file sent is open (its last answer opens beside it), its expectations marked.
        await page.locator('.tab').filter({ hasText: 'card-transactions.gwreq' }).first().waitFor({ timeout: 10_000 });
        await page.screenshot({ path: path.join(artifacts, 'e2e-walkthrough-send-all.png') });
        await closeAllEditors(page);
      },
    },
  ];
}
