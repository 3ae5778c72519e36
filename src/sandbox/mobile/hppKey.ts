// The one place the mobile paths read the HPP public key a client must send as `public-key`: the
// sandbox's own key (its private half signs answers: domain/answerSignature.ts), as long as the
// HPP settings exist — deleting them leaves nothing to tokenize with.

import type { SandboxRequest } from '../domain/domain';
import type { SettingsSlice } from '../settings/settingsState';

/** The HPP public key the sandbox serves now, or undefined when the HPP settings were deleted. */
export function currentHppPublicKey(settings: SettingsSlice, req: SandboxRequest): string | undefined {
  if (settings.groups.hpp === null) return undefined;
  return req.merchant.hppPublicKey !== '' ? req.merchant.hppPublicKey : undefined;
}
