// One exchange seen on the wire between an application and a gateway (through the recording
// proxy, or served by the Local sandbox), as it is kept: credentials removed, bodies redacted
// (card and account numbers to their last four, CSC and keys hidden), with the findings of the
// request-file checks on the request as the application sent it.

import { isAuthHeader } from '../protection/authHeaders';
import { redact } from '../protection/redaction';

export interface TrafficFinding {
  /** The request-file check's stable code: `unknown-field`, `invalid-value`, `missing-field`… */
  code: string;
  severity: 'error' | 'warning' | 'information';
  /** What is wrong and where, redacted. */
  message: string;
  /** 1-based line in the request file the exchange opens as (see exchangeRequestText). */
  line: number;
}

export interface TrafficExchange {
  /** ISO time the request arrived. */
  at: string;
  method: string;
  /** Path and query as the application sent them (redacted). */
  path: string;
  /** The catalog operation the method and path name, when there is one. */
  operationId?: string;
  status?: number;
  timeMs: number;
  /** Request headers without any credential header. */
  requestHeaders: Record<string, string>;
  requestBody?: string;
  responseHeaders: Record<string, string>;
  responseBody?: string;
  /** Set when the exchange did not complete (the upstream could not be reached). */
  error?: string;
  findings: TrafficFinding[];
}

/** The largest body kept per exchange; a longer one is cut and says so. */
const MAX_RECORDED_BODY = 64 * 1024;

function keptBody(text: string | undefined, secrets: readonly string[]): string | undefined {
  if (text === undefined || text === '') return undefined;
  const cut = text.length > MAX_RECORDED_BODY ? `${text.slice(0, MAX_RECORDED_BODY)}\n… (${text.length - MAX_RECORDED_BODY} more characters not recorded)` : text;
  return redact(cut, secrets);
}

/** The credential values a request carried: removed wherever else they appear (body, query). */
function credentialValues(headers: Readonly<Record<string, string | string[] | undefined>>): string[] {
  return Object.entries(headers).flatMap(([name, value]) => (isAuthHeader(name) && value ? [value].flat() : []));
}

/** Headers as kept: credential headers dropped, every value redacted. */
function keptHeaders(headers: Readonly<Record<string, string | string[] | undefined>>, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || isAuthHeader(name)) continue;
    out[name] = redact([value].flat().join(', '), secrets);
  }
  return out;
}

interface RawExchange {
  at: Date;
  method: string;
  path: string;
  operationId?: string;
  requestHeaders: Readonly<Record<string, string | string[] | undefined>>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Readonly<Record<string, string | string[] | undefined>>;
  responseBody?: string;
  timeMs: number;
  error?: string;
  findings: readonly TrafficFinding[];
  /** Values to remove besides the credentials the request carried (a token the user typed unseen). */
  secrets?: readonly string[];
}

/** The exchange as it may be stored and shown: nothing in it can charge a card or open an account. */
export function keptExchange(raw: RawExchange): TrafficExchange {
  const carried = credentialValues(raw.requestHeaders);
  const secrets = raw.secrets?.length ? [...carried, ...raw.secrets] : carried;
  const requestBody = keptBody(raw.requestBody, secrets);
  const responseBody = keptBody(raw.responseBody, secrets);
  return {
    at: raw.at.toISOString(),
    method: raw.method,
    path: redact(raw.path, secrets),
    ...(raw.operationId ? { operationId: raw.operationId } : {}),
    ...(raw.status !== undefined ? { status: raw.status } : {}),
    timeMs: Math.round(raw.timeMs * 10) / 10,
    requestHeaders: keptHeaders(raw.requestHeaders, secrets),
    ...(requestBody !== undefined ? { requestBody } : {}),
    responseHeaders: keptHeaders(raw.responseHeaders ?? {}, secrets),
    ...(responseBody !== undefined ? { responseBody } : {}),
    ...(raw.error ? { error: redact(raw.error, secrets) } : {}),
    findings: raw.findings.map((f) => ({ ...f, message: redact(f.message, secrets) })),
  };
}
