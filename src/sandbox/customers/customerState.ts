// The recurring-billing slice: customers (key `cust_<uuid>`) and payment plans (key
// `plan_<uuid>`), with what a plan has charged. Card tokens stay in the vault; a token belongs to
// a customer through its `customer-key`.

import { randomUUID } from 'node:crypto';
import { ErrorAnswer } from '../domain/domain';
import { emptyTable } from '../domain/state';
import { gatewayTimestampOf } from '../domain/timestamps';

interface StoredCustomer {
  customerKey: string;
  /** Wire fields as sent (names, e-mail, phone, comments, status, addresses as objects). */
  fields: Record<string, unknown>;
  created: string;
  updated: string;
}

/** What one due date of a plan did. */
interface PlanPayment {
  date: string;
  transactionId: string;
  result: 'APPROVED' | 'DECLINED';
  resultCode: string;
}

export interface StoredPlan {
  planKey: string;
  /** Wire fields as sent and checked (customer-key, token-id, payment-amount, frequency, dates, names, status). */
  fields: Record<string, string>;
  /** The next date (YYYY-MM-DD, the sandbox's zone) the plan charges; absent once past end-date. */
  nextPaymentDate?: string;
  payments: PlanPayment[];
  created: string;
  updated: string;
}

export interface CustomersSlice {
  customers: Record<string, StoredCustomer>;
  plans: Record<string, StoredPlan>;
}

export function initialCustomersSlice(): CustomersSlice {
  return { customers: emptyTable(), plans: emptyTable() };
}

export const newCustomerKey = (): string => `cust_${randomUUID()}`;
export const newPlanKey = (): string => `plan_${randomUUID()}`;

function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

export function findCustomer(slice: CustomersSlice, key: string): StoredCustomer {
  const customer = own(slice.customers, key);
  if (!customer) throw new ErrorAnswer(404, '404', `Not Found: no customer ${key}. Create one with POST /rest/v2/customers, or list them with GET /rest/v2/customers.`);
  return customer;
}

export function findPlan(slice: CustomersSlice, key: string): StoredPlan {
  const plan = own(slice.plans, key);
  if (!plan) throw new ErrorAnswer(404, '404', `Not Found: no payment plan ${key}. List them with GET /rest/v2/payment-plans.`);
  return plan;
}

/** Plans that name this customer or this token, oldest first. */
export function plansUsing(slice: CustomersSlice, field: 'customer-key' | 'token-id', value: string): StoredPlan[] {
  return Object.values(slice.plans).filter((p) => p.fields[field] === value).sort((a, b) => a.created.localeCompare(b.created));
}

export function customerView(c: StoredCustomer): Record<string, unknown> {
  return {
    'customer-key': c.customerKey,
    ...c.fields,
    created: gatewayTimestampOf(c.created),
    updated: gatewayTimestampOf(c.updated),
    links: { link: [
      { rel: 'self', href: `/rest/v2/customers/${c.customerKey}` },
      { rel: 'payment-plans', href: `/rest/v2/payment-plans?customer-key=${c.customerKey}` },
    ] },
  };
}

export function planView(p: StoredPlan): Record<string, string> {
  const last = p.payments.at(-1);
  return {
    'plan-key': p.planKey,
    ...p.fields,
    ...(p.nextPaymentDate ? { 'next-payment-date': p.nextPaymentDate } : {}),
    ...(last ? {
      'last-payment-date': last.date,
      'last-payment-result': last.result,
      'last-payment-result-code': last.resultCode,
      'last-payment-transaction-id': last.transactionId,
    } : {}),
    'payment-count': String(p.payments.filter((x) => x.result === 'APPROVED').length),
    created: gatewayTimestampOf(p.created),
    updated: gatewayTimestampOf(p.updated),
  };
}
