// The one state format of the Local sandbox: a snapshot (`GET /__sandbox/snapshot`) is a seed
// (`--seed FILE`, `startSandbox({ seed })`), and a seed may also be written by hand, short.
// Each section is a list of entries in the order they are made; an entry is either a stored
// record as a snapshot writes it (complete, kept as it is) or a short entry a person writes
// (`{"type": "SALE", "amount": "25.00"}`), made through the sandbox's own handlers so it obeys
// every rule a request would. Keys are never part of it (docs/sandbox.md "Seeds and snapshots").

/** What a snapshot names itself, so a reader knows the file. */
export const SEED_FORMAT = 'gateway-workbench-seed';
export const SEED_VERSION = 1;

/** The sections of a seed, in the order they are loaded (later ones may refer to earlier ones). */
export const SEED_SECTIONS = [
  'settings', 'merchants', 'tokens', 'customers', 'plans', 'transactions', 'achTokens', 'achTransactions', 'batches', 'mobile', 'counters',
] as const;

/** Top-level members that are not sections. */
export const SEED_HEADER = ['$schema', 'format', 'version', 'clock', 'description'] as const;

/** A seed or snapshot as parsed JSON: checked member by member by the loader. */
export type SeedDocument = Record<string, unknown>;

/** Limits a seed from a stranger's repository cannot get past (checked before anything is made). */
export const SEED_LIMITS = {
  /** Bytes of a seed file. A snapshot of 100k transactions is ~60 MB. */
  fileBytes: 256 * 1024 * 1024,
  /** Nesting of objects and arrays. A snapshot nests 6 deep. */
  depth: 24,
  /** Characters of one string. */
  stringLength: 64 * 1024,
} as const;

/** A seed that cannot be loaded: where (a JSON path such as `$.transactions[3].original-id`) and why. */
export class SeedError extends Error {
  constructor(readonly path: string, readonly reason: string) {
    super(`${path}: ${reason}`);
    this.name = 'SeedError';
  }
}

/** `$.transactions[3].original-id`: a member name as a JSON path writes it. */
export function pathOf(base: string, member: string | number): string {
  if (typeof member === 'number') return `${base}[${member}]`;
  return /^[A-Za-z_$][\w$-]*$/.test(member) ? `${base}.${member}` : `${base}[${JSON.stringify(member)}]`;
}
