// A settings file: every settings group of one environment, as JSON with comments allowed.
//   { "environment": "Staging", "settings": { "terminal": { "batch-time-utc": "03:00", … }, … } }
// Groups and fields are written in the catalog's order, so an export is the same bytes for the
// same settings and a diff of two exports shows only what differs. A file never carries a key
// or an environment's identity (settingsGroups.ts says which fields and why).

import { parse, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { FieldSpec } from '../../catalog/types';
import { SETTINGS_GROUPS, settingsGroup } from './settingsGroups';

/** One group's values, by field name. */
export type GroupValues = Readonly<Record<string, unknown>>;

export interface SettingsFile {
  /** The environment the file was exported from (information only: plan and apply take --env). */
  environment?: string;
  /** By group key; a group absent here is left alone by plan and apply. */
  settings: Readonly<Record<string, GroupValues>>;
}

/** A file that cannot be used: its name, where, and what to do. */
class SettingsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsFileError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Line and column (1-based) of `offset` in `text`. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

function typeProblem(field: FieldSpec, value: unknown): string | undefined {
  const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  switch (field.type) {
    case 'boolean': return typeof value === 'boolean' ? undefined : `must be true or false, not ${actual}`;
    case 'integer': return Number.isInteger(value) || (typeof value === 'string' && /^\d+$/.test(value)) ? undefined : `must be a whole number, not ${actual}`;
    case 'string': {
      if (typeof value !== 'string') return `must be a string, not ${actual}`;
      return field.values && !field.values.includes(value) ? `must be one of ${field.values.join(', ')}, not "${value}"` : undefined;
    }
    case 'array':
    case 'object': return value === null ? 'must not be null' : undefined;
  }
}

/**
 * A property named `__proto__` (or the like) anywhere: the parser would set an object's
 * prototype with it instead of keeping it, so a stranger's file could hide a group from the
 * checks below. Found on the syntax tree, where it is still a name.
 */
function prototypeKey(node: Node | undefined): Node | undefined {
  if (!node) return undefined;
  if (node.type === 'property') {
    const name = node.children?.[0]?.value as unknown;
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') return node;
  }
  for (const child of node.children ?? []) {
    const found = prototypeKey(child);
    if (found) return found;
  }
  return undefined;
}

/** The file's text as a SettingsFile; a SettingsFileError naming `name`, the place and the fix. */
export function parseSettingsFile(text: string, name: string): SettingsFile {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const first = errors[0];
    throw new SettingsFileError(`${name}:${lineColumn(text, first.offset)}: not valid JSON (${printParseErrorCode(first.error)})`);
  }
  const hidden = prototypeKey(parseTree(text));
  if (hidden) throw new SettingsFileError(`${name}:${lineColumn(text, hidden.offset)}: a property named "${String(hidden.children?.[0]?.value)}" is not a setting; remove it`);
  if (!isObject(value) || !isObject(value.settings)) {
    throw new SettingsFileError(`${name}: must be {"settings": {"terminal": {…}, …}}, as \`gateway-workbench settings export\` writes it`);
  }
  const unknownTop = Object.keys(value).filter((k) => !['$schema', 'environment', 'settings'].includes(k));
  if (unknownTop.length > 0) throw new SettingsFileError(`${name}: unknown property "${unknownTop[0]}"; a settings file has only "environment" and "settings"`);
  if (value.environment !== undefined && typeof value.environment !== 'string') throw new SettingsFileError(`${name}: "environment" must be a string`);
  const settings: Record<string, GroupValues> = {};
  for (const [key, group] of Object.entries(value.settings)) {
    const spec = settingsGroup(key);
    if (!spec) throw new SettingsFileError(`${name}: unknown settings group "${key}"; the groups are ${SETTINGS_GROUPS.map((g) => g.key).join(', ')}`);
    if (!isObject(group)) throw new SettingsFileError(`${name}: settings.${key} must be an object of fields`);
    for (const [field, fieldValue] of Object.entries(group)) {
      const why = spec.omitted[field];
      if (why) throw new SettingsFileError(`${name}: settings.${key}.${field} is never carried in a settings file (${why}); remove it`);
      const fieldSpec = spec.fields.find((f) => f.name === field);
      if (!fieldSpec) throw new SettingsFileError(`${name}: settings.${key} has no field "${field}"; its fields are ${spec.fields.map((f) => f.name).join(', ')}`);
      const problem = typeProblem(fieldSpec, fieldValue);
      if (problem) throw new SettingsFileError(`${name}: settings.${key}.${field} ${problem}`);
    }
    settings[key] = group;
  }
  return { ...(typeof value.environment === 'string' ? { environment: value.environment } : {}), settings };
}

/** `values` with only the group's fields a file carries, in the catalog's order. */
function fileValuesOf(key: string, values: GroupValues): Record<string, unknown> {
  const spec = settingsGroup(key);
  if (!spec) return {};
  const out: Record<string, unknown> = {};
  for (const field of spec.fields) if (values[field.name] !== undefined) out[field.name] = values[field.name];
  return out;
}

/** The file's text: groups in write order, fields in the catalog's order, two-space indent. */
export function settingsFileText(file: SettingsFile): string {
  const settings: Record<string, unknown> = {};
  for (const spec of SETTINGS_GROUPS) {
    const values = file.settings[spec.key];
    if (values) settings[spec.key] = fileValuesOf(spec.key, values);
  }
  const doc = { ...(file.environment !== undefined ? { environment: file.environment } : {}), settings };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
