// Goal (b): the real VS Code UI in headless chromium, with the extension installed the way a user
// has it (linked mode: the repository is symlinked into the extensions dir, so no smoke-test
// driver and toasts/dialogs behave as for a user). Expects "npm run build" to be done.
// The scenario is a table of steps run in order; later issues append theirs (open the Gateway
// view, run a sale, ...). Saves artifacts/e2e-smoke.png (artifacts/e2e-failure.png on failure)
// and ends with "N passed, N failed". Env: KEEP_VSCODE_TMP=1 keeps the per-run dir.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT, launchChromium, mkTmp, startCodeServer, workbenchUrl } from './harness';
import { normalizeText, runCommand, searchExtensions, selectors } from './workbenchUi';

const ARTIFACTS = path.join(REPO_ROOT, 'artifacts');
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as
  { displayName: string; version: string };

interface Step { name: string; run(page: Page): Promise<void> }

const steps: Step[] = [
  {
    name: 'the workbench renders',
    run: async page => {
      await page.locator(selectors.workbench).waitFor({ timeout: 60_000 });
    },
  },
  {
    // The Running Extensions editor lists what the (remote, node) extension host activated;
    // rows only appear once that host is up.
    name: 'the extension host starts',
    run: async page => {
      await runCommand(page, 'Developer: Show Running Extensions');
      const rows = page.locator(selectors.editorListRow);
      await rows.filter({ hasText: 'Activation:' }).first().waitFor({ timeout: 30_000 });
      console.log(`  running extensions: ${(await rows.allInnerTexts()).length}`);
      await page.keyboard.press('Escape');   // it opens as a modal editor, which Escape closes
      await rows.first().waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'the extension is listed as installed',
    run: async page => {
      const rows = await searchExtensions(page, '@installed gateway');
      const row = rows.filter({ hasText: manifest.displayName }).first();
      await row.waitFor({ timeout: 30_000 });
      const text = normalizeText(await row.innerText());
      console.log(`  extensions row: ${text}`);
      assert.ok(text.startsWith(`${manifest.displayName} `), `unexpected row: ${text}`);
      assert.equal(await rows.count(), 1, 'exactly one installed extension matches "gateway"');
    },
  },
];

async function main(): Promise<number> {
  const t0 = Date.now();
  const lap = (what: string): void => console.log(`${((Date.now() - t0) / 1000).toFixed(1)}s ${what}`);
  if (!fs.existsSync(path.join(REPO_ROOT, 'dist/extension.js'))) throw new Error('dist/extension.js is missing: run "npm run build" first');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  for (const old of ['e2e-smoke.png', 'e2e-failure.png']) fs.rmSync(path.join(ARTIFACTS, old), { force: true });
  const workspace = mkTmp('vscode-ws-');
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Gateway Workbench test workspace\n');

  const server = await startCodeServer({ workspace, linkExtensions: [REPO_ROOT], smokeTestDriver: false });
  lap(`code-server listening on ${server.url}`);
  let passed = 0;
  let failed = 0;
  try {
    const browser = await launchChromium(path.join(server.tmp, 'home'));
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on('pageerror', e => console.log('[pageerror]', e.message));
      await page.goto(workbenchUrl(server, workspace));
      for (const step of steps) {
        try {
          await step.run(page);
          passed++;
          lap(`ok   ${step.name}`);
        } catch (err) {
          failed++;
          lap(`FAIL ${step.name}: ${err instanceof Error ? err.message : String(err)}`);
          break;   // later steps build on earlier ones
        }
      }
      const shot = path.join(ARTIFACTS, failed ? 'e2e-failure.png' : 'e2e-smoke.png');
      await page.screenshot({ path: shot });
      lap(`screenshot ${path.relative(REPO_ROOT, shot)}`);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    fs.rmSync(workspace, { recursive: true, force: true });
    lap('shut down');
  }
  const notRun = steps.length - passed - failed;
  if (notRun) console.log(`${notRun} step(s) not run`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then(code => process.exit(code), (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
