// Reading an environment's settings and writing a plan to it, through the gateway client (so keys
// stay bound to their origins and every line it logs is redacted). Each group is read with its
// own GET; apply writes only the groups the plan changes — an update sends only the changed
// fields (the gateway merges an update into what it has, so a change made meanwhile by someone
// else to another field is kept); a create sends the file's group with the environment's own
// identity fields — then reads the group back and checks every field it wrote.

import type { GatewayClient } from '../http/client';
import type { GatewayResult } from '../answers/result';
import { SETTINGS_GROUPS, settingsGroup, type SettingsGroupSpec } from './settingsGroups';
import type { GroupValues } from './settingsFile';
import { sameValue, shownValue, type CurrentSettings, type GroupPlan } from './settingsPlan';
import { objectNamed } from '../answers/objectNamed';



/** The gateway's own words for a failed answer: its error-message, else the status. */
function failureOf(result: GatewayResult): string {
  const error = objectNamed(result.parsed, 'error');
  const message = typeof error?.['error-message'] === 'string' ? error['error-message'] : undefined;
  return `${result.status}${message ? ` ${message}` : ` ${result.statusText}`}`.trim();
}

const succeeded = (spec: { successStatuses: readonly number[] }, result: GatewayResult) =>
  spec.successStatuses.includes(result.status) && !result.unreadable;

/** A group's values as the environment has them (every field, identity ones too), or undefined when it has none. */
async function readGroup(client: GatewayClient, spec: SettingsGroupSpec): Promise<Record<string, unknown> | undefined> {
  const result = await client.send({ operation: spec.read, accept: 'json' });
  if (result.status === 404) return undefined;
  if (!succeeded(spec.read, result)) throw new Error(`reading ${spec.key} settings failed: ${failureOf(result)}`);
  return objectNamed(result.parsed, spec.element);
}

/** Every group's current values (identity and secret fields removed), in write order. */
export async function readSettings(client: GatewayClient, keys: readonly string[] = SETTINGS_GROUPS.map((g) => g.key)): Promise<Record<string, GroupValues | undefined>> {
  const out: Record<string, GroupValues | undefined> = {};
  for (const key of keys) {
    const spec = settingsGroup(key);
    if (!spec) continue;
    const values = await readGroup(client, spec);
    out[key] = values && Object.fromEntries(Object.entries(values).filter(([name]) => !(name in spec.omitted)));
  }
  return out;
}

export type GroupOutcome =
  | { group: string; status: 'unchanged' }
  | { group: string; status: 'applied'; fields: readonly string[] }
  | { group: string; status: 'failed'; reason: string };

/** The body of one group's write: the changed fields, or for a create the whole group with the environment's identity. */
function bodyOf(spec: SettingsGroupSpec, plan: GroupPlan, desired: GroupValues, fresh: Record<string, unknown> | undefined): { op: SettingsGroupSpec['write']; body: Record<string, unknown> } {
  const changed = Object.fromEntries(plan.changes.map((c) => [c.field, c.to]));
  const op = fresh === undefined && spec.create ? spec.create : spec.write;
  if (op.method === 'PUT') return { op, body: changed };
  // A create replaces the group: everything the file says, over what the environment has, with its own ids.
  const identity = Object.fromEntries(Object.entries(fresh ?? {}).filter(([name]) => name in spec.omitted && !/key/i.test(name)));
  return { op, body: { ...(fresh ?? {}), ...desired, ...identity, ...changed } };
}

/**
 * Writes each group the plan changes, in order, and checks it by reading it back. A group that
 * is refused or reads back differently is reported and the others still go: each group is its
 * own write. `onGroup` hears each outcome as it happens.
 */
export async function applySettings(client: GatewayClient, plans: readonly GroupPlan[], desired: CurrentSettings, onGroup?: (outcome: GroupOutcome) => void): Promise<GroupOutcome[]> {
  const outcomes: GroupOutcome[] = [];
  const report = (outcome: GroupOutcome) => {
    outcomes.push(outcome);
    onGroup?.(outcome);
  };
  for (const plan of plans) {
    const spec = settingsGroup(plan.group);
    if (!spec) continue;
    if (plan.changes.length === 0) {
      report({ group: plan.group, status: 'unchanged' });
      continue;
    }
    try {
      const fresh = await readGroup(client, spec);
      const { op, body } = bodyOf(spec, plan, desired[plan.group] ?? {}, fresh);
      const written = await client.send({ operation: op, body, bodyFormat: 'json', accept: 'json' });
      if (!succeeded(op, written)) {
        report({ group: plan.group, status: 'failed', reason: `refused: ${failureOf(written)}` });
        continue;
      }
      const after = await readGroup(client, spec);
      const wrong = plan.changes.filter((c) => !sameValue(after?.[c.field], c.to));
      if (wrong.length > 0) {
        const w = wrong[0];
        report({ group: plan.group, status: 'failed', reason: `written, but reading it back gives ${w.field}: ${shownValue(after?.[w.field])}, not ${shownValue(w.to)}` });
        continue;
      }
      report({ group: plan.group, status: 'applied', fields: plan.changes.map((c) => c.field) });
    } catch (err) {
      report({ group: plan.group, status: 'failed', reason: (err as Error).message });
    }
  }
  return outcomes;
}
