// How each kind of gateway record reads in the tree: pure text functions (no vscode), so the
// node unit tests can hold them to the formats users see. Numbers shown are never more than
// a card's or account's last four digits. Times follow the one display rule (core/time).
import { displayGatewayTime, type TimeFrame } from '../../core/time/displayTime';
import { text, type GatewayRecord } from './responseReading';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `1230` (MMYY) → `12/30`. */
function expiry(mmyy: string): string {
  return /^\d{4}$/.test(mmyy) ? `${mmyy.slice(0, 2)}/${mmyy.slice(2)}` : mmyy;
}

/** The last four digits of whatever the gateway sent (it already masks; this never widens). */
function lastFour(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.slice(-4);
}

export function monthName(month: string): string {
  return MONTHS[Number(month) - 1] ?? month;
}

/** `SALE 25.00 · VISA 1111` */
export function cardTransactionLabel(tx: GatewayRecord): string {
  const four = text(tx, 'last-four') || lastFour(text(tx, 'card'));
  const card = [text(tx, 'card-type'), four].filter(Boolean).join(' ');
  return [`${text(tx, 'type')} ${text(tx, 'amount')}`.trim(), card].filter(Boolean).join(' · ');
}

/** `APPROVED · 7:28 AM CST` (`Nov 21, 7:28 AM CST` on another day), with `voided` when it was voided. */
export function cardTransactionDescription(tx: GatewayRecord, frame: TimeFrame, captured = false): string {
  const parts = [text(tx, 'result'), displayGatewayTime(text(tx, 'created'), frame)];
  if (captured) parts.unshift('captured');
  if (text(tx, 'voided') === 'true') parts.unshift('voided');
  return parts.filter(Boolean).join(' · ');
}

/**
 * `gw.item.cardTransaction.<type>[.declined][.voided][.captured]`, type lower-cased with `-` for
 * spaces. An AUTH whose capture the list shows is `.captured`: it no longer offers Capture.
 */
export function cardTransactionContext(tx: GatewayRecord, captured = false): string {
  const type = text(tx, 'type').toLowerCase().replace(/\s+/g, '-') || 'unknown';
  let context = `gw.item.cardTransaction.${type}`;
  if (text(tx, 'result') === 'DECLINED') context += '.declined';
  if (text(tx, 'voided') === 'true') context += '.voided';
  if (captured) context += '.captured';
  return context;
}

/** The AUTH a record captures (a CAPTURE's ref-id), if it is an approved, unvoided capture. */
export function capturedAuthId(tx: GatewayRecord): string | undefined {
  const live = text(tx, 'type') === 'CAPTURE' && text(tx, 'result') === 'APPROVED' && text(tx, 'voided') !== 'true';
  return live ? text(tx, 'ref-id') || undefined : undefined;
}

/** `VISA ···1111 exp 12/30 · Test Visa` */
export function cardTokenLabel(token: GatewayRecord): string {
  const four = text(token, 'last-four-digits') || text(token, 'last-four');
  const main = `${text(token, 'card-type')} ···${four} exp ${expiry(text(token, 'exp-date'))}`.trim();
  const description = text(token, 'description');
  return description ? `${main} · ${description}` : main;
}

/** `Debit 25.00 · ···7890` */
export function achTransactionLabel(tx: GatewayRecord): string {
  const four = lastFour(text(tx, 'account-number'));
  return [`${text(tx, 'type')} ${text(tx, 'amount')}`.trim(), four ? `···${four}` : ''].filter(Boolean).join(' · ');
}

/** `Pending · 7:28 AM CST`, or for a returned one `Returned · R01 Insufficient Funds`. */
export function achTransactionDescription(tx: GatewayRecord, frame: TimeFrame): string {
  const status = text(tx, 'status');
  if (status === 'Returned') {
    const reason = `${text(tx, 'returned-code')} ${text(tx, 'returned-message')}`.trim();
    return [status, reason].filter(Boolean).join(' · ');
  }
  return [status, displayGatewayTime(text(tx, 'status-change-date') || text(tx, 'created'), frame)].filter(Boolean).join(' · ');
}

export function achTransactionContext(tx: GatewayRecord): string {
  return `gw.item.achTransaction.${text(tx, 'status').toLowerCase() || 'unknown'}`;
}

/** `Gym Membership · 50.00 monthly` (a plan's name, what it charges, how often). */
export function paymentPlanLabel(plan: GatewayRecord): string {
  const charge = [text(plan, 'payment-amount'), text(plan, 'frequency').toLowerCase()].filter(Boolean).join(' ');
  return [text(plan, 'plan-name') || text(plan, 'plan-key'), charge].filter(Boolean).join(' · ');
}

/**
 * What a user looks at a plan for: when it charges next (`next 2030-01-15`), and whether the
 * last charge declined; a plan that stopped says so (`Cancelled`, or `ended` with no date left).
 */
export function paymentPlanDescription(plan: GatewayRecord): string {
  const status = text(plan, 'status');
  const next = text(plan, 'next-payment-date');
  const parts = [status && status.toLowerCase() !== 'active' ? status : next ? `next ${next}` : 'ended'];
  if (text(plan, 'last-payment-result') === 'DECLINED') parts.push(`last DECLINED ${text(plan, 'last-payment-date')}`.trim());
  return parts.join(' · ');
}

/** `gw.item.paymentPlan.<status>` (lower case; `unknown` when the gateway names none). */
export function paymentPlanContext(plan: GatewayRecord): string {
  return `gw.item.paymentPlan.${text(plan, 'status').toLowerCase().replace(/\s+/g, '-') || 'unknown'}`;
}

function counted(count: string, singular: string, plural: string): string {
  return `${count} ${Number(count) === 1 ? singular : plural}`;
}

/** `12 sales 300.00 · 1 refund 25.00 · net 275.00` (the sandbox writes both - and _ names). */
export function batchDescription(batch: GatewayRecord): string {
  const field = (name: string) => text(batch, name) || text(batch, name.replace(/-/g, '_')) || '0';
  return [
    `${counted(field('sales-count'), 'sale', 'sales')} ${field('sales-total')}`,
    `${counted(field('refund-count'), 'refund', 'refunds')} ${field('refund-total')}`,
    `net ${field('net-amount')}`,
  ].join(' · ');
}

/** `Blue Harbor Coffee (8582940000000001)` from a merchants.get / merchants.create answer. */
export function merchantLabel(parsed: unknown, merchantNumber: string): string {
  const info = (parsed as { merchant?: { merchantInformation?: GatewayRecord } } | undefined)?.merchant?.merchantInformation;
  const dba = text(info, 'dbaName');
  return dba ? `${dba} (${merchantNumber})` : merchantNumber;
}

/** `gw.environment.local` (the built-in sandbox) or `gw.environment.user`: their menus differ. */
export function environmentContext(env: { builtIn: boolean }): string {
  return env.builtIn ? 'gw.environment.local' : 'gw.environment.user';
}
