// The Settings group's ten children, derived from the catalog: settings operations that share a
// path form one settings group, read by its GET and changed by the others.
import { operations } from '../../catalog';
import type { Operation } from '../../catalog/types';

export interface SettingsGroup {
  /** The id's middle part, `settings.<key>.<verb>`: `device`, `hpp`, `transactionAlert`... */
  key: string;
  /** From the GET operation's title: "Get device settings" → "Device settings". */
  title: string;
  path: string;
  read: Operation;
  writes: readonly Operation[];
}

function titleFrom(read: Operation): string {
  const rest = read.title.replace(/^Get\s+/i, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function deriveSettingsGroups(): SettingsGroup[] {
  const byPath = new Map<string, Operation[]>();
  for (const op of operations.filter((o) => o.group === 'settings')) {
    byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  }
  return [...byPath.entries()].map(([path, ops]) => {
    const read = ops.find((o) => o.method === 'GET');
    if (!read) throw new Error(`Settings path ${path} has no GET operation in the catalog; the tree cannot open it.`);
    return { key: read.id.split('.')[1], title: titleFrom(read), path, read, writes: ops.filter((o) => o !== read) };
  });
}

export const settingsGroups: readonly SettingsGroup[] = deriveSettingsGroups();
