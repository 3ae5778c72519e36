// Checks a settings body against its group's field rules before anything is stored, so a
// bad request changes nothing and says exactly which field is wrong and why.

import { checks } from '../../core/checks/inputChecks';
import { ErrorAnswer } from '../domain/domain';
import type { FieldRule, SettingsGroupRule } from './settingsTable';
import type { SettingsValues } from './settingsState';

const FIELD_VALIDATION = '041';

function invalid(path: string, why: string): never {
  throw new ErrorAnswer(400, FIELD_VALIDATION, `Field Validation: ${path} ${why}.`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkFields(fields: Record<string, FieldRule>, value: unknown, path: string, current: SettingsValues): void {
  if (value === '') return;
  if (!isObject(value)) invalid(path, 'must contain child elements');
  for (const [name, v] of Object.entries(value)) {
    if (name.startsWith('@_')) continue;
    const rule = fields[name];
    if (!rule) invalid(`${path}/${name}`, `is not a known field; known fields: ${Object.keys(fields).join(', ')}`);
    checkValue(rule, v, `${path}/${name}`, current[name]);
  }
}

function checkValue(rule: FieldRule, value: unknown, path: string, current: unknown): void {
  if (rule.kind === 'textOrList') {
    if (typeof value !== 'string') checkValue(rule.list, value, path, current);
    return;
  }
  if (rule.kind === 'object') {
    checkFields(rule.fields, value, path, isObject(current) ? current : {});
    return;
  }
  if (rule.kind === 'list') {
    if (value === '') return;
    if (!isObject(value)) invalid(path, `must contain ${rule.item} elements`);
    for (const [name, items] of Object.entries(value)) {
      if (name !== rule.item) invalid(`${path}/${name}`, `is not allowed here; use ${rule.item} elements`);
      for (const item of Array.isArray(items) ? items : [items]) checkFields(rule.fields, item, `${path}/${rule.item}`, {});
    }
    return;
  }
  if (typeof value !== 'string') invalid(path, 'must be a single value, not nested elements');
  switch (rule.kind) {
    case 'boolean':
      if (value !== 'true' && value !== 'false') invalid(path, `must be "true" or "false", not "${value}"`);
      return;
    case 'integer':
      if (!/^-?\d+$/.test(value)) invalid(path, `must be a whole number, not "${value}"`);
      return;
    case 'enum':
      if (!rule.values.includes(value)) invalid(path, `must be one of ${rule.values.join(', ')}, not "${value}"`);
      return;
    case 'check': {
      const problem = checks[rule.check](value);
      if (problem) invalid(path, `is ${problem}`);
      return;
    }
    case 'readonly':
      if (value !== current) invalid(path, `cannot be changed (it is "${String(current)}")`);
      return;
    case 'text':
      return;
  }
}

/** JSON bodies carry booleans and numbers; settings are checked and stored as the XML strings. */
function asStrings(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(asStrings);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asStrings(x)]));
  return typeof v === 'boolean' || typeof v === 'number' ? String(v) : v;
}

/** A JSON body may wrap the fields in the group's element, as the answers do (`{"terminal-settings": {...}}`). */
function unwrapped(rule: SettingsGroupRule, body: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(body);
  const inner = body[rule.element];
  return keys.length === 1 && keys[0] === rule.element && isObject(inner) ? inner : body;
}

/**
 * Stored values as a JSON answer shows them: booleans and integers typed by the group's field
 * rules (the mobile SDK decodes `enable-tip` as a boolean); everything else as stored.
 */
export function typedValues(fields: Record<string, FieldRule>, values: SettingsValues): SettingsValues {
  const out: SettingsValues = {};
  for (const [name, v] of Object.entries(values)) {
    const rule = fields[name];
    if (rule?.kind === 'boolean' && (v === 'true' || v === 'false')) out[name] = v === 'true';
    else if (rule?.kind === 'integer' && typeof v === 'string' && /^-?\d+$/.test(v)) out[name] = Number(v);
    else if (rule?.kind === 'object' && isObject(v)) out[name] = typedValues(rule.fields, v);
    else if ((rule?.kind === 'list' || rule?.kind === 'textOrList') && isObject(v)) {
      const list = rule.kind === 'list' ? rule : rule.list;
      const items = v[list.item];
      out[name] = { [list.item]: (Array.isArray(items) ? (items as unknown[]) : [items]).map(i => (isObject(i) ? typedValues(list.fields, i) : i)) };
    } else out[name] = v;
  }
  return out;
}

/** The stored values after applying `body` over `current`; throws a 400 ErrorAnswer first if any field is wrong. */
export function applySettings(rule: SettingsGroupRule, sent: Record<string, unknown> | undefined, current: SettingsValues): SettingsValues {
  const body = sent ? asStrings(unwrapped(rule, sent)) as Record<string, unknown> : undefined;
  if (!body || Object.keys(body).length === 0) {
    throw new ErrorAnswer(400, FIELD_VALIDATION, `Field Validation: send a <${rule.element}> body with the fields to set (${Object.keys(rule.fields).join(', ')}).`);
  }
  checkFields(rule.fields, body, rule.element, current);
  const next: SettingsValues = { ...current };
  for (const [name, v] of Object.entries(body)) {
    if (!name.startsWith('@_')) next[name] = v;
  }
  return next;
}
