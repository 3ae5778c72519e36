// The media types of the gateway's body formats (the interface's format conventions), and the
// body format a Content-Type value names, read as the Local sandbox reads it.

export const MEDIA_TYPES = { json: 'application/json', xml: 'application/xml', pdf: 'application/pdf' } as const;

/** `json` or `xml` for a Content-Type naming one (parameters and case ignored), else undefined. */
export function bodyFormatOfMediaType(contentType: string): 'json' | 'xml' | undefined {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  return undefined;
}
