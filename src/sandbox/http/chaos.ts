// Chaos rules: faults that stay on until cleared (unlike the fault queue, which is used up),
// matched by operation id, group or all, fired with a probability drawn from a seeded random
// source, so that a run that failed can be repeated exactly. Four kinds go past the queue's:
// three fail the answer after the change is committed (what makes an application send a
// payment twice), one drops the connection before anything is committed.

import { groups, operationById } from '../../catalog';
import type { Operation } from '../../catalog';
import type { FaultKind } from './faults';
import { seededRandom } from '../domain/seededRandom';

export const AFTER_COMMIT_KINDS = ['lost-answer', '5xx-after-commit', 'timeout-after-commit'] as const;
export type AfterCommitKind = (typeof AFTER_COMMIT_KINDS)[number];
export type ChaosFaultKind = FaultKind | AfterCommitKind | 'reset-before';

const KINDS: readonly ChaosFaultKind[] = ['429', '500', '503', 'delay', 'reset', 'reset-before', ...AFTER_COMMIT_KINDS];
const AFTER_COMMIT_STATUSES = [500, 502, 503, 504];
const MAX_RULES = 100;
/** Every request of every operation. */
const ALL = '*';

/** One rule as a user writes it (POST /__sandbox/chaos, `sandbox --chaos FILE`). */
export interface ChaosRuleSpec {
  fault: ChaosFaultKind;
  /** An operation id (`transactions.sale`), a group id (`card-transactions`) or `*`; default `*`. */
  operation?: string;
  /** Chance that a matching request is faulted, 0..1 (default 1). */
  probability?: number;
  /** How many times the rule fires at most (default: no limit). */
  count?: number;
  /** Matching requests let through before the rule may fire (default 0): "the third sale". */
  skip?: number;
  retryAfter?: number;
  retryAfterFormat?: 'seconds' | 'http-date';
  /** `delay`: wait before a normal answer; `timeout-after-commit`: hold the answer (default 10000). */
  delayMs?: number;
  /** `5xx-after-commit`: the status answered (500, 502, 503 or 504; default 500). */
  status?: number;
}

export interface ChaosSpec {
  rules: readonly ChaosRuleSpec[];
  /** Seed of the random source (a whole number, 0..4294967295); a random one when absent. */
  seed?: number;
}

/** What the pipeline needs to apply one fault, whatever its source. */
export interface FiredFault {
  fault: ChaosFaultKind;
  retryAfter: number;
  retryAfterFormat: 'seconds' | 'http-date';
  delayMs: number;
  status: number;
}

interface ActiveRule extends FiredFault {
  operation: string;
  probability: number;
  count?: number;
  skip: number;
  /** Matching requests seen, and how many of them were faulted. */
  seen: number;
  fired: number;
}

export interface ChaosView {
  seed: number;
  rules: Array<ChaosRuleSpec & { seen: number; fired: number }>;
}

/** Which fields a rule may carry, and for which faults (a field that does nothing is an error). */
const FIELD_FAULTS: Readonly<Record<string, readonly ChaosFaultKind[] | undefined>> = {
  fault: KINDS, operation: KINDS, probability: KINDS, count: KINDS, skip: KINDS,
  retryAfter: ['429'], retryAfterFormat: ['429'],
  delayMs: ['delay', 'timeout-after-commit'],
  status: ['5xx-after-commit'],
};

const GROUP_IDS = new Set<string>(groups.map(g => g.id));

function wholeNumber(where: string, value: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${where}: "${name}" must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}.`);
  }
  return value;
}

function checkedRule(raw: unknown, index: number): ActiveRule {
  const where = `Chaos rule ${index + 1}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RangeError(`${where} must be a JSON object, not ${JSON.stringify(raw)}.`);
  const spec = raw as Record<string, unknown>;
  if (typeof spec.fault !== 'string' || !KINDS.includes(spec.fault as ChaosFaultKind)) {
    throw new RangeError(`${where}: unknown fault ${JSON.stringify(spec.fault)}; use one of ${KINDS.join(', ')}.`);
  }
  const fault = spec.fault as ChaosFaultKind;
  for (const key of Object.keys(spec)) {
    const allowed = Object.prototype.hasOwnProperty.call(FIELD_FAULTS, key) ? FIELD_FAULTS[key] : undefined;
    if (!allowed) throw new RangeError(`${where}: unknown field "${key}"; a rule has ${Object.keys(FIELD_FAULTS).join(', ')}.`);
    if (!allowed.includes(fault)) throw new RangeError(`${where}: "${key}" applies to ${allowed.join(', ')} only, not to ${fault}.`);
  }
  const operation = spec.operation ?? ALL;
  if (typeof operation !== 'string' || (operation !== ALL && !operationById(operation) && !GROUP_IDS.has(operation))) {
    throw new RangeError(`${where}: "operation" ${JSON.stringify(operation)} is neither an operation id (transactions.sale), a group (${[...GROUP_IDS].join(', ')}) nor "*".`);
  }
  const probability = spec.probability ?? 1;
  if (typeof probability !== 'number' || !(probability >= 0 && probability <= 1)) {
    throw new RangeError(`${where}: "probability" must be a number from 0 to 1, not ${JSON.stringify(probability)}.`);
  }
  const format = spec.retryAfterFormat ?? 'seconds';
  if (format !== 'seconds' && format !== 'http-date') throw new RangeError(`${where}: "retryAfterFormat" must be "seconds" or "http-date".`);
  const status = wholeNumber(where, spec.status, 'status', 500, 599) ?? 500;
  if (!AFTER_COMMIT_STATUSES.includes(status)) throw new RangeError(`${where}: "status" must be one of ${AFTER_COMMIT_STATUSES.join(', ')}, not ${status}.`);
  return {
    fault, operation, probability, status,
    count: wholeNumber(where, spec.count, 'count', 1),
    skip: wholeNumber(where, spec.skip, 'skip', 0) ?? 0,
    retryAfter: wholeNumber(where, spec.retryAfter, 'retryAfter', 0, 86_400) ?? 1,
    retryAfterFormat: format,
    // Past ten minutes a held answer says nothing more about a client's timeout.
    delayMs: wholeNumber(where, spec.delayMs, 'delayMs', 0, 600_000) ?? (fault === 'delay' ? 1000 : 10_000),
    seen: 0, fired: 0,
  };
}

/** Checks a whole chaos document from an untrusted source; a bad rule sets nothing. */
export function checkedChaos(raw: unknown): { rules: ActiveRule[]; seed: number } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RangeError('Chaos must be a JSON object {"rules": [...], "seed": 42}.');
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (key !== 'rules' && key !== 'seed') throw new RangeError(`Chaos: unknown field "${key}"; give "rules" and optionally "seed".`);
  }
  if (!Array.isArray(body.rules)) throw new RangeError('Chaos: "rules" must be a list of rules, e.g. [{"operation": "transactions.sale", "fault": "lost-answer", "probability": 0.3}].');
  if (body.rules.length > MAX_RULES) throw new RangeError(`Chaos: at most ${MAX_RULES} rules, not ${body.rules.length}.`);
  const seed = wholeNumber('Chaos', body.seed, 'seed', 0, 0xffff_ffff) ?? Math.floor(Math.random() * 0x1_0000_0000);
  return { rules: body.rules.map(checkedRule), seed };
}

function matches(rule: ActiveRule, op: Operation): boolean {
  return rule.operation === ALL || rule.operation === op.id || rule.operation === op.group;
}

export class ChaosRules {
  private rules: ActiveRule[] = [];
  private seed = 0;
  private random = seededRandom(0);

  /** Replaces the rules (already checked by checkedChaos) and restarts the random source. */
  set(checked: { rules: ActiveRule[]; seed: number }): void {
    this.rules = checked.rules;
    this.seed = checked.seed;
    this.restart();
  }

  clear(): void {
    this.rules = [];
  }

  /** Back to the state right after set(): the same requests meet the same faults again. */
  restart(): void {
    this.random = seededRandom(this.seed);
    for (const r of this.rules) {
      r.seen = 0;
      r.fired = 0;
    }
  }

  view(): ChaosView {
    return {
      seed: this.seed,
      rules: this.rules.map(r => {
        const spec: ChaosRuleSpec & { seen: number; fired: number } = { operation: r.operation, fault: r.fault, probability: r.probability, seen: r.seen, fired: r.fired };
        if (r.count !== undefined) spec.count = r.count;
        if (r.skip) spec.skip = r.skip;
        if (r.fault === '429') Object.assign(spec, { retryAfter: r.retryAfter, retryAfterFormat: r.retryAfterFormat });
        if (r.fault === 'delay' || r.fault === 'timeout-after-commit') spec.delayMs = r.delayMs;
        if (r.fault === '5xx-after-commit') spec.status = r.status;
        return spec;
      }),
    };
  }

  /** The fault for this request, if a rule fires: rules are tried in order, the first that fires wins. */
  take(op: Operation | undefined): FiredFault | undefined {
    // Asked on every request; almost always with no rules.
    if (this.rules.length === 0 || !op) return undefined;
    for (const rule of this.rules) {
      if (!matches(rule, op)) continue;
      rule.seen += 1;
      if (rule.seen <= rule.skip || (rule.count !== undefined && rule.fired >= rule.count)) continue;
      // Drawn for every eligible request, fired or not, so a run's draws depend only on its requests.
      if (this.random() >= rule.probability) continue;
      rule.fired += 1;
      return rule;
    }
    return undefined;
  }
}
