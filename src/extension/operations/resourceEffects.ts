// Which successful operations teach the extension about a resource it cannot list, as data:
// the id (and label) are read from the response, or the id from the request's path.
import { valueAtPath } from '../../core/requestFile/variables';
import type { KnownResource, KnownResourceKind, OperationVars } from '../contracts';

interface ResourceEffect {
  operationId: string;
  kind: KnownResourceKind;
  action: 'add' | 'remove';
  /** Dotted path of the id in the parsed response (add). */
  idAt?: string;
  /** Dotted paths tried in order for the label (add). */
  labelAt?: readonly string[];
  /** Path parameter holding the id (remove). */
  idParam?: string;
}

const EFFECTS: readonly ResourceEffect[] = [
  { operationId: 'achTokens.create', kind: 'ach-token', action: 'add', idAt: 'payload.ach-token.token-id', labelAt: ['payload.ach-token.token-description', 'payload.ach-token.individual-name'] },
  { operationId: 'achTokens.get', kind: 'ach-token', action: 'add', idAt: 'payload.ach-token.token-id', labelAt: ['payload.ach-token.token-description', 'payload.ach-token.individual-name'] },
  { operationId: 'achTokens.delete', kind: 'ach-token', action: 'remove', idParam: 'tokenId' },
  { operationId: 'merchants.create', kind: 'merchant', action: 'add', idAt: 'merchant.merchantInformation.merchantNumber', labelAt: ['merchant.merchantInformation.dbaName'] },
  { operationId: 'merchants.get', kind: 'merchant', action: 'add', idAt: 'merchant.merchantInformation.merchantNumber', labelAt: ['merchant.merchantInformation.dbaName'] },
];

type ResourceChange =
  | { action: 'add'; kind: KnownResourceKind; resource: KnownResource }
  | { action: 'remove'; kind: KnownResourceKind; id: string };

function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * The known-resource change a 2xx result of `operationId` implies, if any. `parsed` is read
 * only for an operation that teaches something: reading a result's tree makes it.
 */
export function resourceChangeOf(operationId: string | undefined, answer: { readonly parsed?: unknown }, vars: OperationVars = {}): ResourceChange | undefined {
  const effect = EFFECTS.find((e) => e.operationId === operationId);
  if (!effect) return undefined;
  if (effect.action === 'remove') {
    const id = effect.idParam ? vars[effect.idParam] : undefined;
    return id ? { action: 'remove', kind: effect.kind, id } : undefined;
  }
  const parsed = answer.parsed;
  const id = text(valueAtPath(parsed, effect.idAt ?? ''));
  if (!id) return undefined;
  const label = (effect.labelAt ?? []).map((p) => text(valueAtPath(parsed, p))).find((l) => !!l) ?? id;
  return { action: 'add', kind: effect.kind, resource: { id, label } };
}
