// "Gateway: Open Overview": one webview panel per environment showing its open batch, declines,
// ACH pipeline and (Local sandbox) outcome coverage as charts. The numbers are read through the
// environment's own client (keys bound to its origins, log lines redacted) by code in the lazily
// loaded dist/overview.js, which also draws the page; this file only keeps the panels. An open
// panel reads again when the Gateway tree refreshes (a send, Refresh, an environment change), a
// little later, once, however many tree nodes changed.
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { registerCommand } from '../commands/commandRunner';
import { COMMANDS } from '../contracts';
import { resolveTarget, type Target } from '../environments/environmentCommands';
import type { EnvironmentManager } from '../environments/environmentStore';
import { loadOverview } from '../lazy/runtime';
import { environmentTimeFrame } from '../environments/environmentTimeZone';

/** The webview's type, and the title every panel starts with (the extension-host test reads it). */
const VIEW_TYPE = 'gateway.overview';
const overviewTitle = (environmentName: string) => `Gateway Overview: ${environmentName}`;

/** Tree refreshes come in bursts (one per group after a send): read once after the burst. */
const REFRESH_DELAY_MS = 400;

interface OpenPanel {
  panel: vscode.WebviewPanel;
  /** Counts reads, so that an older read finishing late never replaces a newer one. */
  generation: number;
  /** A refresh came while the panel was hidden: read when it shows again. */
  stale: boolean;
  /** Pages shown with numbers (for the extension-host tests: a tree refresh reads again). */
  reads: number;
}

interface OverviewDeps {
  environments: EnvironmentManager;
  /** Fires when the Gateway tree refreshes. */
  onTreeChange: vscode.Event<unknown>;
  extensionUri: vscode.Uri;
  log: vscode.LogOutputChannel;
}

interface OverviewRegistration extends vscode.Disposable {
  /** The page an open panel shows, and how many times it was read (the test hook). */
  page(environmentName: string): { html: string; reads: number } | undefined;
}

export function registerOverview(deps: OverviewDeps): OverviewRegistration {
  const { environments, log } = deps;
  const panels = new Map<string, OpenPanel>();
  const assets = vscode.Uri.joinPath(deps.extensionUri, 'dist', 'overview');

  const resources = (webview: vscode.Webview) => ({
    cspSource: webview.cspSource,
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(assets, 'overview.css')).toString(),
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(assets, 'overviewView.js')).toString(),
    nonce: randomBytes(16).toString('base64url'),
  });

  async function read(name: string, open: OpenPanel): Promise<void> {
    const generation = ++open.generation;
    open.stale = false;
    const overview = loadOverview();
    const env = await environments.ready(name);
    const client = await environments.client(name);
    const data = await overview.gatherOverview(client, { environmentName: name, ...(env.kind === 'local' ? { sandboxUrl: env.gatewayUrl } : {}) });
    if (generation !== open.generation || !panels.has(name)) return;
    open.panel.webview.html = overview.overviewHtml(data, { ...resources(open.panel.webview), timeZone: environmentTimeFrame(env.kind).timeZone });
    open.reads += 1;
  }

  const readLogged = (name: string, open: OpenPanel) => read(name, open).catch((e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    log.error(`Gateway Overview of "${name}": ${message}`);
    void vscode.window.showErrorMessage(`The Gateway Overview of "${name}" could not be read: ${message}`);
  });

  function open(name: string): OpenPanel {
    const existing = panels.get(name);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, overviewTitle(name), vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [assets],
      enableCommandUris: false,
    });
    const entry: OpenPanel = { panel, generation: 0, stale: false, reads: 0 };
    panels.set(name, entry);
    panel.webview.html = loadOverview().readingHtml(name, resources(panel.webview));
    panel.webview.onDidReceiveMessage((message: { type?: unknown }) => {
      if (message?.type === 'refresh') void readLogged(name, entry);
    });
    panel.onDidChangeViewState(() => {
      if (panel.visible && entry.stale) void readLogged(name, entry);
    });
    panel.onDidDispose(() => panels.delete(name));
    return entry;
  }

  let timer: NodeJS.Timeout | undefined;
  const treeChanged = deps.onTreeChange(() => {
    if (panels.size === 0) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const [name, entry] of panels) {
        if (!environments.get(name)) entry.panel.dispose(); // the environment was removed
        else if (entry.panel.visible) void readLogged(name, entry);
        else entry.stale = true;
      }
    }, REFRESH_DELAY_MS);
  });

  const disposable = vscode.Disposable.from(
    treeChanged,
    { dispose: () => { clearTimeout(timer); for (const entry of [...panels.values()]) entry.panel.dispose(); } },
    registerCommand(COMMANDS.openOverview, async (target?: Target) => {
      const env = await resolveTarget(environments, target, 'Open the Gateway Overview of which environment?', () => true);
      if (!env) return undefined;
      const entry = open(env.name);
      await readLogged(env.name, entry);
      return overviewTitle(env.name);
    }, log),
  );
  return {
    dispose: () => { disposable.dispose(); },
    page: (name) => {
      const entry = panels.get(name);
      return entry && { html: entry.panel.webview.html, reads: entry.reads };
    },
  };
}
