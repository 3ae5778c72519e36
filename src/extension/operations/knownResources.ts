// Ids of resources the gateway cannot list (ACH tokens, onboarded merchants), remembered per
// environment in workspaceState so the tree can show them. Ids and labels only: never an
// account number.
import * as vscode from 'vscode';
import type { KnownResource, KnownResourceKind, KnownResourceStore } from '../contracts';

const STATE_KEY = 'gatewayWorkbench.knownResources';
/** Enough to browse; the oldest are forgotten first. */
const KEEP_PER_KIND = 200;

type Stored = Record<string, Partial<Record<KnownResourceKind, KnownResource[]>>>;

export function createKnownResourceStore(context: vscode.ExtensionContext): KnownResourceStore & vscode.Disposable {
  const changed = new vscode.EventEmitter<void>();
  const read = (): Stored => context.workspaceState.get<Stored>(STATE_KEY, {});
  const write = async (environmentName: string, kind: KnownResourceKind, list: KnownResource[]) => {
    const all = read();
    await context.workspaceState.update(STATE_KEY, { ...all, [environmentName]: { ...all[environmentName], [kind]: list } });
    changed.fire();
  };
  return {
    list: (environmentName, kind) => read()[environmentName]?.[kind] ?? [],
    async add(environmentName, kind, resource) {
      const others = (read()[environmentName]?.[kind] ?? []).filter((r) => r.id !== resource.id);
      await write(environmentName, kind, [resource, ...others].slice(0, KEEP_PER_KIND));
    },
    async remove(environmentName, kind, id) {
      const list = read()[environmentName]?.[kind] ?? [];
      if (list.some((r) => r.id === id)) await write(environmentName, kind, list.filter((r) => r.id !== id));
    },
    onDidChange: changed.event,
    dispose: () => changed.dispose(),
  };
}
