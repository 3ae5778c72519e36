// The catalog's public face: every operation once, as data, plus lookups.
import type { Operation } from './types';
import { operations } from './operationList';

export * from './types';
export { operations } from './operationList';
export { groups } from './groups';
export { SAFETY_WORDING } from './safety';
export { matchOperation, pathsMatching } from './match';
export { ACCEPT, CONTENT_TYPE } from './mediaTypes';

const byId = new Map(operations.map((op) => [op.id, op]));

export function operationById(id: string): Operation | undefined {
  return byId.get(id);
}

/** For ids written in our own code: an unknown id is a programming error, reported with the fix. */
export function requireOperation(id: string): Operation {
  const op = byId.get(id);
  if (!op) throw new Error(`Unknown gateway operation "${id}". Use an id from src/catalog (for example "transactions.sale").`);
  return op;
}
export { operationAliases, matchAlias, aliasTarget, normalTransactionType, TRANSACTION_TYPES, LEGACY_KEY_FIELD, LEGACY_KEY_HEADER, type OperationAlias } from './aliases';
