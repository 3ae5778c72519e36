// Optional filters of a search, typed in one box as `name=value` pairs ("amount=25.00
// last-four=1111"), each checked like the parameter it fills. Pure (no vscode): node tests.
import type { Operation } from '../../catalog/types';
import { validateParamValue } from './paramValues';

/** Searches that ask for filters when run from the palette, and which of their parameters. */
export const SEARCH_FILTERS: Readonly<Record<string, readonly string[]>> = {
  'transactions.search': ['start-date', 'end-date', 'amount', 'invoice', 'last-four'],
};

type FilterParse = { vars: Record<string, string> } | { problem: string };

/** `text` as the search's vars; empty text is no filter. Values may be quoted to hold spaces. */
export function parseFilters(op: Operation, names: readonly string[], text: string): FilterParse {
  const vars: Record<string, string> = {};
  for (const match of text.matchAll(/([\w-]+)\s*=\s*("([^"]*)"|\S*)|(\S+)/g)) {
    const [, name, written, quoted, stray] = match;
    if (stray !== undefined || name === undefined) return { problem: `Write filters as name=value, e.g. ${example(names)}` };
    if (!names.includes(name)) return { problem: `Unknown filter "${name}": use ${names.join(', ')}` };
    const value = (quoted ?? written ?? '').trim();
    const spec = op.params.find((p) => p.name === name);
    const problem = spec ? validateParamValue(spec, value) : undefined;
    if (problem) return { problem };
    if (value) vars[name] = value;
  }
  return { vars };
}

export function example(names: readonly string[]): string {
  const samples: Record<string, string> = { 'start-date': '"2026-11-01 00:00"', amount: '25.00', invoice: 'INV-1001', 'last-four': '1111' };
  return names.filter((n) => samples[n]).map((n) => `${n}=${samples[n]}`).join(' ');
}
