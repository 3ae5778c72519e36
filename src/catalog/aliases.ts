// Legacy and alternative request forms real clients send, each mapped to one of the
// interface's 67 operations. They are not operations of their own: the interface's list stays exactly as it
// is; these only tell the Local sandbox how to answer them and the language server what to
// say about them. Evidence for each is in docs/sandbox.md ("Accepted legacy forms").
import type { HttpMethod } from './types';
import { operations } from './operationList';

/** The generic transaction endpoint's `type` values and the typed operation each becomes. */
export const TRANSACTION_TYPES: Readonly<Record<string, string>> = {
  SALE: 'transactions.sale',
  AUTH: 'transactions.auth',
  CAPTURE: 'transactions.capture',
  'FORCED SALE': 'transactions.forcedSale',
  REFUND: 'transactions.refund',
  VOID: 'transactions.void',
};

export interface OperationAlias {
  method: HttpMethod;
  /** Exact path (aliases have no `{param}` segments). */
  path: string;
  /** The operation this form always becomes, or the body field whose value selects it. */
  target: { operationId: string } | { byField: 'type'; values: Readonly<Record<string, string>> };
  /** One line for hover: what the form is and what to write instead. */
  doc: string;
}

export const operationAliases: readonly OperationAlias[] = [
  {
    method: 'POST', path: '/rest/v2/transactions',
    target: { byField: 'type', values: TRANSACTION_TYPES },
    doc: 'The gateway\'s legacy generic transaction endpoint: the body\'s `type` (SALE, AUTH, CAPTURE, FORCED SALE, REFUND, VOID, any case) selects the operation. Prefer the typed path, e.g. /rest/v2/transactions/sale.',
  },
  {
    method: 'GET', path: '/rest/v2/batches/open', target: { operationId: 'batches.getOpen' },
    doc: 'Version 2 spelling of GET /rest/v1/batches/open (the interface names v1).',
  },
  {
    method: 'PUT', path: '/rest/v2/batches/open', target: { operationId: 'batches.closeOpen' },
    doc: 'Version 2 spelling of PUT /rest/v1/batches/open (the interface names v1).',
  },
];

/** The alias for a method and path, if any (paths compared without a trailing slash). */
export function matchAlias(method: string, pathname: string): OperationAlias | undefined {
  const wanted = method.toUpperCase();
  const path = pathname.replace(/\/+$/, '') || '/';
  return operationAliases.find((a) => a.method === wanted && a.path === path);
}

/** A `type` value as the generic endpoint reads it: any case, surrounding blanks ignored. */
export function normalTransactionType(value: string): string {
  return value.trim().toUpperCase().replace(/[_-]/g, ' ').replace(/\s+/g, ' ');
}

/**
 * The operation id an alias becomes for a body's selecting field (`type`); undefined when the
 * value is missing or names no operation.
 */
export function aliasTarget(alias: OperationAlias, fieldValue?: string): string | undefined {
  if ('operationId' in alias.target) return alias.target.operationId;
  return fieldValue === undefined ? undefined : alias.target.values[normalTransactionType(fieldValue)];
}

// A typo here would only show when a client sends the form; fail at load instead.
for (const alias of operationAliases) {
  const ids = 'operationId' in alias.target ? [alias.target.operationId] : Object.values(alias.target.values);
  for (const id of ids) {
    if (!operations.some((op) => op.id === id)) throw new Error(`Alias ${alias.method} ${alias.path} names unknown operation ${id}.`);
  }
}

/**
 * Legacy ways of carrying the `api-key` that the gateway still accepts (docs/sandbox.md
 * "Accepted legacy forms"): the old Go XML sample's header spelling, and a JSON body field sent
 * by a CMS payment plugin when no header is.
 */
export const LEGACY_KEY_HEADER = 'api_key';
export const LEGACY_KEY_FIELD = 'api-key';
