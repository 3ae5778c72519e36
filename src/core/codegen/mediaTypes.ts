// How a generated program picks its body format:
// what the request's Content-Type says, else what the body looks like, else the catalog's
// preference for the operation. The same choices the core's request builder makes.

import type { BodyFormat, Operation } from '../../catalog';

export function bodyFormatOf(text: string, contentType: string | undefined, operation: Operation | undefined): Exclude<BodyFormat, 'none'> {
  if (contentType && /xml/i.test(contentType)) return 'xml';
  if (contentType && /json/i.test(contentType)) return 'json';
  if (text.trimStart().startsWith('<')) return 'xml';
  if (/^[{[]/.test(text.trimStart())) return 'json';
  return operation?.bodyFormat === 'xml' ? 'xml' : 'json';
}
