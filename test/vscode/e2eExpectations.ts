// Issue 35, defect 4: a request file's `# @expect status 200` answered with 401 (Staging holds
// the wrong api-key, set by the environment steps just before) must say what a plain send says:
// the key was refused, and a "Set keys" button. Before, the failed expectation's notification
// said only `status was "401"` and offered nothing. Its Set keys box says that keys (and folder
// trust) are kept in this browser's profile (defect 13). Saves artifacts/e2e-expect-401.png.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RunningSandbox } from '../../src/sandbox/server';
import { goToFile } from './e2eRequestFiles';
import { clearNotifications, normalizeText, runCommand, selectors, toast, type Step } from './workbenchUi';

const FILE = 'open-batch-expect.gwreq';

export function expectationSteps(testSandbox: () => RunningSandbox, workspace: () => string, artifacts: string): Step[] {
  return [
    {
      name: 'wrong keys on Staging: a request file\'s "@expect status 200" failing on 401 says the key was refused and offers "Set keys", whose box says keys live in the browser profile',
      run: async page => {
        await clearNotifications(page);
        fs.writeFileSync(path.join(workspace(), FILE), '### The open batch\n# @expect status 200\nGET {{gatewayUrl}}/rest/v1/batches/open\n');
        await goToFile(page, FILE);
        const reads = () => testSandbox().control.stats().byOperation['batches.getOpen'] ?? 0;
        const before = reads();
        await runCommand(page, 'Gateway: Send Request');
        const refused = toast(page, /The open batch: .*api-key was refused \(401\)/);
        await refused.waitFor({ timeout: 15_000 });
        console.log(`  toast: ${normalizeText(await refused.innerText())}`);
        await refused.getByRole('button', { name: 'Set keys' }).waitFor({ timeout: 5_000 });
        if (reads() !== before + 1) throw new Error(`the request did not reach the test sandbox once (${reads() - before})`);
        await page.mouse.move(200, 600);
        await page.screenshot({ path: path.join(artifacts, 'e2e-expect-401.png') });
        // The Set keys button opens the Set Keys flow for Staging.
        await refused.getByRole('button', { name: 'Set keys' }).click();
        await page.locator(selectors.quickInputTitle).filter({ hasText: '(1/3)' }).waitFor({ timeout: 10_000 });
        // Issue 35, defect 13: in a browser-hosted VS Code the keys live in this browser's profile; the box says so.
        const prompt = normalizeText(await page.locator(selectors.quickInputMessage).innerText());
        console.log(`  Set Keys prompt: ${prompt}`);
        if (!/kept in this browser's profile/.test(prompt)) throw new Error(`the Set Keys box does not say where a browser-hosted VS Code keeps keys: ${prompt}`);
        await page.keyboard.press('Escape');
        await runCommand(page, 'View: Close All Editors');
      },
    },
  ];
}
