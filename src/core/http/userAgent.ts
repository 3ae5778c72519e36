// Who sent a request, by its User-Agent. The Workbench names itself in every request it sends
// (as REST Client and httpYac do), and says from where: the Traffic view then tells the user's
// own application (curl, python-requests, okhttp…) from the Workbench, and the Gateway view's
// background listings from what the user asked for.
import { version } from '../../../package.json';

const WORKBENCH_PRODUCT = 'GatewayWorkbench';

/** Where in the Workbench a request comes from, as its User-Agent's comment says it. */
const WORKBENCH_SURFACES = {
  /** A Send from the editor, the palette or a tree item's command. */
  editor: 'VS Code',
  /** The Gateway view loading a list by itself (expanding a group, refreshing, paging). */
  view: 'Gateway view',
  cli: 'CLI',
} as const;

type WorkbenchSurface = keyof typeof WORKBENCH_SURFACES;

export function workbenchUserAgent(surface: WorkbenchSurface): string {
  return `${WORKBENCH_PRODUCT}/${version} (${WORKBENCH_SURFACES[surface]})`;
}

/** Who sent an exchange, as the Traffic view says it. */
export interface Sender {
  /** `Gateway view`, `Gateway Workbench (VS Code)`, `curl/8.1.2`, `no User-Agent`… */
  label: string;
  /** The Workbench's surface, when the Workbench sent it. */
  workbench?: WorkbenchSurface;
}

const OWN = new RegExp(`^${WORKBENCH_PRODUCT}/\\S+ \\(([^)]*)\\)`);
const SURFACE_BY_COMMENT = new Map<string, WorkbenchSurface>(
  (Object.keys(WORKBENCH_SURFACES) as WorkbenchSurface[]).map((surface) => [WORKBENCH_SURFACES[surface], surface]),
);
/** A label stays one short line whatever a client sends. */
const MAX_LABEL = 40;

export function senderOf(userAgent: string | readonly string[] | undefined): Sender {
  const text = (Array.isArray(userAgent) ? userAgent[0] : userAgent) as string | undefined;
  // Control characters and the like are not shown; a header may hold anything a client put there.
  const cleaned = text?.replace(/[^\x20-\x7e]+/g, ' ').trim();
  if (!cleaned) return { label: 'no User-Agent' };
  const own = OWN.exec(cleaned);
  const surface = own ? SURFACE_BY_COMMENT.get(own[1]) : undefined;
  if (surface === 'view') return { label: WORKBENCH_SURFACES.view, workbench: surface };
  if (surface) return { label: `Gateway Workbench (${WORKBENCH_SURFACES[surface]})`, workbench: surface };
  // The first product token names the client (`python-requests/2.31.0 CPython/3.11` → python-requests/2.31.0).
  const product = cleaned.split(' ')[0];
  return { label: product.length > MAX_LABEL ? `${product.slice(0, MAX_LABEL - 1)}…` : product };
}
