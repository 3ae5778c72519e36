// The one place the mobile paths read the HPP public key a client must send as `public-key`.
// Written against the settings slice only, so that the key's format (a real EC key, branch
// i33-hppkey) can change behind it: whatever `hpp-public-key` the HPP settings serve is the key.

import type { SettingsSlice } from '../settings/settingsState';

/** The HPP public key the sandbox serves now, or undefined when HPP is not configured. */
export function currentHppPublicKey(settings: SettingsSlice): string | undefined {
  const key = settings.groups.hpp?.['hpp-public-key'];
  return typeof key === 'string' && key !== '' ? key : undefined;
}
