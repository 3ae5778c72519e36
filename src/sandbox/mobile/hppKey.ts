// The one place the mobile paths read the HPP public key a client must send as `public-key`: the
// sandbox's own key (its private half signs answers: domain/answerSignature.ts), as long as the
// HPP settings exist — deleting them leaves nothing to tokenize with.

import { ErrorAnswer, type SandboxRequest } from '../domain/domain';
import type { SettingsSlice } from '../settings/settingsState';

/** The HPP public key the sandbox serves now, or undefined when the HPP settings were deleted. */
function currentHppPublicKey(settings: SettingsSlice, req: SandboxRequest): string | undefined {
  if (settings.groups.hpp === null) return undefined;
  return req.merchant.hppPublicKey !== '' ? req.merchant.hppPublicKey : undefined;
}

/**
 * The paths a client calls with the HPP public key alone (manual tokenizing, reader
 * configuration): 401 042 unless the `public-key` header is the sandbox's current key.
 */
export function requirePublicKey(settings: SettingsSlice, req: SandboxRequest): void {
  const raw = req.headers['public-key'];
  const given = Array.isArray(raw) ? raw[0] : raw;
  const expected = currentHppPublicKey(settings, req);
  if (!given) throw new ErrorAnswer(401, '042', 'Unauthorized: the public-key header is missing. Send the HPP public key (GET /rest/v2/settings/terminal/hpp → hpp-public-key).');
  if (!expected || given.toLowerCase() !== expected.toLowerCase()) {
    throw new ErrorAnswer(401, '042', expected
      ? 'Unauthorized: the public-key header is not this sandbox\'s HPP public key (GET /rest/v2/settings/terminal/hpp → hpp-public-key).'
      : 'Unauthorized: no HPP public key is configured (the HPP settings were deleted); create them again with POST /rest/v2/settings/terminal/hpp.');
  }
}
