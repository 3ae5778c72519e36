// Customers and payment plans (recurring billing, issue 33): customers and the card tokens
// created with their key; plans that charge a token on the sandbox's clock. A due plan makes a
// SALE of its payment-amount on its token through the card module's own sale, so it lands in the
// open batch, or declines by the same amounts as any sale.

import { requireOperation } from '../../catalog';
import { addressFields } from '../../catalog/sharedFields';
import { checks } from '../../core/checks/inputChecks';
import { ErrorAnswer, type Answer, type DomainContext, type DomainModule, type Handler, type SandboxRequest } from '../domain/domain';
import { isoTime } from '../domain/timestamps';
import { wallTimeOf } from '../domain/zonedTime';
import { fieldError, optionalString, requiredString, type Body } from '../http/bodyFields';
import { pageOf, pageRequest } from '../http/paging';
import { cardsModule, type CardsSlice } from '../cardTransactions/cardTransactionsModule';
import { findToken, tokenView, type VaultSlice } from '../cardTokens/cardTokenState';
import {
  customerView, findCustomer, findPlan, initialCustomersSlice, newCustomerKey, newPlanKey, planView, plansUsing,
  type CustomersSlice, type StoredPlan,
} from './customerState';
import { dueAfter, firstDueOnOrAfter, type Schedule } from './planSchedule';

type Ctx = DomainContext<CustomersSlice>;

const CUSTOMER_TEXT = ['first-name', 'last-name', 'email', 'phone', 'comments', 'status', 'client-ip', 'software-type', 'software-type-version'];
/** Address objects, and the spelling some clients use for each (`billing` for `billing-address`). */
const ADDRESSES: ReadonlyArray<[wire: string, alias: string]> = [['billing-address', 'billing'], ['shipping-address', 'shipping']];
const PLAN_TEXT = ['customer-key', 'token-id', 'payment-amount', 'frequency', 'frequency-day', 'frequency-month', 'frequency-week',
  'start-date', 'end-date', 'plan-name', 'type', 'customer-name', 'email-address', 'status'];
const FREQUENCIES = ['MONTHLY', 'WEEKLY'];
const PLAN_STATUSES = ['Active', 'Inactive', 'Cancelled'];
/** An address keeps these text fields: a name it does not have (a smuggled `card`) is not kept or echoed. */
const ADDRESS_TEXT: readonly string[] = addressFields.map((f) => f.name);

/** A field the catalog checks (`email`, `date`): 400 naming it, with what to write. */
function checked(field: string, value: string | undefined, check: 'email' | 'date'): void {
  if (value === undefined) return;
  const problem = checks[check](value);
  if (problem) throw fieldError(field, `is ${problem}`);
}

function addressOf(wire: string, given: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ADDRESS_TEXT) {
    if (!Object.hasOwn(given, name)) continue;
    const v = given[name];
    if (typeof v !== 'string') throw fieldError(`${wire}.${name}`, 'must be a string');
    out[name] = v;
  }
  return out;
}

function customerFields(body: Body): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of CUSTOMER_TEXT) {
    const v = optionalString(body, f);
    if (v !== undefined) out[f] = v;
  }
  for (const [wire, alias] of ADDRESSES) {
    const v = body?.[wire] ?? body?.[alias];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'object' || Array.isArray(v)) throw fieldError(wire, 'must be an object of address fields (street, city, state, zip, …)');
    out[wire] = addressOf(wire, v as Record<string, unknown>);
  }
  checked('email', out.email as string | undefined, 'email');
  return out;
}

function customerAnswer(status: number, customer: Parameters<typeof customerView>[0]): Answer {
  return {
    status, payloadType: 'customer', payload: { customer: customerView(customer) },
    links: [{ rel: 'self', href: `/rest/v2/customers/${customer.customerKey}`, id: customer.customerKey }],
  };
}

function planAnswer(status: number, plan: StoredPlan): Answer {
  return {
    status, payloadType: 'payment-plan', payload: { 'payment-plan': planView(plan) },
    links: [{ rel: 'self', href: `/rest/v2/payment-plans/${plan.planKey}`, id: plan.planKey }],
  };
}

const createCustomer: Handler<CustomersSlice> = (req, ctx) => {
  requiredString(req.body, 'first-name');
  requiredString(req.body, 'last-name');
  const now = isoTime(ctx.clock.now());
  const customer = { customerKey: newCustomerKey(), fields: customerFields(req.body), created: now, updated: now };
  ctx.slice.customers[customer.customerKey] = customer;
  return customerAnswer(201, customer);
};

const getCustomer: Handler<CustomersSlice> = (req, ctx) => customerAnswer(200, findCustomer(ctx.slice, req.params.customerKey));

const updateCustomer: Handler<CustomersSlice> = (req, ctx) => {
  const customer = findCustomer(ctx.slice, req.params.customerKey);
  const changes = customerFields(req.body);
  if (Object.keys(changes).length === 0) throw fieldError('body', `must carry at least one of ${[...CUSTOMER_TEXT, ...ADDRESSES.map(([w]) => w)].join(', ')}`);
  for (const name of ['first-name', 'last-name']) if (changes[name] === '') throw fieldError(name, 'cannot be empty');
  Object.assign(customer.fields, changes);
  customer.updated = isoTime(ctx.clock.now());
  return customerAnswer(200, customer);
};

/** The gateway deletes only customers without plans (make one with plans Inactive instead). */
const deleteCustomer: Handler<CustomersSlice> = (req, ctx) => {
  const customer = findCustomer(ctx.slice, req.params.customerKey);
  const plans = plansUsing(ctx.slice, 'customer-key', customer.customerKey);
  if (plans.length > 0) {
    throw new ErrorAnswer(400, '011', `Customer ${customer.customerKey} has payment plans (${plans.map((p) => p.planKey).join(', ')}): delete them first, or update the customer's status to Inactive.`);
  }
  delete ctx.slice.customers[customer.customerKey];
  return customerAnswer(200, customer);
};

const listCustomers: Handler<CustomersSlice> = (req, ctx) => {
  const paging = pageRequest(req.query, 'created');
  const all = Object.values(ctx.slice.customers).sort((a, b) => a.created.localeCompare(b.created) * (paging.descending ? -1 : 1));
  const { items, page } = pageOf(all, paging);
  return { status: 200, payloadType: 'customers', page, payload: { customers: { customer: items.map(customerView) } } };
};

const customerTokens: Handler<CustomersSlice> = (req, ctx) => {
  const customer = findCustomer(ctx.slice, req.params.customerKey);
  const vault = ctx.peer<VaultSlice>('vault');
  const tokens = Object.values(vault.tokens).filter((t) => t.details['customer-key'] === customer.customerKey)
    .sort((a, b) => a.created.localeCompare(b.created));
  return { status: 200, payloadType: 'customer-tokens', payload: { tokens: { token: tokens.map((t) => tokenView(t, req.merchant.merchantId)) } } };
};

function oneOf(field: string, value: string, allowed: readonly string[]): string {
  const known = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!known) throw fieldError(field, `must be one of ${allowed.join(', ')}, not "${value}"`);
  return known;
}

function wholeNumber(fields: Record<string, string>, field: string, min: number, max: number): number | undefined {
  const raw = fields[field];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw fieldError(field, `must be a whole number from ${min} to ${max}, not "${raw}"`);
  return Number(raw);
}

/** Checks a plan's fields together and returns its schedule. */
function checkedPlan(fields: Record<string, string>, ctx: Ctx): Schedule {
  fields.frequency = oneOf('frequency', fields.frequency, FREQUENCIES);
  if (fields.status !== undefined) fields.status = oneOf('status', fields.status, PLAN_STATUSES);
  if (!/^\d+\.\d{2}$/.test(fields['payment-amount']) || Number(fields['payment-amount']) <= 0) {
    throw fieldError('payment-amount', `must be a positive amount with two decimals, e.g. "50.00", not "${fields['payment-amount']}"`);
  }
  for (const f of ['start-date', 'end-date']) checked(f, fields[f], 'date');
  checked('email-address', fields['email-address'], 'email');
  if (fields['end-date'] < fields['start-date']) throw fieldError('end-date', `(${fields['end-date']}) is before start-date (${fields['start-date']})`);
  const weekly = fields.frequency === 'WEEKLY';
  const day = wholeNumber(fields, 'frequency-day', 1, weekly ? 7 : 31);
  const every = wholeNumber(fields, weekly ? 'frequency-week' : 'frequency-month', 1, weekly ? 52 : 12) ?? 1;
  const customer = findCustomer(ctx.slice, fields['customer-key']);
  const token = findToken(ctx.peer<VaultSlice>('vault'), fields['token-id']);
  const owner = token.details['customer-key'];
  if (owner !== undefined && owner !== customer.customerKey) {
    throw fieldError('token-id', `belongs to customer ${owner}, not ${customer.customerKey}`);
  }
  return { frequency: fields.frequency as Schedule['frequency'], every, startDate: fields['start-date'], endDate: fields['end-date'], ...(day ? { day } : {}) };
}

function scheduleOf(plan: StoredPlan): Schedule {
  const f = plan.fields;
  const weekly = f.frequency === 'WEEKLY';
  const day = f['frequency-day'] ? Number(f['frequency-day']) : undefined;
  return { frequency: f.frequency as Schedule['frequency'], every: Number((weekly ? f['frequency-week'] : f['frequency-month']) || 1),
    startDate: f['start-date'], endDate: f['end-date'], ...(day ? { day } : {}) };
}

/** Today's date in the sandbox's zone. */
function today(ctx: Pick<Ctx, 'clock'>, at = ctx.clock.now()): string {
  const w = wallTimeOf(at, ctx.clock.timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

function planFields(body: Body): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of PLAN_TEXT) {
    const v = optionalString(body, f);
    if (v !== undefined) out[f] = v;
  }
  return out;
}

const createPlan: Handler<CustomersSlice> = (req, ctx) => {
  for (const f of ['customer-key', 'token-id', 'payment-amount', 'frequency', 'start-date', 'end-date']) requiredString(req.body, f);
  const fields = { status: 'Active', ...planFields(req.body) };
  const schedule = checkedPlan(fields, ctx);
  const now = isoTime(ctx.clock.now());
  const next = firstDueOnOrAfter(schedule, today(ctx));
  const plan: StoredPlan = { planKey: newPlanKey(), fields, payments: [], created: now, updated: now, ...(next ? { nextPaymentDate: next } : {}) };
  ctx.slice.plans[plan.planKey] = plan;
  return planAnswer(201, plan);
};

const getPlan: Handler<CustomersSlice> = (req, ctx) => planAnswer(200, findPlan(ctx.slice, req.params.planKey));

const updatePlan: Handler<CustomersSlice> = (req, ctx) => {
  const plan = findPlan(ctx.slice, req.params.planKey);
  const changes = planFields(req.body);
  if (Object.keys(changes).length === 0) throw fieldError('body', `must carry at least one of ${PLAN_TEXT.join(', ')}`);
  const fields = { ...plan.fields, ...changes };
  const schedule = checkedPlan(fields, ctx);
  plan.fields = fields;
  plan.updated = isoTime(ctx.clock.now());
  // A new schedule counts from today, never repeating a date already charged.
  const last = plan.payments.at(-1)?.date;
  const next = firstDueOnOrAfter(schedule, last && last >= today(ctx) ? nextDay(last) : today(ctx));
  if (next) plan.nextPaymentDate = next;
  else delete plan.nextPaymentDate;
  return planAnswer(200, plan);
};

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const deletePlan: Handler<CustomersSlice> = (req, ctx) => {
  const plan = findPlan(ctx.slice, req.params.planKey);
  delete ctx.slice.plans[plan.planKey];
  return planAnswer(200, plan);
};

const listPlans: Handler<CustomersSlice> = (req, ctx) => {
  const paging = pageRequest(req.query, 'created');
  const customerKey = req.query.get('customer-key');
  const status = req.query.get('status');
  const all = Object.values(ctx.slice.plans)
    .filter((p) => (!customerKey || p.fields['customer-key'] === customerKey) && (!status || p.fields.status?.toLowerCase() === status.toLowerCase()))
    .sort((a, b) => a.created.localeCompare(b.created) * (paging.descending ? -1 : 1));
  const { items, page } = pageOf(all, paging);
  return { status: 200, payloadType: 'payment-plans', page, payload: { 'payment-plans': { 'payment-plan': items.map(planView) } } };
};

const SALE = requireOperation('transactions.sale');
const sale = cardsModule.handlers['transactions.sale'];

/** The request the plan's charge is: a SALE on its token, as a client would send it. */
function chargeRequest(plan: StoredPlan, date: string): SandboxRequest {
  return {
    op: SALE, params: {}, query: new URLSearchParams(), headers: {},
    merchant: { merchantId: '', terminalId: '', terminalName: '', merchantName: '', hppPublicKey: '' },
    body: {
      type: 'SALE', amount: plan.fields['payment-amount'], card: plan.fields['token-id'],
      description: `Payment plan ${plan.planKey} ${date}`, 'customer-id': plan.fields['customer-key'],
      ...(plan.fields['email-address'] ? { 'email-address': plan.fields['email-address'] } : {}),
    },
  };
}

/** Charges one due date of a plan; a decline is recorded on the plan, never thrown. */
function chargeOnce(plan: StoredPlan, date: string, ctx: Ctx): void {
  const cards: DomainContext<CardsSlice> = { ...ctx, slice: ctx.mutatePeer<CardsSlice>('cards') };
  let tx: Record<string, unknown> | undefined;
  let resultCode = '000';
  try {
    tx = sale(chargeRequest(plan, date), cards).payload?.transaction as Record<string, unknown> | undefined;
  } catch (e) {
    if (!(e instanceof ErrorAnswer)) throw e;
    tx = e.extraPayload?.transaction as Record<string, unknown> | undefined;
    resultCode = e.resultCode;
  }
  plan.payments.push({
    date, transactionId: String(tx?.id ?? ''), result: resultCode === '000' ? 'APPROVED' : 'DECLINED', resultCode: String(tx?.['result-code'] ?? resultCode),
  });
}

/** Every active plan charges each due date the clock has reached, oldest plan and date first. */
function onClockAdvance(_from: Date, to: Date, ctx: Ctx): boolean {
  const reached = today(ctx, to);
  let changed = false;
  const plans = Object.values(ctx.slice.plans).sort((a, b) => a.created.localeCompare(b.created));
  for (const plan of plans) {
    if (plan.fields.status !== 'Active') continue;
    while (plan.nextPaymentDate && plan.nextPaymentDate <= reached) {
      const date = plan.nextPaymentDate;
      chargeOnce(plan, date, ctx);
      const next = dueAfter(scheduleOf(plan), date);
      if (next) plan.nextPaymentDate = next;
      else delete plan.nextPaymentDate;
      plan.updated = isoTime(to);
      changed = true;
    }
  }
  return changed;
}

export const customersModule: DomainModule<CustomersSlice> = {
  name: 'customers',
  initial: initialCustomersSlice,
  handlers: {
    'customers.list': listCustomers, 'customers.create': createCustomer, 'customers.get': getCustomer,
    'customers.update': updateCustomer, 'customers.delete': deleteCustomer, 'customers.tokens': customerTokens,
    'paymentPlans.list': listPlans, 'paymentPlans.create': createPlan, 'paymentPlans.get': getPlan,
    'paymentPlans.update': updatePlan, 'paymentPlans.delete': deletePlan,
  },
  onClockAdvance,
};

export type { CustomersSlice } from './customerState';
