// Asks one environment for what the Gateway Overview shows, through its GatewayClient (keys bound
// to its origins, every log line redacted): the open batch, the card transactions and ACH
// transactions the searches answer (page by page, up to a limit), and for a Local sandbox its
// outcome coverage. Each section fails on its own: a gateway that refuses the ACH search still
// shows its batch. Only reads are sent.

import type { GatewayClient } from '../http/client';
import type { GatewayResult } from '../answers/result';
import { fetchCoverage } from '../localSandbox/sandboxCoverage';
import { achSection, batchSection, coverageSection, declineSection, recordsOf, type Overview, type Section } from './overviewData';
import { objectNamed } from '../answers/objectNamed';

interface GatherOptions {
  environmentName: string;
  /** The Local sandbox's gateway URL: its coverage is read too. */
  sandboxUrl?: string;
  /** Pages of each search read at most (PAGE_SIZE records each). */
  maxPages?: number;
  signal?: AbortSignal;
  now?: () => Date;
}

const PAGE_SIZE = 100;
const DEFAULT_MAX_PAGES = 10;

function failureOf(what: string, result: GatewayResult): Error {
  const message = objectNamed(result.parsed, 'error')?.['error-message'];
  return new Error(`${what} answered ${result.status}${typeof message === 'string' ? ` ${message.slice(0, 200)}` : ''}`);
}

/** Every record a search answers, page by page, until its last page or `maxPages`. */
async function searchAll(client: GatewayClient, operation: string, listKey: string, itemKey: string, maxPages: number, signal?: AbortSignal) {
  const records: Record<string, unknown>[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const result = await client.send({ operation, params: { page: String(page), 'page-size': String(PAGE_SIZE) }, accept: 'json', signal });
    if (result.status !== 200 || result.unreadable) throw failureOf(operation, result);
    const found = recordsOf(result.parsed, listKey, itemKey);
    records.push(...found);
    const info = objectNamed(result.parsed, 'page');
    const last = info?.last === true || info?.last === 'true' || found.length === 0;
    if (last) return { records, truncated: false };
  }
  return { records, truncated: true };
}

async function section<T>(work: () => Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The overview of one environment. Never throws: a section that could not be read says why. */
export async function gatherOverview(client: GatewayClient, opts: GatherOptions): Promise<Overview> {
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const cards = await section(() => searchAll(client, 'transactions.search', 'transactions', 'transaction', maxPages, opts.signal));
  const batch = await section(async () => {
    const result = await client.send({ operation: 'batches.getOpen', signal: opts.signal });
    if (result.status === 404) return undefined;
    if (result.status !== 200 || result.unreadable) throw failureOf('batches.getOpen', result);
    return batchSection(result.parsed, cards.ok ? cards.value.records : []);
  });
  const ach = await section(async () => {
    const { records, truncated } = await searchAll(client, 'achTransactions.search', 'ach-transactions', 'ach-transaction', maxPages, opts.signal);
    return achSection(records, truncated);
  });
  const declines: Section<ReturnType<typeof declineSection>> = cards.ok ? { ok: true, value: declineSection(cards.value.records, cards.value.truncated) } : cards;
  const sandboxUrl = opts.sandboxUrl;
  const coverage = sandboxUrl === undefined ? undefined : await section(async () => coverageSection(await fetchCoverage(sandboxUrl, opts.signal)));
  return {
    environmentName: opts.environmentName,
    readAt: (opts.now?.() ?? new Date()).toISOString(),
    batch,
    declines,
    ach,
    ...(coverage ? { coverage } : {}),
  };
}
