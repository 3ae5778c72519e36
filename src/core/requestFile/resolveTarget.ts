// A request line's target, after variable substitution, as a full URL: a bare path goes to
// the family the interface assigns it (`/rest/` → gateway URL, `/api/` → boarding URL).

import { joinUrl, type Environment } from '../environments/environment';

export function resolveTarget(target: string, environment: Environment): string {
  if (/^https?:\/\//i.test(target)) return target;
  const path = target.startsWith('/') ? target : `/${target}`;
  const base = path.startsWith('/api/') ? environment.boardingUrl : environment.gatewayUrl;
  const [pathname, query] = splitQuery(path);
  return joinUrl(base, pathname) + query;
}

function splitQuery(path: string): [string, string] {
  const at = path.indexOf('?');
  return at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}
