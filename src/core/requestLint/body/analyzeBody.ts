// A request body, read once per document version: its format, its first syntax error (from
// the codecs, as a document position) and its field tree with offsets.

import { parseJson, parseXml } from '../../codecs/codecs';
import type { ParsedRequest, Position } from '../../requestFile';
import { maskJsonTemplates, readJsonLocations, type JsonNode } from './jsonFieldLocations';
import { readXmlLocations, type XmlElement } from './xmlElementLocations';
import { fieldTreeOfJson, fieldTreeOfXml, type FieldNode } from './fieldTree';

export interface AnalyzedBody {
  format: 'json' | 'xml';
  /** The body as written (raw document slice) and its offset. */
  text: string;
  startOffset: number;
  /** Document line (0-based) of the body's first line. */
  firstLine: number;
  syntaxError?: { message: string; position: Position };
  json?: JsonNode;
  xmlRoots: XmlElement[];
  /** JSON root object, or the XML root element. */
  root?: FieldNode;
  /** A `{{…}}` inside an XML tag name: such a body is not formatted. */
  templateInTagName: boolean;
}

/** `firstLine`: the document line the body starts on (codec errors are 1-based, body-relative). */
function analyzeBody(text: string, startOffset: number, firstLine: number): AnalyzedBody {
  const format = text.trimStart().startsWith('<') ? 'xml' : 'json';
  const body: AnalyzedBody = { format, text, startOffset, firstLine, xmlRoots: [], templateInTagName: false };
  // The codecs count lines by \n only; a lone \r (old Mac line ends) becomes \n, same length,
  // so their line and column still point into this text.
  const lines = text.replace(/\r(?!\n)/g, '\n');
  const result = format === 'json' ? parseJson(maskJsonTemplates(lines)) : parseXml(lines);
  if (!result.ok) {
    // Some validator errors come without a line or column: point at the body's start then.
    const line = Number.isFinite(result.error.line) ? result.error.line : 1;
    const column = Number.isFinite(result.error.column) ? result.error.column : 1;
    body.syntaxError = { message: result.error.message, position: { line: firstLine + Math.max(0, line - 1), character: Math.max(0, column - 1) } };
  }
  if (format === 'json') {
    const json = readJsonLocations(text, startOffset);
    if (json) {
      body.json = json;
      if (json.kind === 'object') body.root = fieldTreeOfJson(json, text, startOffset);
    }
  } else {
    body.xmlRoots = readXmlLocations(text, startOffset);
    body.templateInTagName = /<\/?[^>\s]*\{\{/.test(text);
    if (body.xmlRoots[0]) body.root = fieldTreeOfXml(body.xmlRoots[0]);
  }
  return body;
}

/**
 * Request `index`'s body, analysed at most once and kept in `kept` (a document version's bodies);
 * none without a body, or for a body file (`< ./sale.json`: read when sent, its one line here is
 * a path). `textOf` gives the document's text between two of its offsets.
 */
export function keptBodyOf(kept: Map<number, AnalyzedBody>, index: number, request: ParsedRequest | undefined, textOf: (start: number, end: number) => string): AnalyzedBody | undefined {
  if (!request?.body || request.body.file) return undefined;
  let found = kept.get(index);
  if (found === undefined) {
    const { startOffset, endOffset, firstLine } = request.body;
    found = analyzeBody(textOf(startOffset, endOffset), startOffset, firstLine);
    kept.set(index, found);
  }
  return found;
}
