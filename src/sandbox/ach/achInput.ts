// Reading and checking the bank-account fields of ACH request bodies. Problems are collected,
// not thrown one by one, so a single 400 names every field that needs fixing.

import { checks } from '../../core/checks/inputChecks';
import { returnOutcomeFor } from './achReturnRules';
import type { StoredAccount } from './achState';

export type Body = Record<string, unknown>;

export const ACCOUNT_TYPES: readonly string[] = ['Checking', 'Savings'];

/** A scalar body field as text (XML leaves arrive as strings, JSON may send numbers or booleans). */
export function bodyText(body: Body, name: string): string | undefined {
  const value = body[name];
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function bodyFlag(body: Body, name: string): boolean | undefined {
  const text = bodyText(body, name);
  if (text === undefined) return undefined;
  return text.toLowerCase() === 'true';
}

/** The canonical spelling of an enumerated value given in any letter case. */
export function canonical(value: string, allowed: readonly string[]): string | undefined {
  return allowed.find((a) => a.toLowerCase() === value.toLowerCase());
}

/** Appends "<field> is required." when absent and the check's message when invalid. */
export function checkedField(
  body: Body,
  name: string,
  check: (v: string) => string | undefined,
  problems: string[],
): string | undefined {
  const value = bodyText(body, name);
  if (value === undefined) {
    problems.push(`${name} is required.`);
    return undefined;
  }
  const problem = check(value);
  if (problem) {
    problems.push(`${name}: ${problem}${problem.endsWith('.') ? '' : '.'}`);
    return undefined;
  }
  return value;
}

export function requiredText(body: Body, name: string, problems: string[]): string | undefined {
  return checkedField(body, name, () => undefined, problems);
}

export function enumField(body: Body, name: string, allowed: readonly string[], problems: string[]): string | undefined {
  const oneOf = (v: string): string | undefined =>
    canonical(v, allowed) ? undefined : `"${v}" is not allowed; use one of ${allowed.join(', ')}.`;
  const value = checkedField(body, name, oneOf, problems);
  return value === undefined ? undefined : canonical(value, allowed);
}

/**
 * routing-number, account-number, account-type (and optional individual-name) from a body,
 * reduced at once to what the sandbox may store. `undefined` when any of them is invalid.
 */
export function readAccount(body: Body, problems: string[]): StoredAccount | undefined {
  const before = problems.length;
  const routingNumber = checkedField(body, 'routing-number', checks.aba, problems);
  const accountNumber = checkedField(body, 'account-number', checks.accountNumber, problems);
  const accountType = enumField(body, 'account-type', ACCOUNT_TYPES, problems);
  if (problems.length > before || !routingNumber || !accountNumber || !accountType) return undefined;
  const individualName = bodyText(body, 'individual-name');
  return {
    routingNumber,
    lastFour: accountNumber.slice(-4),
    accountType,
    ...(individualName ? { individualName } : {}),
    outcome: returnOutcomeFor(accountNumber),
  };
}
