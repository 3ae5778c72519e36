// Splits a request line's target (`{{gatewayUrl}}/rest/v2/tokens/{{token}}?page=2`) into the
// catalog pathname, the base it was written against and its query, with character positions
// inside the target so diagnostics and completion can point into it.

import type { HostFamily } from '../../catalog/types';
import { decodeQueryComponentSafely } from '../codecs/percentDecoding';

interface QueryParamAt {
  name: string;
  value: string;
  /** Character indexes inside the target. */
  nameStart: number;
  valueStart: number;
  valueEnd: number;
}

export interface SplitTarget {
  /** `/rest/v2/transactions/sale`; variables inside stay as written. */
  pathname: string;
  /** Character index of the pathname inside the target. */
  pathStart: number;
  /** Host family the base names (`{{gatewayUrl}}` → gateway), when it names one. */
  baseFamily?: HostFamily;
  /** Character index just after `?`, when there is a query. */
  queryStart?: number;
  query: QueryParamAt[];
}

const BUILTIN_BASES: ReadonlyArray<{ pattern: RegExp; family: HostFamily }> = [
  { pattern: /^\{\{\s*gatewayUrl\s*\}\}/, family: 'gateway' },
  { pattern: /^\{\{\s*boardingUrl\s*\}\}/, family: 'boarding' },
];

const CATALOG_ROOT = /\/(rest|api)\//;

/**
 * The catalog part of a target, or undefined when it cannot be told (a target that is one
 * variable, or a URL with no `/rest/` or `/api/` path).
 */
export function splitTarget(target: string): SplitTarget | undefined {
  const hash = target.indexOf('#');
  const clean = hash >= 0 ? target.slice(0, hash) : target;
  const q = clean.indexOf('?');
  const beforeQuery = q >= 0 ? clean.slice(0, q) : clean;
  const base = BUILTIN_BASES.find((b) => b.pattern.test(beforeQuery));
  let pathStart: number;
  if (base) {
    pathStart = (base.pattern.exec(beforeQuery) as RegExpExecArray)[0].length;
  } else if (beforeQuery.startsWith('/')) {
    pathStart = 0;
  } else {
    const at = beforeQuery.search(CATALOG_ROOT);
    if (at < 0) return undefined;
    pathStart = at;
  }
  const pathname = beforeQuery.slice(pathStart);
  return {
    pathname,
    pathStart,
    ...(base ? { baseFamily: base.family } : {}),
    ...(q >= 0 ? { queryStart: q + 1 } : {}),
    query: q >= 0 ? queryParams(clean, q + 1) : [],
  };
}

function queryParams(target: string, start: number): QueryParamAt[] {
  const params: QueryParamAt[] = [];
  let at = start;
  for (const part of target.slice(start).split('&')) {
    const eq = part.indexOf('=');
    const name = eq >= 0 ? part.slice(0, eq) : part;
    if (name !== '') {
      const valueStart = eq >= 0 ? at + eq + 1 : at + part.length;
      params.push({ name, value: eq >= 0 ? decodeQueryComponentSafely(part.slice(eq + 1)) : '', nameStart: at, valueStart, valueEnd: at + part.length });
    }
    at += part.length + 1;
  }
  return params;
}
