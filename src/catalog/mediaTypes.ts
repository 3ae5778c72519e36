// The media types the interface names, once: the body format a Content-Type value names (read as
// the Local sandbox reads it), what a request's Content-Type says for each body format, and what
// its Accept header asks for each response format. The request builder, the request rule set, the
// request documents the extension opens and the code generator all use these.
import type { BodyFormat, Operation, ResponseFormat } from './types';

export const MEDIA_TYPES = { json: 'application/json', xml: 'application/xml', pdf: 'application/pdf' } as const;

/** `json` or `xml` for a Content-Type naming one (parameters and case ignored), else undefined. */
export function bodyFormatOfMediaType(contentType: string): 'json' | 'xml' | undefined {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  return undefined;
}

/** Content-Type of a request body in each format. */
export const CONTENT_TYPE: Readonly<Record<Exclude<BodyFormat, 'none'>, string>> = {
  json: MEDIA_TYPES.json,
  xml: MEDIA_TYPES.xml,
};

/** Accept header for each response format; a PDF operation answers its errors in JSON. */
export const ACCEPT: Readonly<Record<ResponseFormat, string>> = {
  json: MEDIA_TYPES.json,
  xml: MEDIA_TYPES.xml,
  pdf: `${MEDIA_TYPES.pdf}, ${MEDIA_TYPES.json}`,
};

/**
 * What a request for `op` with a body in `bodyFormat` asks for: the operation's response format,
 * but XML for an XML body where JSON is the default — cards, tokens and ACH answer in JSON by
 * default and in XML to an XML conversation. Commands, request documents and the client agree.
 */
export function acceptFor(op: Pick<Operation, 'responseFormat' | 'acceptedBodyFormats'>, bodyFormat: BodyFormat): string {
  const xmlConversation = op.responseFormat === 'json' && bodyFormat === 'xml' && op.acceptedBodyFormats.includes('xml');
  return ACCEPT[xmlConversation ? 'xml' : op.responseFormat];
}
