// An operation by its id: for ids that come from outside (a link, a history entry), and for ids
// written in our own code, where an unknown one is a programming error.
import type { Operation } from './types';
import { operations } from './operationList';

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
