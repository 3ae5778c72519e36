// Steps that only make sense on the installed .vsix: what a user sees of the package itself — the
// extension's page (icon, README whose images VS Code keeps, pointing at the repository) and the
// "Get started" walkthrough. Saves artifacts/e2e-extension-page.png and e2e-walkthrough.png
// (scripts/update-media.sh makes the first the README's media/extension-page.png).
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { walkthroughs } from '../../src/extension/walkthrough/contributions';
import { pickQuickItem, runCommand, searchExtensions, type Step } from './workbenchUi';

const walkthrough = walkthroughs[0];

// The little of the DOM these page-side functions read (the project compiles without lib.dom).
interface Img { complete: boolean; naturalWidth: number; naturalHeight: number }


/** The README's webview frame: the one whose document has the README's first heading. */
async function readmeFrame(page: Page, displayName: string): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      const heading = await frame.locator('h1').first().textContent({ timeout: 200 }).catch(() => null);
      if (heading?.trim() === displayName) return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('the extension page shows no README');
}

export function installedPackageSteps(displayName: string, artifacts: string): Step[] {
  return [
    {
      name: 'the extension page shows its icon and README from the installed package, image sources kept',
      run: async page => {
        const rows = await searchExtensions(page, '@installed gateway');
        await rows.filter({ hasText: displayName }).first().click();
        const editor = page.locator('.extension-editor');
        await editor.waitFor({ timeout: 30_000 });
        const icon = editor.locator('.header img.icon');
        await icon.waitFor();
        await page.waitForFunction(el => (el as Img).complete && (el as Img).naturalWidth === 128, await icon.elementHandle());
        // The README's images: VS Code keeps only http(s) sources (data: and relative ones are
        // stripped) and loads only https ones, so the package points them at the repository.
        // Offline (as here) they cannot load; that their sources survive is what can be checked.
        const frame = await readmeFrame(page, displayName);
        const sources = await frame.locator('img').evaluateAll(imgs => imgs.map(i => i.getAttribute('src') ?? ''));
        console.log(`  README images: ${sources.join(', ')}`);
        assert.ok(sources.length >= 3, 'the README shows its screenshots');
        for (const src of sources) assert.match(src, /^https:\/\/github\.com\/[^/]+\/[^/]+\/raw\/main\/media\/[\w-]+\.png$/);
        await page.mouse.move(640, 700);
        await page.screenshot({ path: path.join(artifacts, 'e2e-extension-page.png') });
        await page.keyboard.press('ControlOrMeta+K');
        await page.keyboard.press('W');   // close all editors: later steps start from a clean layout
      },
    },
    {
      name: 'the Get started walkthrough opens with every step, its button and its image',
      run: async page => {
        // The walkthrough shows a step's image beside the steps only when the editor is wide enough.
        await runCommand(page, 'View: Close Primary Side Bar');
        await runCommand(page, 'Welcome: Open Walkthrough...', { opensQuickPick: true });
        await pickQuickItem(page, 'Gateway Workbench', walkthrough.title);
        const container = page.locator('.gettingStartedContainer, .getting-started-container').first();
        await container.waitFor({ timeout: 30_000 });
        for (const step of walkthrough.steps) await container.getByText(step.title, { exact: true }).first().waitFor({ timeout: 15_000 });
        const first = walkthrough.steps[0];
        await container.getByRole('button', { name: /Open the Gateway view/ }).first().waitFor();
        const image = container.locator(`img[alt="${first.media.altText}"]`).first();
        await image.waitFor({ timeout: 15_000 });
        await page.waitForFunction(el => (el as Img).complete && (el as Img).naturalWidth > 0, await image.elementHandle());
        await page.screenshot({ path: path.join(artifacts, 'e2e-walkthrough.png') });
        await page.keyboard.press('ControlOrMeta+K');
        await page.keyboard.press('W');
        await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
      },
    },
  ];
}
