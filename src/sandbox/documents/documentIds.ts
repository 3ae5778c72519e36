// Document ids are name-based UUIDs (RFC 9562 version 5) of merchant + type + period, so the
// same document keeps its id across restarts and resets without being stored.

import { createHash } from 'node:crypto';

/** This sandbox's own namespace for document names (a fixed random UUID). */
const NAMESPACE = Buffer.from('6f1c2d4e8a9b4c3d9e0f1a2b3c4d5e6f', 'hex');

export function documentId(merchantNumber: string, documentTypeId: number, period: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${merchantNumber}|${documentTypeId}|${period}`).digest();
  const bytes = Buffer.from(hash.subarray(0, 16));
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
