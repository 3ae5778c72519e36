// What every importer (Postman, Bruno, REST Client / httpYac, HAR, cURL) turns a request of its
// own format into, before the one writer (gwreqWriter.ts) makes request-file text of it. The
// importers only read: nothing in an imported file is ever executed.

/** One thing the import says about a request: carried over, or left behind and why. */
export interface ImportNote {
  kind: 'carried' | 'dropped';
  text: string;
}

interface ImportedHeader {
  name: string;
  value: string;
}

export interface ImportedRequest {
  /** The request's name in its tool (Postman item name, Bruno meta name, `###` title…). */
  title: string;
  method: string;
  /** The URL as the tool wrote it, its variables as `{{name}}`. */
  url: string;
  headers: ImportedHeader[];
  body?: string;
  /** `# @expect` texts (after the `@expect`), translated from the tool's tests and assertions. */
  expectations: string[];
  /** Variables this request's answer sets, for later requests: name → response path (`payload.transaction.id`). */
  sets: Array<{ variable: string; path: string }>;
  /** `# @prompt` variables the source asks for at each send (REST Client). */
  prompts?: string[];
  /** A `# @name` the source already gave (REST Client / httpYac). */
  name?: string;
  notes: ImportNote[];
}

/** What one importer read from one source: its requests, the variables it defines, and notes about the whole. */
export interface ImportedCollection {
  /** The collection's own name, for the output file's name. */
  name: string;
  /** The tool it came from, as a user calls it: "Postman collection v2.1", "Bruno collection"… */
  format: string;
  requests: ImportedRequest[];
  /** Collection / environment / file variables, in order; keys among them are lifted out by the writer. */
  variables: Array<{ name: string; value: string }>;
  notes: ImportNote[];
}

export const carried = (text: string): ImportNote => ({ kind: 'carried', text });
export const dropped = (text: string): ImportNote => ({ kind: 'dropped', text });
