// The settings groups a settings file holds, from the catalog: each group's read, its write (an
// update where the gateway has one, else a create), and the fields a file never carries — the
// environment's identity (merchant and terminal ids and names, which differ between sandbox and
// production by nature) and secrets (a device's key, the HPP public key the gateway generates).
// Order is the order `apply` writes in: the checks that refuse transactions first (duplicates,
// AVS, CSC), so a file that tightens them protects from its first write; then the terminal
// (batch time, time zone, fees); then features (recurring, pay links, HPP, devices, alerts, report).

import { operations } from '../../catalog';
import type { FieldSpec, Operation } from '../../catalog/types';

export interface SettingsGroupSpec {
  /** The key in a settings file and in operation ids: `settings.<key>.get`. */
  key: string;
  read: Operation;
  /** The write `apply` uses for a group the environment has. */
  write: Operation;
  /** The write `apply` uses for a group the environment does not have yet (a POST), when the gateway offers one. */
  create?: Operation;
  /** The settings element of the answer (the write's XML root). */
  element: string;
  /** The fields a file may set: the write's, minus `omitted`. */
  fields: readonly FieldSpec[];
  /** Fields read but never exported, planned or written, with why. */
  omitted: Readonly<Record<string, string>>;
}

const IDENTITY = 'identifies the environment, so it differs between environments by nature';

/** Per group: the fields a file never carries, and why. */
const OMITTED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  duplicates: {},
  avs: {},
  csc: {},
  terminal: {
    'merchant-id': IDENTITY, 'terminal-id': IDENTITY, 'merchant-name': IDENTITY, 'terminal-name': IDENTITY, 'business-phone': IDENTITY,
  },
  rps: {},
  paylink: { terminalId: `${IDENTITY}; apply fills in the environment's own` },
  hpp: { 'hpp-public-key': 'a key the gateway generates for each environment' },
  device: { 'device-api-key': 'a key: keys never go into files' },
  transactionAlert: { merchantId: IDENTITY, terminalId: IDENTITY },
  report: {},
};

/** Write order: see the top of this file. */
const SETTINGS_GROUP_KEYS = Object.keys(OMITTED);

const byId = (id: string) => operations.find((op) => op.id === id);

function groupSpec(key: string): SettingsGroupSpec {
  const read = byId(`settings.${key}.get`);
  const update = byId(`settings.${key}.update`);
  const create = byId(`settings.${key}.create`);
  const write = update ?? create;
  if (!read || !write?.xmlRoot) throw new Error(`settings group ${key}: the catalog has no read or write for it`);
  const omitted = OMITTED[key];
  return {
    key, read, write, ...(create ? { create } : {}), element: write.xmlRoot, omitted,
    fields: write.fields.filter((f) => !(f.name in omitted)),
  };
}

export const SETTINGS_GROUPS: readonly SettingsGroupSpec[] = SETTINGS_GROUP_KEYS.map(groupSpec);

export function settingsGroup(key: string): SettingsGroupSpec | undefined {
  return SETTINGS_GROUPS.find((g) => g.key === key);
}
