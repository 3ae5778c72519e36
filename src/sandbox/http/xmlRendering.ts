// XML output for the two XML families: the gateway's `<response>` (payload type as an
// attribute) and the settings/batches `<object>` root. Built with fast-xml-parser's builder,
// which escapes text and repeats array items as sibling elements.

import { XMLBuilder } from 'fast-xml-parser';
import type { LinkRef, PageInfo } from '../domain/domain';

// Made at the first XML answer, not when the sandbox loads: JSON answers (the default) never need it.
let builder: XMLBuilder | undefined;
const xmlBuilder = () => (builder ??= new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
}));

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

interface GatewayEnvelopeParts {
  code: string;
  status: string;
  exchangeId: string;
  links: readonly LinkRef[];
  page?: PageInfo;
  payloadType: string;
  payload: Record<string, unknown>;
}

export function renderResponseXml(e: GatewayEnvelopeParts): string {
  const response: Record<string, unknown> = { code: e.code, status: e.status, 'exchange-id': e.exchangeId };
  if (e.links.length > 0) response.links = e.links;
  if (e.page) response.page = e.page;
  response.payload = { '@_type': e.payloadType, ...e.payload };
  return DECLARATION + xmlBuilder().build({ response });
}

/** `<object>` with the given children, in order (settings, batches and their errors). */
export function renderObjectXml(children: Record<string, unknown>): string {
  return DECLARATION + xmlBuilder().build({ object: children });
}
