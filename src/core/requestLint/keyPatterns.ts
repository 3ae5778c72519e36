// What a key pasted into a request file looks like, and how user text is shown in messages
// without repeating a key or a full card number (masked to the last four).

/** Literals that look like credentials: service-style keys, long mixed letter-digit runs, JWTs. */
export const KEY_LIKE_PATTERNS: readonly RegExp[] = [
  /(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{8,}/g,
  /(?<![A-Za-z0-9])(?=[A-Za-z0-9]*[A-Za-z])(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{32,}(?![A-Za-z0-9])/g,
  /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

/** Names of fields, parameters and variables that hold credentials. */
export const KEY_NAME = /^(?:api[-_]?key|access[-_]?key|secret|client[-_]?secret|password|authorization)$/i;

const LONG_DIGITS = /\d{12,}/g;

/** `text` with every key-like literal and long digit run masked to its last four characters. */
export function maskSecrets(text: string): string {
  let out = text.replace(LONG_DIGITS, (d) => `…${d.slice(-4)}`);
  for (const pattern of KEY_LIKE_PATTERNS) out = out.replace(pattern, (k) => `…${k.slice(-4)}`);
  return out;
}

/** User text for a message: secrets masked, at most 60 characters. */
export function shown(text: string): string {
  const masked = maskSecrets(text);
  return masked.length > 60 ? `${masked.slice(0, 57)}…` : masked;
}
