// The settings that bite integrators when they switch from sandbox to production, compared
// between the two environments: duplicate checks, the AVS and CSC filters, automatic batch
// closing and the time zone. Each is one line: the same, or every field that differs.

import { SETTINGS_GROUPS } from '../settingsCode/settingsGroups';
import { sameValue, shownValue, type CurrentSettings } from '../settingsCode/settingsPlan';
import { check, type PreflightCheck } from './preflightCheck';

interface DriftRule {
  name: string;
  group: string;
  /** The fields compared; all of the group's when absent. */
  fields?: readonly string[];
}

const RULES: readonly DriftRule[] = [
  { name: 'duplicate transaction checks are the same', group: 'duplicates' },
  { name: 'AVS filters are the same', group: 'avs' },
  { name: 'CSC filters are the same', group: 'csc' },
  { name: 'automatic batch closing is the same', group: 'terminal', fields: ['enable-auto-close-batch', 'batch-time-utc'] },
  { name: 'the time zone is the same', group: 'terminal', fields: ['time-zone'] },
];

/** The groups the rules read, for readSettings. */
export const DRIFT_GROUPS = [...new Set(RULES.map((r) => r.group))];

export function settingsDrift(sandbox: CurrentSettings, production: CurrentSettings, names: { sandbox: string; production: string }): PreflightCheck[] {
  return RULES.map((rule) => {
    const fields = rule.fields ?? SETTINGS_GROUPS.find((g) => g.key === rule.group)?.fields.map((f) => f.name) ?? [];
    const a = sandbox[rule.group];
    const b = production[rule.group];
    const details = fields
      .filter((field) => !sameValue(a?.[field], b?.[field]))
      .map((field) => `${rule.group}.${field}: ${shownValue(a?.[field])} in ${names.sandbox}, ${shownValue(b?.[field])} in ${names.production}`);
    return check('settings', rule.name, details);
  });
}
