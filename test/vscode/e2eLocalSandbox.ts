// Reaching the Local sandbox that runs inside the extension host from the e2e's own process, as
// an application on the same machine would: its URL from the cURL program "Generate Code…"
// writes (it defaults GATEWAY_URL to it), its keys from the state it saves in code-server's
// user-data folder, and its control surface (/__sandbox/) over HTTP.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import * as path from 'node:path';
import { pickQuickItem, runCommand, waitForActiveEditorText } from './workbenchUi';

export interface LocalSandboxAccess { url: string; apiKey: string; accessKey: string; merchantId: string }

/** The cURL program of the active request document, as the editor shows it (opened by the command). */
export async function generateCurl(page: Page): Promise<string> {
  await runCommand(page, 'Gateway: Generate Code… (Copy as cURL, JavaScript, Python, PHP, Java, Go, C#)', { opensQuickPick: true });
  await pickQuickItem(page, 'cURL', 'cURL');
  return waitForActiveEditorText(page, text => /GATEWAY_URL='http:\/\/127\.0\.0\.1:\d+'/.test(text));
}

/** The Local sandbox's URL and keys. Needs a request document in the active editor; leaves it active. */
export async function localSandboxAccess(page: Page, userData: string): Promise<LocalSandboxAccess> {
  const program = await generateCurl(page);
  const url = /GATEWAY_URL='(http:\/\/127\.0\.0\.1:\d+)'/.exec(program)?.[1] as string;
  await runCommand(page, 'View: Revert and Close Editor');   // the generated program (read-only)
  const stateFile = findFile(userData, 'local-sandbox.json');
  assert.ok(stateFile, 'the Local sandbox saved its state');
  const { keys } = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { keys: { apiKey: string; accessKey: string; merchantId: string } };
  return { url, ...keys };
}

/** POST to the sandbox's control surface, e.g. `faults`; the parsed answer. */
export async function sandboxControl(url: string, action: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${url}/__sandbox/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `/__sandbox/${action} answered ${res.status}`);
  return res.json();
}

/** The first file called `name` under `dir`. */
export function findFile(dir: string, name: string, depth = 0): string | undefined {
  if (depth > 8 || !fs.existsSync(dir)) return undefined;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return full;
    if (entry.isDirectory()) {
      const found = findFile(full, name, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}
