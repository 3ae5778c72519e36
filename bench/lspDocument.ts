// The benchmark's request file: a realistic 5,000-line `.gwreq` built from the catalog —
// every operation in turn, named and chained (`{{rN.payload.transaction.id}}`), with
// assertions, headers, file variables and the operations' own JSON and XML sample bodies —
// plus the positions a user would ask completion at, by kind.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { operations, type FieldSpec, type Operation } from '../src/catalog';

export type CompletionKind = 'path' | 'header' | 'body field' | 'value' | 'variable';

export interface Spot {
  kind: CompletionKind;
  line: number;
  character: number;
}

export interface BenchDocument {
  text: string;
  lineCount: number;
  requestCount: number;
  spots: Spot[];
  /** A line whose edit keeps the file valid: a body's `"amount": "25.00"` line, the one nearest the middle of the file. */
  editLine: { line: number; text: string };
}

const HEADER_LINES = ['@amount = 25.00', '@card = 4111111111111111', '@routing = 081009813', '# Benchmark file: every operation, named and chained.', ''];

/** Path parameters filled with a chained reference to the previous request, like real files do. */
function target(op: Operation, previous: string | undefined): string {
  const base = op.host === 'gateway' ? '{{gatewayUrl}}' : '{{boardingUrl}}';
  const path = op.path.replace(/\{[^}]+\}/g, () => (previous ? `{{${previous}.payload.transaction.id}}` : '100001'));
  return base + path;
}

function body(op: Operation, previous: string | undefined): string[] {
  if (!op.sample) return [];
  const chained = previous ? `{{${previous}.payload.transaction.id}}` : '100001';
  return op.sample
    .replace(/\{\{(transactionId|achTransactionId)\}\}/g, chained)
    .replace(/"amount": "[\d.]+"/, '"amount": "{{amount}}"')
    .split('\n');
}

/** Fields whose values completion offers (issue 4 §2): enums, the sandbox's test cards and decline amounts. */
function offeredValueFields(fields: readonly FieldSpec[], into = new Set<string>()): Set<string> {
  for (const f of fields) {
    if (f.values || f.check === 'luhn' || f.name === 'amount') into.add(f.name);
    if (f.fields) offeredValueFields(f.fields, into);
  }
  return into;
}

/** Completion spots on one body line: a JSON key or XML element, a value (where one is offered), a variable. */
function bodySpots(line: string, lineNo: number, valued: Set<string>): Spot[] {
  const spots: Spot[] = [];
  const json = /^(\s*)"([\w-]+)": (")?/.exec(line);
  const xml = /^(\s*)<([\w-]+)>(?=[^<\s])/.exec(line);
  if (json) spots.push({ kind: 'body field', line: lineNo, character: json[1].length + 1 });
  if (json?.[3] && valued.has(json[2])) spots.push({ kind: 'value', line: lineNo, character: json[0].length });
  if (xml) {
    spots.push({ kind: 'body field', line: lineNo, character: xml[1].length + 1 });
    if (valued.has(xml[2])) spots.push({ kind: 'value', line: lineNo, character: xml[0].length });
  }
  const ref = line.indexOf('{{');
  if (ref >= 0) spots.push({ kind: 'variable', line: lineNo, character: ref + 2 });
  return spots;
}

export function benchDocument(targetLines = 5000): BenchDocument {
  const lines = [...HEADER_LINES];
  const spots: Spot[] = [];
  let editLine: BenchDocument['editLine'] | undefined;
  let previous: string | undefined;
  let n = 0;
  let requests = 0;
  while (lines.length < targetLines) {
    const op = operations[n % operations.length];
    const name = `r${++n}`;
    const block = [`### ${op.title} (${n})`, `# @name ${name}`, '# @expect status 200'];
    if (op.payloadType === 'transaction') block.push('# @expect payload.transaction.result == APPROVED');
    const requestLine = `${op.method} ${target(op, previous)}`;
    block.push(requestLine);
    if (op.bodyFormat !== 'none') block.push(`Content-Type: application/${op.bodyFormat}`);
    block.push(`Accept: application/${op.responseFormat}`);
    const bodyLines = body(op, previous);
    if (bodyLines.length > 0) block.push('', ...bodyLines);
    block.push('');
    if (lines.length + block.length > targetLines) break;
    const first = lines.length;
    const methodLine = first + block.indexOf(requestLine);
    spots.push({ kind: 'path', line: methodLine, character: requestLine.indexOf('}}/') + 3 });
    spots.push({ kind: 'header', line: methodLine + 1, character: 0 });
    const bodyStart = first + block.length - 1 - bodyLines.length;
    const valued = offeredValueFields(op.fields);
    bodyLines.forEach((text, i) => {
      spots.push(...bodySpots(text, bodyStart + i, valued));
      const middle = targetLines / 2;
      if (text.includes('"amount": "{{amount}}"') && (!editLine || Math.abs(bodyStart + i - middle) < Math.abs(editLine.line - middle))) editLine = { line: bodyStart + i, text };
    });
    lines.push(...block);
    previous = name;
    requests++;
  }
  // Filler in a block of its own: comment lines after a body would be read as part of it.
  if (lines.length < targetLines) lines.push('### end of the benchmark file');
  while (lines.length < targetLines) lines.push('# padding');
  if (!editLine) throw new Error('benchDocument: no body line with an amount to edit; the catalog samples changed');
  return { text: lines.join('\n'), lineCount: lines.length, requestCount: requests, spots, editLine };
}

/**
 * The repository's examples (examples/*.gwreq: every operation, as users write them, comments
 * and all) repeated to at least `minLines` lines: the file issue 11 measured from Neovim, where
 * diagnostics after an edit took 34–68 ms. The edit changes one `"amount"` value.
 */
export function examplesDocument(examplesDir: string, minLines: number): { text: string; lineCount: number; editLine: { line: number; text: string } } {
  const once = fs.readdirSync(examplesDir).filter((f) => f.endsWith('.gwreq')).sort()
    .map((f) => fs.readFileSync(path.join(examplesDir, f), 'utf8').replace(/\r\n?/g, '\n').trimEnd()).join('\n\n');
  const onceLines = once.split('\n').length;
  const text = Array.from({ length: Math.ceil(minLines / onceLines) }, () => once).join('\n\n') + '\n';
  const lines = text.split('\n');
  const middle = Math.floor(lines.length / 2);
  const found = lines.findIndex((l, i) => i >= middle && /"amount": "\d+\.\d\d"/.test(l));
  if (found < 0) throw new Error('the examples have no JSON "amount" line to edit');
  return { text, lineCount: lines.length, editLine: { line: found, text: lines[found]!.replace(/"amount": "[\d.]+"/, '"amount": "{{amount}}"') } };
}
