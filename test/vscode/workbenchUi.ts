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
  activeEditorLines: '.editor-group-container.active .editor-instance .monaco-editor .view-lines',
  activeTab: '.editor-group-container.active .tab.active',
  quickInputTitle: '.quick-input-widget .quick-input-title',
  quickInputMessage: '.quick-input-widget .quick-input-message',
  toastItem: '.notifications-toasts .notification-list-item',
  statusBarItem: '.statusbar-item',
  cursorStatus: '#status\\.editor\\.selection',
  languageStatus: '#status\\.editor\\.mode',
  explorerFoldersHeader: '.pane:has(.explorer-folders-view) > .pane-header',
  newFileAction: 'a.action-label[aria-label^="New File"]',
  explorerNameInput: '.explorer-folders-view .monaco-inputbox input',
  suggestWidget: '.editor-widget.suggest-widget.visible',
  codeLens: '.codelens-decoration a',
  editorOf: (fileName: string) => `.editor-instance:has(.monaco-editor[data-uri$="/${fileName}"])`,
  lineNumber: '.margin-view-overlays .line-numbers',
  problemRow: '.markers-panel .monaco-list-row',
  suggestRow: '.editor-widget.suggest-widget.visible .monaco-list-row',
} as const;

/** One step of a browser scenario; steps run in order and later ones build on earlier ones. */
export interface Step { name: string; run(page: Page): Promise<void> }

/**
 * Runs `steps` in order, each reported through `lap` ("ok"/"FAIL" and its name). The first
 * failure ends the run (later steps build on earlier ones) unless E2E_KEEP_GOING=1; then
 * `failureShot(n)`, for the n-th step run, names the screenshot taken before going on.
 */
export async function runSteps(page: Page, steps: readonly Step[], lap: (what: string) => void, failureShot: (n: number) => string): Promise<{ passed: number; failed: number }> {
  let passed = 0;
  let failed = 0;
  for (const step of steps) {
    try {
      await step.run(page);
      passed++;
      lap(`ok   ${step.name}`);
    } catch (err) {
      failed++;
      lap(`FAIL ${step.name}: ${err instanceof Error ? err.message : String(err)}`);
      if (process.env.E2E_KEEP_GOING !== '1') break;
      await page.screenshot({ path: failureShot(passed + failed) });
      await page.keyboard.press('Escape');
    }
  }
  return { passed, failed };
}

// Runs a command from the palette by its exact title (F1, type, Enter on the matching row).
// With `opensQuickPick`, waits for the command's own quick pick to replace the palette instead.
export async function runCommand(page: Page, title: string, opts: { opensQuickPick?: boolean } = {}): Promise<void> {
  const input = page.locator(selectors.paletteInput);
  // A quick pick that was just answered is still closing (inert) for a moment, and F1 pressed then
  // is lost on a busy machine: wait for it to go, and open the palette again if F1 was lost.
  await input.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    await input.waitFor();
    const typed = await input.fill(`>${title}`, { timeout: 5_000 }).then(() => true, (err: unknown) => {
      if (attempt >= 3) throw err;
      return false;
    });
    if (typed) break;
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  }
  const row = page.locator(selectors.paletteRow).filter({ has: page.getByText(title, { exact: true }) }).first();
  await row.waitFor();
  // Enter on the focused row: a click waits for the row to hold still, which a busy workbench
  // (views refreshing beside the palette) may not give it for a while.
  const focused = await row.evaluate(el => (el as unknown as { classList: { contains(c: string): boolean } }).classList.contains('focused'));
  if (focused) await page.keyboard.press('Enter');
  else await row.click();
  if (opts.opensQuickPick) {
    await page.locator(`${selectors.paletteInput}:not([placeholder^="Type the name of a command"])`).waitFor();
  } else {
    await input.waitFor({ state: 'hidden' });
  }
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

// Opens a contributed activity-bar container by its title (a no-op when it is already open:
// clicking an open container's icon would close the side bar).
export async function openViewContainer(page: Page, title: string): Promise<void> {
  const item = page.locator(selectors.activityBarItem(title)).first();
  await item.waitFor({ timeout: 30_000 });
  const checked = await item.getAttribute('aria-expanded') ?? await item.locator('..').getAttribute('aria-checked');
  if (checked !== 'true') await item.click();
}

// A tree row whose label is exactly `label` (rows also carry a description and actions).
export function treeRow(page: Page, label: string): Locator {
  return page.locator(selectors.treeRow).filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) }).first();
}

// Picks the quick-pick row whose label is exactly `label`, after typing `filter` (a label may
// start with an icon, which renders as an empty element and a space).
export async function pickQuickItem(page: Page, filter: string, label: string): Promise<void> {
  const input = page.locator(selectors.paletteInput);
  await input.waitFor();
  await input.fill(filter);
  const row = page.locator(selectors.paletteRow)
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*(\\S+ )?${escapeRegExp(label)}$`) }) }).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
}

// The rendered text of the active editor (Monaco renders only the visible lines).
export async function activeEditorText(page: Page): Promise<string> {
  const lines = page.locator(selectors.activeEditorLines).first();
  await lines.waitFor({ timeout: 15_000 });
  return normalizeText(await lines.innerText());
}

// Polls until `predicate` accepts the active editor's text; returns it.
export async function waitForActiveEditorText(page: Page, predicate: (text: string) => boolean, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < deadline) {
    text = await activeEditorText(page).catch(() => '');
    if (predicate(text)) return text;
    await page.waitForTimeout(250);
  }
  throw new Error(`the active editor never showed the expected text; it shows: ${text.slice(0, 300)}`);
}

// Answers the quick input's current box by typing, as a user would: waits until its title shows
// `titlePart` (e.g. "(3/7)": a multi-step input reuses one widget), replaces the text, Enter.
export async function answerInput(page: Page, titlePart: string, value: string, opts: { enter?: boolean } = {}): Promise<void> {
  await page.locator(selectors.quickInputTitle).filter({ hasText: titlePart }).waitFor({ timeout: 15_000 });
  const input = page.locator(selectors.paletteInput);
  await input.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  if (value) await page.keyboard.type(value);
  if (opts.enter ?? true) await page.keyboard.press('Enter');
}

// The visible notification toast whose text matches `text`.
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator(selectors.toastItem).filter({ hasText: text }).first();
}

export async function clearNotifications(page: Page): Promise<void> {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await page.locator(selectors.toastItem).first().waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
}

// Opens the editor's suggest widget (Ctrl+Space) and waits until it lists something.
export async function triggerSuggest(page: Page): Promise<void> {
  await page.keyboard.press('Control+Space');
  await page.locator(selectors.suggestRow).first().waitFor({ timeout: 15_000 });
}

// Clicks the suggestion whose label is exactly `label` in the open suggest widget (a snippet's
// choice of values shows in the same widget), after typing `filter` into the editor as a user
// narrows a long list (the widget renders only the rows in view).
export async function acceptSuggestion(page: Page, label: string, filter?: string): Promise<void> {
  if (filter) await page.keyboard.type(filter);
  const row = page.locator(selectors.suggestRow)
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) }).first();
  await row.waitFor({ timeout: 15_000 });
  await row.click();
  await row.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}

// Pastes `text` into the focused editor as a user pastes a block. Unlike typed characters, a
// paste is not subject to auto-closing and auto-indent, whose outcome depends on how far the
// editor's background tokenizer has got. The paste event carries the text itself (headless
// chromium's Ctrl+V does not reach a clipboard); the editor applies it asynchronously, so this
// waits until the cursor position in the status bar moves.
export async function pasteText(page: Page, text: string): Promise<void> {
  const cursor = page.locator(selectors.cursorStatus);
  const before = await cursor.innerText();
  // Browser-side code: this file is compiled without the DOM's types, hence the string.
  await page.evaluate(`(() => {
    const data = new DataTransfer();
    data.setData('text/plain', ${JSON.stringify(text)});
    document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`);
  await cursor.filter({ hasNotText: new RegExp(`^${escapeRegExp(before)}$`) }).waitFor({ timeout: 10_000 });
}

// Moves the active editor's cursor with "Go to Line/Column" (Ctrl+G); both 1-based.
export async function goToPosition(page: Page, line: number, column = 1): Promise<void> {
  await page.keyboard.press('Control+G');
  const input = page.locator(selectors.paletteInput);
  await input.waitFor();
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

export interface LensLine { title: string; line: number }

// The code lenses of `fileName`'s editor, each with the line number just below it. */
export async function lensLines(page: Page, fileName: string): Promise<LensLine[]> {
  const editor = page.locator(selectors.editorOf(fileName));
  const numbers: { line: number; top: number }[] = [];
  for (const el of await editor.locator(selectors.lineNumber).all()) {
    const box = await el.boundingBox();
    const line = Number((await el.innerText()).trim());
    if (box && line > 0) numbers.push({ line, top: box.y });
  }
  numbers.sort((a, b) => a.top - b.top);
  const lenses: (LensLine & { top: number })[] = [];
  for (const el of await editor.locator(selectors.codeLens).all()) {
    const box = await el.boundingBox();
    if (!box) continue;
    const below = numbers.find(n => n.top >= box.y + box.height / 2);
    lenses.push({ title: normalizeText(await el.innerText()), line: below?.line ?? -1, top: box.y });
  }
  return lenses.sort((a, b) => a.top - b.top).map(({ title, line }) => ({ title, line }));
}

// Polls the lenses until `ready` accepts them (the editor re-asks for them after edits).
export async function waitForLensLines(page: Page, fileName: string, ready: (lines: LensLine[]) => boolean, timeoutMs = 15_000): Promise<LensLine[]> {
  const deadline = Date.now() + timeoutMs;
  let lines: LensLine[] = [];
  while (Date.now() < deadline) {
    lines = await lensLines(page, fileName);
    if (ready(lines)) return lines;
    await page.waitForTimeout(250);
  }
  return lines;
}

/**
 * The after-text decorations shown in the editor of `fileName`: VS Code draws them as CSS
 * `::after` content on spans of the rendered lines, so the text lives in computed styles.
 */
export async function afterTexts(page: Page, fileName: string): Promise<string[]> {
  const editor = page.locator(selectors.editorOf(fileName));
  await editor.waitFor();
  const contents = await editor.locator('.view-lines span').evaluateAll(spans => spans.map(span =>
    (globalThis as unknown as { getComputedStyle(e: unknown, pseudo: string): { content: string } }).getComputedStyle(span, '::after').content));
  return contents.filter(c => c && c !== 'none' && c !== 'normal').map(c => c.replace(/^"|"$/g, '').replace(/\\"/g, '"'));
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
