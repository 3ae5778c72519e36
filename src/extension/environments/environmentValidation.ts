// What makes a user environment acceptable: used by the wizard (live, per step), by the
// scripted add/edit path and when reading settings. No vscode import.
import { validateEnvironmentUrl } from '../../core/environments/environment';
import {
  USER_ENVIRONMENT_KINDS as USER_KINDS, environmentProblem, isUserKind, type StoredEnvironment, type UserEnvironmentKind,
} from '../../core/environments/environmentSchema';
import { LOCAL_SANDBOX_NAME } from '../contracts';

export { USER_KINDS, isUserKind, type StoredEnvironment, type UserEnvironmentKind };

/** The public gateway's URLs per kind; `custom` has none. */
export const DEFAULT_URLS: Readonly<Record<UserEnvironmentKind, { gatewayUrl: string; boardingUrl: string } | undefined>> = {
  sandbox: { gatewayUrl: 'https://gateway-sb.clearent.net', boardingUrl: 'https://boarding-sb.clearent.net' },
  production: { gatewayUrl: 'https://gateway.clearent.net', boardingUrl: 'https://boarding.clearent.net' },
  custom: undefined,
};

/** A message when `name` cannot name a new (or renamed) environment, else undefined. */
export function validateName(name: string, takenNames: readonly string[], currentName?: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the environment a name.';
  if (trimmed.length > 60) return 'Keep the name under 60 characters.';
  const lower = trimmed.toLowerCase();
  if (lower === LOCAL_SANDBOX_NAME.toLowerCase()) return `"${LOCAL_SANDBOX_NAME}" is the built-in environment: choose another name.`;
  const clash = takenNames.find(n => n.toLowerCase() === lower && n !== currentName);
  return clash ? `An environment named "${clash}" already exists.` : undefined;
}

export function validateUrl(url: string): string | undefined {
  if (!url.trim()) return 'Enter a URL.';
  return validateEnvironmentUrl(url);
}

/**
 * The first problem with a whole environment, else undefined: the shape as the one schema
 * (core/environmentSchema.ts, also the CLI's) says, then the names the extension keeps apart.
 */
export function validateEnvironment(env: StoredEnvironment, takenNames: readonly string[], currentName?: string): string | undefined {
  return environmentProblem(env) ?? validateName(env.name, takenNames, currentName);
}

/** The setting's entries that are valid, in order, first of each name; the rest are skipped. */
export function sanitizeStored(raw: unknown): StoredEnvironment[] {
  if (!Array.isArray(raw)) return [];
  const kept: StoredEnvironment[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const e = item as Partial<StoredEnvironment>;
    const env: StoredEnvironment = {
      name: String(e.name ?? '').trim(),
      kind: e.kind as UserEnvironmentKind,
      gatewayUrl: String(e.gatewayUrl ?? '').trim(),
      boardingUrl: String(e.boardingUrl ?? '').trim(),
      readOnly: e.readOnly === true,
    };
    if (!validateEnvironment(env, kept.map(k => k.name))) kept.push(env);
  }
  return kept;
}

const KNOWN_URLS = Object.values(DEFAULT_URLS).filter((u): u is { gatewayUrl: string; boardingUrl: string } => !!u);
const sameUrl = (a: string, b: string) => a.trim().replace(/\/+$/, '').toLowerCase() === b.trim().replace(/\/+$/, '').toLowerCase();

/**
 * The boarding URL to offer once the gateway URL is typed: a known gateway's own boarding host,
 * else nothing — never a public default beside a gateway of the user's (its AccessKey would go
 * there). A boarding URL the user typed themselves is kept.
 */
export function boardingUrlFor(gatewayUrl: string, boardingUrl: string): string {
  const typedByUser = boardingUrl.trim() !== '' && !KNOWN_URLS.some((u) => sameUrl(u.boardingUrl, boardingUrl));
  if (typedByUser) return boardingUrl;
  return KNOWN_URLS.find((u) => sameUrl(u.gatewayUrl, gatewayUrl))?.boardingUrl ?? '';
}
