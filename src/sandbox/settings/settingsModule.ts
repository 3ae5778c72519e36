// Gateway settings: the 30 operations are generated from the catalog's settings operations
// and the group table, one handler per action (get, create, update, delete).

import { operations } from '../../catalog';
import { ErrorAnswer, type DomainContext, type DomainModule, type Handler, type Answer, type SandboxRequest } from '../domain/domain';
import { SETTINGS_GROUPS, type SettingsGroupRule } from './settingsTable';
import { applySettings, typedValues } from './settingsValidation';
import type { SettingsSlice, SettingsValues } from './settingsState';

type Ctx = DomainContext<SettingsSlice>;

const IDENTITY_FIELDS = ['merchant-id', 'terminal-id'] as const;

function identity(req: SandboxRequest): SettingsValues {
  return { 'merchant-id': req.merchant.merchantId, 'terminal-id': req.merchant.terminalId };
}

/** Fields a group serves from the sandbox's keys rather than from what was stored. */
function servedFromKeys(rule: SettingsGroupRule, req: SandboxRequest): SettingsValues | undefined {
  return rule.key === 'hpp' ? { 'hpp-public-key': req.merchant.hppPublicKey } : undefined;
}

function terminalView(req: SandboxRequest, ctx: Ctx): SettingsValues {
  return { ...identity(req), ...ctx.slice.groups.terminal };
}

function stored(rule: SettingsGroupRule, ctx: Ctx): SettingsValues | null {
  const value = ctx.slice.groups[rule.key];
  return value === undefined ? rule.defaults() : value;
}

const TERMINAL_RULE = SETTINGS_GROUPS.find(g => g.key === 'terminal') as SettingsGroupRule;

function settingsAnswer(rule: SettingsGroupRule, req: SandboxRequest, ctx: Ctx, status: number): Answer {
  const kept = stored(rule, ctx);
  // Over what was stored: a data file from before the key was the sandbox's holds another one.
  const own = kept && { ...kept, ...servedFromKeys(rule, req) };
  if (rule.answersWithTerminal) {
    const terminal = terminalView(req, ctx);
    const payload: Record<string, unknown> = { 'terminal-settings': terminal };
    const jsonPayload: Record<string, unknown> = { 'terminal-settings': typedValues(TERMINAL_RULE.fields, terminal) };
    if (own) {
      payload[rule.element] = own;
      jsonPayload[rule.element] = typedValues(rule.fields, own);
    }
    return { status, payloadType: 'terminal-settings', payload, jsonPayload };
  }
  const view = rule.key === 'terminal' ? terminalView(req, ctx) : { ...own };
  if (rule.key === 'transactionAlert') {
    view.merchantId ??= req.merchant.merchantId;
    view.terminalId ??= req.merchant.terminalId;
  }
  return { status, payloadType: rule.element, payload: { [rule.element]: view }, jsonPayload: { [rule.element]: typedValues(rule.fields, view) } };
}

function notConfigured(rule: SettingsGroupRule): ErrorAnswer {
  return new ErrorAnswer(404, '404', `Not Found: no ${rule.element} are configured (they were deleted). Create them with POST first.`);
}

function write(rule: SettingsGroupRule, req: SandboxRequest, ctx: Ctx): boolean {
  const before = stored(rule, ctx);
  const served = servedFromKeys(rule, req);
  const base = rule.key === 'terminal' ? terminalView(req, ctx) : { ...(before ?? rule.defaults() ?? {}), ...served };
  const next = applySettings(rule, req.body, base);
  if (rule.key === 'terminal') for (const f of IDENTITY_FIELDS) delete next[f];
  for (const f of Object.keys(served ?? {})) delete next[f];
  ctx.slice.groups[rule.key] = next;
  return before === null;
}

const actions: Record<string, (rule: SettingsGroupRule) => Handler<SettingsSlice>> = {
  get: rule => (req, ctx) => {
    if (rule.key === 'report') {
      const type = req.query.get('type');
      if (type !== null && type !== 'LAST_CLOSED_BATCH') {
        throw new ErrorAnswer(400, '041', `Field Validation: type must be LAST_CLOSED_BATCH, not "${type}".`);
      }
    }
    if (rule.notFoundWhenUnconfigured && stored(rule, ctx) === null) throw notConfigured(rule);
    return settingsAnswer(rule, req, ctx, 200);
  },
  create: rule => (req, ctx) => {
    write(rule, req, ctx);
    return settingsAnswer(rule, req, ctx, rule.statuses?.create ?? 200);
  },
  update: rule => (req, ctx) => {
    const wasNew = write(rule, req, ctx);
    const status = wasNew ? rule.statuses?.createdWhenNew ?? 200 : 200;
    const answer = settingsAnswer(rule, req, ctx, status);
    return rule.genericEnvelopeOnUpdate ? { ...answer, genericEnvelope: true } : answer;
  },
  delete: rule => (req, ctx) => {
    ctx.slice.groups[rule.key] = rule.deleteUnconfigures ? null : rule.defaults();
    const status = rule.statuses?.delete ?? 200;
    return status === 204 ? { status } : settingsAnswer(rule, req, ctx, status);
  },
};

function buildHandlers(): Record<string, Handler<SettingsSlice>> {
  const handlers: Record<string, Handler<SettingsSlice>> = {};
  for (const op of operations.filter(o => o.group === 'settings')) {
    const [, key, action] = op.id.split('.');
    const rule = SETTINGS_GROUPS.find(g => g.key === key);
    const make = actions[action];
    if (!rule || !make) throw new Error(`The settings table has no rule for operation ${op.id}.`);
    handlers[op.id] = make(rule);
  }
  return handlers;
}

export const settingsModule: DomainModule<SettingsSlice> = {
  name: 'settings',
  initial: () => ({ groups: Object.fromEntries(SETTINGS_GROUPS.map(g => [g.key, g.defaults()])) }),
  handlers: buildHandlers(),
};

export type { SettingsSlice } from './settingsState';
