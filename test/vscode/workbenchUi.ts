// Playwright actions on the VS Code workbench, shared by the UI e2e steps. The selectors are
// VS Code DOM internals checked against the pinned build (code-server 4.139.1 = VS Code 1.139.1).
import type { Locator, Page } from 'playwright-core';

export const selectors = {
  workbench: '.monaco-workbench',
  paletteInput: '.quick-input-widget input',
  paletteRow: '.quick-input-list .monaco-list-row',
  editorListRow: '.editor-instance .monaco-list-row',
  extensionsSearch: '.extensions-viewlet .suggest-input-container',
  extensionsRow: '.extensions-viewlet .extensions-list .monaco-list-row',
  activityBarItem: (title: string) => `.activitybar .action-item a[aria-label^="${title}"]`,
  treeRow: '.pane-body .monaco-list-row',
  toasts: '.notifications-toasts',
} as const;

// Runs a command from the palette by its exact title (F1, type, Enter on the matching row).
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator(selectors.paletteInput);
  await input.waitFor();
  await input.fill(`>${title}`);
  const row = page.locator(selectors.paletteRow).filter({ has: page.getByText(title, { exact: true }) }).first();
  await row.waitFor();
  await row.click();
  await input.waitFor({ state: 'hidden' });
}

// Shows the Extensions view, types a query into its search box and returns the result rows.
export async function searchExtensions(page: Page, query: string): Promise<Locator> {
  await runCommand(page, 'View: Show Extensions');
  const search = page.locator(selectors.extensionsSearch);
  await search.waitFor();
  await search.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(query);
  return page.locator(selectors.extensionsRow);
}

export const normalizeText = (text: string): string => text.replace(/\s+/g, ' ').trim();
