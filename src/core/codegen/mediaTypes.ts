// The media types the interface names, and how a generated program picks its body format:
// what the request's Content-Type says, else what the body looks like, else the catalog's
// preference for the operation. The same choices the core's request builder makes.

import type { BodyFormat, Operation, ResponseFormat } from '../../catalog';

export const CONTENT_TYPE: Readonly<Record<Exclude<BodyFormat, 'none'>, string>> = {
  json: 'application/json',
  xml: 'application/xml',
};

export const ACCEPT_HEADER: Readonly<Record<ResponseFormat, string>> = {
  json: 'application/json',
  xml: 'application/xml',
  pdf: 'application/pdf, application/json',
};

export function bodyFormatOf(text: string, contentType: string | undefined, operation: Operation | undefined): Exclude<BodyFormat, 'none'> {
  if (contentType && /xml/i.test(contentType)) return 'xml';
  if (contentType && /json/i.test(contentType)) return 'json';
  if (text.trimStart().startsWith('<')) return 'xml';
  if (/^[{[]/.test(text.trimStart())) return 'json';
  return operation?.bodyFormat === 'xml' ? 'xml' : 'json';
}
