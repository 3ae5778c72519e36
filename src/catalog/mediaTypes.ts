// The media types the interface names, once: what a request's Content-Type says for each body
// format, and what its Accept header asks for each response format. The request builder, the
// request documents the extension opens and the code generator all send these.
import type { BodyFormat, ResponseFormat } from './types';

/** Content-Type of a request body in each format. */
export const CONTENT_TYPE: Readonly<Record<Exclude<BodyFormat, 'none'>, string>> = {
  json: 'application/json',
  xml: 'application/xml',
};

/** Accept header for each response format; a PDF operation answers its errors in JSON. */
export const ACCEPT: Readonly<Record<ResponseFormat, string>> = {
  json: 'application/json',
  xml: 'application/xml',
  pdf: 'application/pdf, application/json',
};
