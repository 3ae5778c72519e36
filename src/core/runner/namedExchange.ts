// What a named request leaves for later requests to read: its answer's parsed body and headers,
// and the request as it was sent. `{{sale1.payload.transaction.id}}` reads the answer's body; REST
// Client's `{{sale1.(response|request).(body|headers).(*|$.path|Header-Name)}}` reads any of the
// four, so a request can reuse the exchange-id header, or the invoice a `{{$randomInt}}` made.
import { responseValueText } from '../requestFile/variables';
import { headerValue } from '../http/headerLookup';

export interface NamedExchange {
  /** The answer's parsed body (a JSON value, or an XML tree). */
  readonly body: unknown;
  /** The answer's headers, names lower-cased (as the client gives them). */
  readonly headers: Readonly<Record<string, string | string[]>>;
  /** The request as sent: its headers (without the environment's keys) and its body. */
  readonly request: { readonly headers: Readonly<Record<string, string>>; readonly body?: string | Buffer };
}

const REST_CLIENT_PART = /^(response|request)\.(body|headers)(?:\.(.*))?$/s;

/** Which part of a named exchange a REST Client form reads, and the rest: a path (`$.x`), `*`, `$`, or a header's name. */
export interface ExchangePart { side: 'response' | 'request'; what: 'body' | 'headers'; rest: string }

/** `response.body.$.path`, `request.headers.X`… read; undefined for a plain path into the answer's body. */
export function exchangePartOf(path: string): ExchangePart | undefined {
  const part = REST_CLIENT_PART.exec(path);
  return part ? { side: part[1] as ExchangePart['side'], what: part[2] as ExchangePart['what'], rest: part[3] ?? '' } : undefined;
}

/** The text of `path` in a named exchange (the part after `{{name.`); undefined when it has none. */
export function namedExchangeValue(exchange: NamedExchange, path: string): string | undefined {
  const part = exchangePartOf(path);
  if (!part) return responseValueText(exchange.body, path);
  const { side, what, rest } = part;
  // REST Client's whole body is `*`; `$` is the JSONPath of the root.
  if (what === 'headers') return headerValue(side === 'response' ? exchange.headers : exchange.request.headers, rest);
  if (side === 'response') return rest === '*' || rest === '$' || rest === '' ? responseValueText(exchange.body, '') : bodyPath(rest, (p) => responseValueText(exchange.body, p));
  const sent = exchange.request.body === undefined ? undefined : String(exchange.request.body);
  if (sent === undefined) return undefined;
  if (rest === '*' || rest === '$' || rest === '') return sent;
  return bodyPath(rest, (p) => {
    const parsed = parsedJson(sent);
    return parsed === NOT_JSON ? undefined : responseValueText(parsed, p);
  });
}

/** `$.payload.id` → the value at `payload.id`; anything but a JSONPath from the root has no value. */
function bodyPath(rest: string, read: (path: string) => string | undefined): string | undefined {
  return rest.startsWith('$.') ? read(rest.slice(2)) : undefined;
}

/** A header's first value, its name in any case (REST Client's `headers.Content-Type`). */

const NOT_JSON = Symbol('not JSON');

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
