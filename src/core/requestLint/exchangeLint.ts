// The rule set on a request an application sent (through the recording proxy or to the Local
// sandbox): the request is written as a request file and judged by the same checks as one the
// user wrote — unknown and missing fields, invalid card numbers and other values, wrong media
// type, legacy forms — as sent: nothing is added at send time, so a missing Content-Type is
// missing on the wire too, and the key's legacy carriers (the `api_key` header, an `api-key`
// body field) are legacy forms rather than keys written in a file.

import { exchangeRequestText, type RequestTextInput } from '../traffic/requestText';
import type { TrafficFinding } from '../traffic/exchange';
import { RequestDocument } from './requestDocument';
import { lintRequest, parseFindings } from './lint';
import { legacyKeyHeaderFindings } from './requestChecks';
import type { LintFinding } from './finding';

export function lintExchangeRequest(input: RequestTextInput): TrafficFinding[] {
  const doc = new RequestDocument(exchangeRequestText(input));
  const found: LintFinding[] = [...parseFindings(doc), ...doc.requests.flatMap((_, index) => lintRequest(doc, index, 'application'))];
  const first = doc.requests[0];
  if (first) found.push(...legacyKeyHeaderFindings(Object.keys(input.headers), first.targetRange));
  return found.map((f) => ({ code: f.code, severity: f.severity, message: f.message, line: f.range.start.line + 1 }));
}
