// Issue 31 §3 in the real UI: a folder opened in Restricted Mode (workspace trust on, the folder
// not trusted) with request files as a stranger's repository would hold them. Generate Code… is
// refused with the way to trust; a request to another environment does not read its body file
// (the Local sandbox's does, and sends it); Compare with Current Settings against another
// environment reads nothing; a body file outside the workspace folder is an error in Problems.
// Its own code-server (trust on), after the main scenario's, on a workspace of its own; "Staging"
// is the test sandbox of this process, from the user's settings. Saves artifacts/e2e-restricted-*.png.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningSandbox } from '../../src/sandbox/server';
import { LOCAL_SANDBOX_NAME } from '../../src/extension/contracts';
import { launchChromium, mkTmp, startCodeServer, workbenchUrl } from './harness';
import { goToFile } from './e2eRequestFiles';
import { packagedVsix } from './packagedExtension';
import { AGENT_STAND_IN } from './e2eAgentTools';
import { clearNotifications, goToPosition, normalizeText, openViewContainer, runCommand, runSteps, selectors, toast, treeRow, waitForActiveEditorText, type Step } from './workbenchUi';

const STAGING = 'Staging';
const SALE_BODY = `${JSON.stringify({ type: 'SALE', amount: '13.00', card: '4111111111111111', 'exp-date': '1230' })}\n`;
const sale = (header: string, body: string): string => `${header}POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n${body}\n`;
const forStaging = `# Environment: ${STAGING}. Sent from a cloned repository.\n`;

/** A file beside the workspace folder, outside it. */
const outsideFileOf = (workspace: string): string => path.join(path.dirname(workspace), `${path.basename(workspace)}-secret.json`);

/** The workspace a stranger's repository would be: request files, a body file, and a file beside it outside. */
function writeWorkspace(workspace: string): void {
  fs.mkdirSync(path.join(workspace, 'bodies'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'bodies', 'sale.json'), SALE_BODY);
  fs.writeFileSync(path.join(workspace, 'bodies', 'terminal.xml'), '<terminal-settings><enable-tip>false</enable-tip></terminal-settings>\n');
  fs.writeFileSync(outsideFileOf(workspace), SALE_BODY);
  fs.writeFileSync(path.join(workspace, 'staging.gwreq'), sale(forStaging, '< ./bodies/sale.json'));
  fs.writeFileSync(path.join(workspace, 'local.gwreq'), sale('', '< ./bodies/sale.json'));
  fs.writeFileSync(path.join(workspace, 'outside.gwreq'), sale('', `< ../${path.basename(workspace)}-secret.json`));
  fs.writeFileSync(path.join(workspace, 'settings.gwreq'), `${forStaging}PUT {{gatewayUrl}}/rest/v2/settings/terminal\nContent-Type: application/xml\n\n< ./bodies/terminal.xml\n`);
}

const sales = (sandbox: RunningSandbox): number => sandbox.control.stats().byOperation['transactions.sale'] ?? 0;
const shot = (page: Page, artifacts: string, name: string) => page.screenshot({ path: path.join(artifacts, name) });

function restrictedSteps(testSandbox: () => RunningSandbox, artifacts: string): Step[] {
  return [
    {
      name: 'Restricted Mode: the folder opens untrusted and the extension runs there',
      run: async page => {
        await page.locator(selectors.workbench).waitFor({ timeout: 60_000 });
        await page.locator(selectors.statusBarItem).filter({ hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
        await openViewContainer(page, 'Gateway');
        await treeRow(page, LOCAL_SANDBOX_NAME).waitFor({ timeout: 30_000 });
        await treeRow(page, STAGING).waitFor({ timeout: 30_000 });
      },
    },
    {
      name: 'Restricted Mode: Generate Code… is refused, with the way to trust the folder',
      run: async page => {
        await clearNotifications(page);
        await goToFile(page, 'local.gwreq');
        await runCommand(page, 'Gateway: Generate Code…');
        const refused = toast(page, /Restricted Mode: code is not generated in an untrusted workspace/);
        await refused.waitFor({ timeout: 15_000 });
        console.log(`  toast: ${normalizeText(await refused.innerText())}`);
        await refused.getByRole('button', { name: 'Manage Workspace Trust' }).waitFor({ timeout: 5_000 });
        assert.equal(await page.locator(selectors.paletteInput).isVisible(), false, 'a language was asked for');
        await shot(page, artifacts, 'e2e-restricted-codegen.png');
      },
    },
    {
      name: 'Restricted Mode: a request to another environment does not read its body file; the Local sandbox\'s reads and sends it; one outside the folder is an error',
      run: async page => {
        await clearNotifications(page);
        const before = sales(testSandbox());
        await goToFile(page, 'staging.gwreq');
        await runCommand(page, 'Gateway: Send Request');
        const refused = toast(page, new RegExp(`Restricted Mode: the body file "\\./bodies/sale\\.json" is not read for ${STAGING}`));
        await refused.waitFor({ timeout: 15_000 });
        console.log(`  toast: ${normalizeText(await refused.innerText())}`);
        assert.equal(sales(testSandbox()), before, `${STAGING} got a sale`);
        await clearNotifications(page);
        await goToFile(page, 'local.gwreq');
        await runCommand(page, 'Gateway: Send Request');
        const answer = await waitForActiveEditorText(page, (t) => t.includes('APPROVED'), 30_000);
        assert.match(answer, /"amount": "13\.00"/, 'the Local sandbox\'s sale was not the file\'s');
        await goToFile(page, 'outside.gwreq');
        await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
        const problem = page.locator(selectors.problemRow).filter({ hasText: 'is outside the workspace folder' }).first();
        await problem.waitFor({ timeout: 15_000 });
        console.log(`  problem: ${normalizeText(await problem.innerText())}`);
        await shot(page, artifacts, 'e2e-restricted-body-files.png');
        await runCommand(page, 'View: Hide Panel');
      },
    },
    {
      name: 'Restricted Mode: Compare with Current Settings against another environment reads nothing',
      run: async page => {
        await clearNotifications(page);
        await goToFile(page, 'settings.gwreq');
        await goToPosition(page, 2, 1);   // in the request
        const reads = testSandbox().control.stats().byOperation['settings.terminal.get'] ?? 0;
        await runCommand(page, 'Gateway: Compare with Current Settings');
        const refused = toast(page, new RegExp(`Restricted Mode: the request was not compared with the current settings of ${STAGING}`));
        await refused.waitFor({ timeout: 15_000 });
        console.log(`  toast: ${normalizeText(await refused.innerText())}`);
        await refused.getByRole('button', { name: 'Manage Workspace Trust' }).waitFor({ timeout: 5_000 });
        assert.equal(testSandbox().control.stats().byOperation['settings.terminal.get'] ?? 0, reads, `${STAGING}'s settings were read`);
        assert.equal(await page.locator('.monaco-diff-editor').count(), 0, 'a diff opened');
      },
    },
    {
      name: 'Restricted Mode: an agent\'s sale on Staging is refused by the tool, nothing reaches Staging',
      run: async page => {
        await clearNotifications(page);
        const before = sales(testSandbox());
        await runCommand(page, 'Agent Stand-in: Sell 41.00 on Staging through the Payment Tools');
        // VS Code asks first (a write); allowed, the tool itself refuses: Restricted Mode.
        const dialog = page.locator('.monaco-dialog-box').first();
        await dialog.waitFor({ timeout: 30_000 });
        assert.match(normalizeText(await dialog.innerText()), /which Restricted Mode keeps agents from/);
        await dialog.locator('.dialog-buttons .monaco-button').filter({ hasText: /^Yes/ }).first().click();
        const told = toast(page, /Agent stand-in: the tool refused/);
        await told.waitFor({ timeout: 30_000 });
        const said = normalizeText(await told.innerText());
        console.log(`  toast: ${said}`);
        assert.match(said, /Restricted Mode, so agents' requests go only to the Local sandbox/);
        assert.equal(sales(testSandbox()), before, `${STAGING} got a sale`);
      },
    },
  ];
}

/** Whether E2E_ONLY (`only`) selects the Restricted Mode steps: unset, "restricted", or words of one of their names. */
export function selectsRestricted(only: string | undefined): boolean {
  return !only || only === 'restricted' || restrictedSteps(() => { throw new Error('not running'); }, '').some((step) => step.name.includes(only));
}

/** Runs the Restricted Mode steps in a code-server of their own; what passed and failed. `lap` logs a timed line. */
export async function runRestrictedMode(testSandbox: RunningSandbox, artifacts: string, lap: (what: string) => void): Promise<{ passed: number; failed: number; notRun: number }> {
  const workspace = mkTmp('vscode-ws-restricted-');
  const steps = restrictedSteps(() => testSandbox, artifacts);
  try {
    writeWorkspace(workspace);
    const server = await startCodeServer({
      workspace, smokeTestDriver: false, workspaceTrust: true,
      installVsix: [packagedVsix()],
      linkExtensions: [AGENT_STAND_IN],
      settings: {
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.banner': 'never',
        'gatewayWorkbench.environments': [{ name: STAGING, kind: 'sandbox', gatewayUrl: testSandbox.gatewayUrl, boardingUrl: testSandbox.boardingUrl }],
      },
    });
    lap(`code-server (workspace trust on) listening on ${server.url}`);
    try {
      const browser = await launchChromium(path.join(server.tmp, 'home'));
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        page.on('pageerror', e => console.log('[pageerror]', e.message));
        await page.goto(workbenchUrl(server, workspace));
        const { passed, failed } = await runSteps(page, steps, lap, (n) => path.join(artifacts, `e2e-restricted-failure-step${n}.png`));
        if (failed) await page.screenshot({ path: path.join(artifacts, 'e2e-restricted-failure.png') });
        return { passed, failed, notRun: steps.length - passed - failed };
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(outsideFileOf(workspace), { force: true });
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}
