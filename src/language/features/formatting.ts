// Formatting of request bodies: JSON and XML pretty-printed with the client's indentation.
// JSON goes through jsonc-parser's formatter, which changes only the whitespace between tokens,
// so every value stays exactly as written ("25.00" and 25.00 alike, `{{variables}}` quoted or
// not: it reads the masked text, whose offsets are the written text's); a body that does not
// parse is left alone, as is XML with a `{{…}}` in a tag name.

import type { Range, TextEdit } from 'vscode-languageserver-types';
import { applyEdits, format } from 'jsonc-parser';
import { prettyXml } from '../../core/codecs/codecs';
import type { AnalyzedDocument } from '../documents/analyzedDocument';
import { movedRange } from '../documents/movedParse';
import { maskJsonTemplates } from '../../core/requestLint/body/jsonFieldLocations';

export interface FormattingOptions {
  tabSize: number;
  insertSpaces: boolean;
}

function unit(options: FormattingOptions): string {
  const size = Number.isInteger(options.tabSize) && options.tabSize > 0 && options.tabSize <= 16 ? options.tabSize : 2;
  return options.insertSpaces === false ? '\t' : ' '.repeat(size);
}

/** The JSON body re-indented; edits computed on the masked text apply to the written one (same offsets). */
function formattedJson(text: string, options: FormattingOptions): string {
  const edits = format(maskJsonTemplates(text), undefined, { tabSize: options.tabSize, insertSpaces: options.insertSpaces !== false, eol: '\n' });
  // The caller puts the document's own line ends back; a body as written may carry CRLF already.
  return applyEdits(text, edits).replace(/\r\n?/g, '\n').trim();
}

function reindentXml(pretty: string, step: string): string {
  if (step === '  ') return pretty;
  return pretty.split('\n').map((line) => {
    const lead = line.length - line.trimStart().length;
    return step.repeat(Math.floor(lead / 2)) + ' '.repeat(lead % 2) + line.trimStart();
  }).join('\n');
}

function formattedBody(doc: AnalyzedDocument, index: number, step: string, options: FormattingOptions): string | undefined {
  const body = doc.bodyOf(index);
  if (!body || body.syntaxError) return undefined;
  if (body.format === 'json') {
    if (!body.json || (body.json.kind !== 'object' && body.json.kind !== 'array')) return undefined;
    return formattedJson(body.text, { tabSize: step === '\t' ? options.tabSize : step.length, insertSpaces: step !== '\t' });
  }
  if (body.templateInTagName) return undefined;
  const pretty = prettyXml(body.text);
  return pretty === body.text ? undefined : reindentXml(pretty, step);
}

const overlaps = (a: Range, b: Range): boolean =>
  !(a.end.line < b.start.line || (a.end.line === b.start.line && a.end.character < b.start.character) ||
    b.end.line < a.start.line || (b.end.line === a.start.line && b.end.character < a.start.character));

/** The edit that formats request `index`'s body, if it is not formatted yet. */
function bodyEdit(doc: AnalyzedDocument, index: number, step: string, options: FormattingOptions, eol: string): TextEdit | undefined {
  const body = doc.request(index)?.body;
  if (!body) return undefined;
  const printed = formattedBody(doc, index, step, options);
  const formatted = eol === '\n' ? printed : printed?.replace(/\n/g, eol);
  if (formatted === undefined || formatted === doc.text.slice(body.startOffset, body.endOffset)) return undefined;
  return { range: { start: doc.positionAt(body.startOffset), end: doc.positionAt(body.endOffset) }, newText: formatted };
}

const movedEdit = (edit: TextEdit | undefined, lines: number): TextEdit | undefined => edit && {
  range: movedRange(edit.range, lines),
  newText: edit.newText,
};

/**
 * Edits for every body (or every body that touches `range`). A body's edit depends on its own
 * block alone (and the options), so an open file's are kept block by block
 * (AnalyzedDocument.perRequest): Format Document after an edit formats only the edited block again.
 */
export function formatBodies(doc: AnalyzedDocument, options: FormattingOptions, range?: Range): TextEdit[] {
  const step = unit(options);
  // Bodies are printed with \n; a CRLF (or CR) file gets its own line ends back, so an already
  // formatted body compares equal and yields no edit (else every body was "changed").
  const eol = /\r\n?|\n/.exec(doc.text)?.[0] ?? '\n';
  const edits = doc.perRequest<TextEdit | undefined>({
    slot: 'formatting',
    variant: JSON.stringify([step, options.tabSize, eol]),
    of: (from, index) => bodyEdit(from, index, step, options, eol),
    moved: movedEdit,
  });
  // An edit spans its body exactly, so the bodies that touch `range` are the edits that do.
  return edits.filter((edit): edit is TextEdit => edit !== undefined && (!range || overlaps(edit.range, range)));
}
