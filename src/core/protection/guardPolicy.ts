// The production guard's policy, for both front ends: the extension (which can ask the user to
// confirm) and the CLI (which cannot, so production writes need --allow-production). Pure data
// and functions: test/core/guardPolicy.test.ts checks the whole table.
import type { Operation, Safety } from '../../catalog/types';
import type { EnvironmentKind } from '../environments/environment';

/** Operations that need confirmation beyond the moves-money and destructive safety classes. */
const CONFIRMED_WRITE_GROUPS: ReadonlySet<Operation['group']> = new Set(['settings']);
// A payment plan's create or update schedules charges on the customer's card (issue 33): as
// hard to do by accident as a sale, though nothing moves until its dates come.
const CONFIRMED_OPERATION_IDS: ReadonlySet<string> = new Set(['merchants.create', 'paymentPlans.create', 'paymentPlans.update']);

/** True when a production environment must confirm this operation (modal, naming the amount). */
export function needsConfirmation(operation: Pick<Operation, 'id' | 'group' | 'safety'>): boolean {
  if (operation.safety === 'moves-money' || operation.safety === 'destructive') return true;
  if (operation.safety === 'write' && CONFIRMED_WRITE_GROUPS.has(operation.group)) return true;
  return CONFIRMED_OPERATION_IDS.has(operation.id);
}

/** What a request is, to the guard: its catalog operation when it matches one, and its method. */
export interface GuardedRequest {
  operation?: Pick<Operation, 'id' | 'group' | 'safety'>;
  method: string;
}

/**
 * What a front end does with a production write the guard lets through: the extension asks
 * ('confirm'), the CLI sends it only with --allow-production ('allow', else 'refuse').
 */
type ProductionWrites = 'confirm' | 'allow' | 'refuse';

export type GuardDecision =
  | 'send'
  /** Production: the user types the environment's name (or the amount) first. */
  | 'confirm'
  /** A read-only environment (any kind): only reads go. */
  | 'refuse-read-only'
  /** Production, and the front end cannot confirm (the CLI without --allow-production). */
  | 'refuse-production'
  /** Production, a request that is not a read and matches no catalog operation: nothing to judge it by. */
  | 'refuse-unmatched';

/** A request outside the catalog is judged by its method: only GET counts as a read. */
export function safetyOf(request: GuardedRequest): Safety {
  return request.operation?.safety ?? (request.method.toUpperCase() === 'GET' ? 'read' : 'write');
}

/**
 * The one guard policy. A read-only environment refuses anything but reads, whatever its kind
 * (the user asked for it); production writes go as the front end's `productionWrites` says.
 */
export function guardDecision(
  env: { kind: EnvironmentKind; readOnly: boolean },
  request: GuardedRequest,
  productionWrites: ProductionWrites,
): GuardDecision {
  if (safetyOf(request) === 'read') return 'send';
  if (env.readOnly) return 'refuse-read-only';
  if (env.kind !== 'production') return 'send';
  if (productionWrites === 'allow') return 'send';
  if (productionWrites === 'refuse') return 'refuse-production';
  if (!request.operation) return 'refuse-unmatched';
  return needsConfirmation(request.operation) ? 'confirm' : 'send';
}

/**
 * Restricted Mode (an untrusted workspace): requests go to the Local sandbox only. A request file
 * from an untrusted folder must not reach an environment holding the user's keys.
 */
export function allowedInWorkspace(env: { builtIn: boolean }, workspaceTrusted: boolean): boolean {
  return workspaceTrusted || env.builtIn;
}

/** Fields that carry the money an operation moves, most specific first (a plan's charge last). */
const AMOUNT_FIELDS = ['amount', 'tip-amount', 'payment-amount'] as const;

/** The amount in a JSON or XML request body, or undefined when it names none. */
export function extractAmount(bodyText: string | undefined): string | undefined {
  const text = bodyText?.trim();
  if (!text) return undefined;
  return text.startsWith('<') ? amountInXml(text) : amountInJson(text);
}

function amountInJson(text: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // A draft with unquoted {{variables}} is not JSON yet; a field match still finds the amount.
    for (const field of AMOUNT_FIELDS) {
      const m = new RegExp(`"${field}"\\s*:\\s*"?([^",}\\s]+)`).exec(text);
      if (m) return m[1];
    }
    return undefined;
  }
  for (const field of AMOUNT_FIELDS) {
    const found = findField(parsed, field);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Breadth-first, so a top-level amount wins over a nested one. */
function findField(root: unknown, field: string): string | undefined {
  const queue: unknown[] = [root];
  while (queue.length) {
    const node = queue.shift();
    if (!node || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    queue.push(...Object.values(record));
  }
  return undefined;
}

function amountInXml(text: string): string | undefined {
  for (const field of AMOUNT_FIELDS) {
    const m = new RegExp(`<${field}>\\s*([^<]*?)\\s*</${field}>`).exec(text);
    if (m && m[1]) return m[1];
  }
  return undefined;
}

/** "amount 25.00" or "no amount", for the confirmation message. */
export function describeAmount(bodyText: string | undefined): string {
  const amount = extractAmount(bodyText);
  return amount === undefined ? 'no amount' : `amount ${amount}`;
}

/**
 * The typed confirmation of a production send: the environment's name, or the amount the body
 * moves. Enter alone (or anything else) never sends. Undefined when `typed` confirms, else what
 * the input box says.
 */
export function confirmationProblem(typed: string, environmentName: string, amount: string | undefined): string | undefined {
  const value = typed.trim();
  if (value === environmentName.trim() || (amount !== undefined && value === amount)) return undefined;
  return `Type ${quoteName(environmentName)}${amount !== undefined ? ` or the amount ${amount}` : ''} to send; Escape cancels.`;
}

const quoteName = (name: string): string => `"${name}"`;
