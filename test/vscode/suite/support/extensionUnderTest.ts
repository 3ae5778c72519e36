// What several extension-host suites need: the extension's API, waiting for a condition the
// editor reaches asynchronously, and the "Gateway" log file VS Code writes for our
// LogOutputChannel (the harness puts user-data next to HOME).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { GatewayWorkbenchApi, GatewayWorkbenchTestHooks } from '../../../../src/extension/contracts';

export const EXTENSION_ID = 'gateway-workbench.gateway-workbench';

export async function activateExtension(): Promise<GatewayWorkbenchApi> {
  const ext = vscode.extensions.getExtension<GatewayWorkbenchApi>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

/** The API's test hooks, which the runner's GATEWAY_WORKBENCH_TEST=1 turns on. */
export function testHooks(api: GatewayWorkbenchApi): GatewayWorkbenchTestHooks {
  assert.ok(api.testing, 'the extension has no test hooks: run it with GATEWAY_WORKBENCH_TEST=1 (test/vscode/runExtensionTests.ts sets it)');
  return api.testing;
}

/** Polls `probe` until it gives a truthy value; fails naming `what` after `ms`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function gatewayLogText(): string {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 8 || !fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, depth + 1);
      else if (/Gateway\.log$/.test(entry.name) || (entry.name.endsWith('.log') && full.includes(EXTENSION_ID))) found.push(full);
    }
  };
  walk(path.join(path.dirname(process.env.HOME ?? '/nonexistent'), 'user-data', 'logs'), 0);
  return found.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
}
