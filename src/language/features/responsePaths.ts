// Paths into an operation's response, for `{{sale1.…}}` and `@expect`: the envelope and the
// fields the sandbox answers inside the payload (gateway family only; settings and batches
// answer a bare XML object, boarding raw JSON).

import type { Operation } from '../../catalog/types';
import { ENVELOPE_PATHS, PAYLOAD_FIELDS, payloadKey } from '../data/responsePaths';

export function responsePaths(op: Operation | undefined): string[] {
  if (!op) return [...ENVELOPE_PATHS];
  if (op.host === 'boarding') return [];
  const key = op.payloadType ? payloadKey(op.payloadType) : undefined;
  if (op.group === 'settings' || op.group === 'batches') {
    return key ? ['payloadType', key, ...(PAYLOAD_FIELDS[key] ?? []).map((f) => `${key}.${f}`)] : ['payloadType'];
  }
  if (!key) return [...ENVELOPE_PATHS];
  return [...ENVELOPE_PATHS, `payload.${key}`, ...(PAYLOAD_FIELDS[key] ?? []).map((f) => `payload.${key}.${f}`)];
}
