// An exchange as a request file: what "Open as request file" shows, and what the request-file
// checks read to lint what an application sent. The base URL becomes {{gatewayUrl}} or
// {{boardingUrl}} by the path's family, so the file sends to whichever environment it is run
// against; credential headers are left out (the environment's keys are added at send time).

import { isAuthHeader } from '../protection/authHeaders';
import { TRANSPORT_HEADERS } from '../http/transportHeaders';

/** Headers a request file has no use for: the transport's own, and what the sender computes. */
const LEFT_OUT = new Set([...TRANSPORT_HEADERS, 'accept-encoding', 'user-agent']);

export interface RequestTextInput {
  method: string;
  /** Path and query: `/rest/v2/transactions/sale`. */
  path: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body?: string;
  title?: string;
}

/** The request file text; its request line is line 2 (1-based) when a title is given, else line 1. */
export function exchangeRequestText(input: RequestTextInput): string {
  const base = input.path.startsWith('/api/') ? '{{boardingUrl}}' : '{{gatewayUrl}}';
  const lines = [...(input.title ? [`### ${input.title}`] : []), `${input.method.toUpperCase()} ${base}${input.path}`];
  for (const [name, value] of Object.entries(input.headers)) {
    if (value === undefined || isAuthHeader(name) || LEFT_OUT.has(name.toLowerCase())) continue;
    lines.push(`${name}: ${[value].flat().join(', ')}`);
  }
  const body = input.body?.replace(/\s+$/, '');
  if (body) lines.push('', body);
  return `${lines.join('\n')}\n`;
}
