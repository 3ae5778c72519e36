// Issue 35, defects 2 and 5, in the browser-hosted VS Code a user has (code-server): a merchant
// statement downloaded from the Gateway tree is proposed outside the workspace, and "Open" on
// the "Saved …" notification shows it in an editor tab, the page staying responsive (before,
// env.openExternal of a file URI did nothing there and once left the page unresponsive). A folder
// inside a git work tree is confirmed first: Cancel writes nothing, "Save Anyway" saves.
// Runs with the Local sandbox active. Saves artifacts/e2e-statement-open.png.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { setExpanded } from './e2eEnvironments';
import { clearNotifications, normalizeText, openViewContainer, runCommand, selectors, toast, type Step } from './workbenchUi';

const DIALOG = '.monaco-dialog-box';
const MONTH = /^(January|February|March|April|May|June|July|August|September|October|November|December)$/;

/** Clicks the newest monthly statement in the Local sandbox's Merchant documents: its download starts. */
async function downloadStatement(page: Page): Promise<void> {
  await setExpanded(page, 'Merchant documents', true);
  await setExpanded(page, 'Monthly Statement', true);
  const rowLabelled = (label: RegExp) => page.locator(selectors.treeRow).filter({ has: page.locator('.label-name', { hasText: label }) }).first();
  for (const label of [/^\d{4}$/, MONTH]) {
    const row = rowLabelled(label);
    await row.waitFor({ timeout: 15_000 });
    if (await row.getAttribute('aria-expanded') !== 'true') await row.click();
  }
  const statement = page.locator(selectors.treeRow).filter({ has: page.locator('.codicon-file-pdf') }).first();
  await statement.waitFor({ timeout: 15_000 });
  await statement.click();
}

/** The save dialog (code-server's own: a quick input holding the proposed path) and what it proposes. */
async function saveDialogPath(page: Page): Promise<string> {
  await page.locator(selectors.quickInputTitle).filter({ hasText: 'Where to save the PDF' }).waitFor({ timeout: 15_000 });
  // The dialog shows the folder first and fills in the file's name a moment later (a fresh-clone
  // CI run read "…/globalStorage/" here): read it once it has settled on a file.
  const input = page.locator(selectors.paletteInput);
  for (let waited = 0; waited < 5_000 && !/\.pdf$/.test(await input.inputValue()); waited += 100) await page.waitForTimeout(100);
  return input.inputValue();
}

/**
 * Types `target` into the save dialog as a user would (the dialog follows typed text; fill()
 * leaves it behind). The dialog completes and selects parts of the path as it fills in, so a
 * select-all can race it: cleared and typed again until the box holds exactly `target`.
 */
async function typePath(page: Page, target: string): Promise<void> {
  const input = page.locator(selectors.paletteInput);
  for (let attempt = 1; ; attempt++) {
    await page.waitForTimeout(300);
    await input.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(target);
    await page.waitForTimeout(500);
    if (await input.inputValue() === target) return;
    if (attempt === 3) throw new Error(`the save dialog holds "${await input.inputValue()}", not ${target}`);
  }
}

export function statementSteps(workspace: () => string, artifacts: string): Step[] {
  return [
    {
      name: 'a statement from the tree is proposed outside the workspace; "Open" on its notification shows it in an editor tab and the page stays responsive',
      run: async page => {
        await clearNotifications(page);
        await downloadStatement(page);
        const proposed = await saveDialogPath(page);
        console.log(`  save dialog proposes: ${proposed}`);
        assert.match(proposed, /statement-.*\.pdf$/);
        assert.ok(!proposed.startsWith(workspace()), `the dialog proposes the workspace: ${proposed}`);
        await page.keyboard.press('Enter');
        const saved = toast(page, /Saved .* to .*\.pdf\./);
        await saved.waitFor({ timeout: 15_000 });
        console.log(`  toast: ${normalizeText(await saved.innerText())}`);
        await saved.getByRole('button', { name: 'Open' }).click();
        const fileName = path.basename(proposed);
        await page.locator(selectors.activeTab).filter({ hasText: fileName }).waitFor({ timeout: 10_000 });
        // Responsive: the palette still opens and runs a command.
        await page.mouse.move(200, 600);
        await page.screenshot({ path: path.join(artifacts, 'e2e-statement-open.png') });
        await runCommand(page, 'View: Close All Editors');
        await page.locator(selectors.activeTab).filter({ hasText: fileName }).waitFor({ state: 'hidden', timeout: 10_000 });
      },
    },
    {
      name: 'a statement saved into a folder inside a git work tree is confirmed first: Cancel writes nothing, "Save Anyway" saves it',
      run: async page => {
        await clearNotifications(page);
        const repo = path.join(workspace(), 'client-app');
        fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
        fs.mkdirSync(path.join(repo, 'docs'), { recursive: true });
        const target = path.join(repo, 'docs', 'statement-e2e.pdf');
        for (const answer of ['Cancel', 'Save Anyway'] as const) {
          await downloadStatement(page);
          await saveDialogPath(page);
          const question = page.locator(DIALOG).filter({ hasText: `is inside the git work tree ${repo}` });
          await typePath(page, target);
          // The dialog sometimes still judges a path it was completing ("The folder already
          // exists…"): the last character typed again makes it judge the whole path.
          for (let attempt = 1; ; attempt++) {
            await page.keyboard.press('Enter');
            if (await question.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
            if (attempt === 3) throw new Error(`no question about the git work tree; the dialog says: ${normalizeText(await page.locator('.quick-input-widget').innerText())}`);
            await page.keyboard.press('End');
            await page.keyboard.press('Backspace');
            await page.keyboard.type(target.slice(-1));
            await page.waitForTimeout(500);
          }
          console.log(`  dialog: ${normalizeText(await question.innerText())}`);
          await question.getByRole('button', { name: answer }).click();
          if (answer === 'Cancel') {
            await page.waitForTimeout(1000);
            assert.ok(!fs.existsSync(target), 'Cancel wrote the statement into the work tree');
          }
        }
        const saved = toast(page, /Saved .* to .*statement-e2e\.pdf\./);
        await saved.waitFor({ timeout: 15_000 });
        assert.equal(fs.readFileSync(target).subarray(0, 5).toString('latin1'), '%PDF-');
        // In the workspace, the browser-hosted window reveals it in the Explorer (the OS's file manager is out of reach).
        await saved.getByRole('button', { name: 'Reveal in Explorer' }).click();
        await page.locator('.explorer-folders-view .monaco-list-row.selected').filter({ hasText: 'statement-e2e.pdf' }).waitFor({ timeout: 10_000 });
        fs.rmSync(repo, { recursive: true, force: true });
        // Back to the Gateway view as the steps after these left it (the reveal opened the Explorer).
        await openViewContainer(page, 'Gateway');
        await setExpanded(page, 'Merchant documents', false);
        await runCommand(page, 'View: Close All Editors');
      },
    },
  ];
}
