// What applying a settings file would change, group by group and field by field. A field the
// file leaves out is left alone; a group the environment does not have yet is created.

import { SETTINGS_GROUPS } from './settingsGroups';
import type { GroupValues, SettingsFile } from './settingsFile';

interface FieldChange {
  field: string;
  /** undefined: not set in the environment. */
  from: unknown;
  to: unknown;
}

export interface GroupPlan {
  group: string;
  /** The environment does not have this group yet: applying creates it. */
  creates: boolean;
  changes: readonly FieldChange[];
}

/** Current settings by group key; a group the environment does not have is absent. */
export type CurrentSettings = Readonly<Record<string, GroupValues | undefined>>;

/** Equal as JSON values, with numbers and their decimal strings equal (XML reads every value as text). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === 'number' && typeof b === 'string') || (typeof a === 'string' && typeof b === 'number')) return String(a) === String(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The plan, in write order; only groups the file names. */
export function planSettings(current: CurrentSettings, file: SettingsFile): GroupPlan[] {
  const plans: GroupPlan[] = [];
  for (const spec of SETTINGS_GROUPS) {
    const desired = file.settings[spec.key];
    if (!desired) continue;
    const now = current[spec.key];
    const changes: FieldChange[] = [];
    for (const field of spec.fields) {
      if (!(field.name in desired)) continue;
      const from = now?.[field.name];
      const to = desired[field.name];
      if (!sameValue(from, to)) changes.push({ field: field.name, from, to });
    }
    plans.push({ group: spec.key, creates: now === undefined, changes });
  }
  return plans;
}

export const changeCount = (plans: readonly GroupPlan[]) => plans.reduce((n, p) => n + p.changes.length, 0);

/** A value as the plan shows it: text bare, the rest as compact JSON. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '(not set)';
  if (typeof value === 'string') return value === '' || /^\s|\s$/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** The plan as lines: each changed group with its fields, then one summary line. */
export function planText(plans: readonly GroupPlan[], environment: string): string[] {
  const lines: string[] = [];
  const changed = plans.filter((p) => p.changes.length > 0);
  for (const plan of changed) {
    lines.push(`${plan.group}:${plan.creates ? ' (created: the environment does not have it yet)' : ''}`);
    for (const c of plan.changes) lines.push(`  ${c.field}: ${shownValue(c.from)} → ${shownValue(c.to)}`);
  }
  const same = plans.length - changed.length;
  if (changed.length === 0) {
    lines.push(`No changes: "${environment}" already has every setting of the file (${plans.length} group${plans.length === 1 ? '' : 's'}).`);
  } else {
    const n = changeCount(plans);
    lines.push(`${n} change${n === 1 ? '' : 's'} in ${changed.length} group${changed.length === 1 ? '' : 's'} (${changed.map((p) => p.group).join(', ')}) of "${environment}"; ${same} group${same === 1 ? '' : 's'} unchanged.`);
  }
  return lines;
}
