// The language server's diagnostics of one open file, kept up to date edit by edit at a cost
// proportional to the edit, not to the file (issue 13 §2: a one-line edit re-analysed all
// 20,000 lines). A request file is a list of `###` blocks that the parser reads one at a time,
// so each block is analysed alone (diagnostics relative to its first line) and the analysis is
// reused for as long as the block's text is the same — wherever the block has moved to. The
// only checks that need the rest of the file are the variable checks (is `{{x}}` defined, is
// `sale1` a named request): those are redone for a block only when the file's names change.
// test/language/incremental.test.ts holds it to "the same diagnostics as a full analysis".

import type { Diagnostic } from 'vscode-languageserver-types';
import type { VariableRef } from '../core/requestFile';
import { AnalyzedDocument } from './analyzedDocument';
import { blockLocalDiagnostics } from './diagnostics';
import { referenceDiagnostics, type DefinedNames } from './diagnostics/variableChecks';
import { movedSyntaxMessage } from './diagnostics/bodyChecks';
import type { DocumentTarget } from './documentTarget';

interface BlockAnalysis {
  lineCount: number;
  /** Everything but the variable checks, relative to the block's first line. */
  local: Diagnostic[];
  /** The block's request (a block holds at most one), for the file's named requests. */
  hasRequest: boolean;
  requestName?: string;
  requestRefs: readonly VariableRef[];
  variableNames: readonly string[];
  variableRefs: readonly VariableRef[];
  /** The variable checks, for the names (generation) and ownership they were made with. */
  references?: { generation: number; firstOfName: boolean; diagnostics: Diagnostic[] };
}

/** Offsets where `###` blocks begin: 0, then every line that starts with `###` (line breaks as LSP counts them). */
export function blockStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('###', 1); at >= 0; at = text.indexOf('###', at + 3)) {
    const before = text.charCodeAt(at - 1);
    if (before === 10 || before === 13) starts.push(at);
  }
  return starts;
}

/** End of the block that runs up to `nextStart`: before the line break that precedes it. */
function blockEnd(text: string, nextStart: number): number {
  if (text.charCodeAt(nextStart - 1) === 13) return nextStart - 1;
  return text.charCodeAt(nextStart - 2) === 13 ? nextStart - 2 : nextStart - 1;
}

function analyseBlock(text: string, target: DocumentTarget | undefined): BlockAnalysis {
  const doc = new AnalyzedDocument(text);
  const request = doc.requests[0];
  return {
    lineCount: doc.lineCount,
    local: blockLocalDiagnostics(doc, target),
    hasRequest: request !== undefined,
    requestName: request?.name,
    requestRefs: request?.variableRefs ?? [],
    variableNames: doc.file.variables.map((v) => v.name),
    variableRefs: doc.file.variables.flatMap((v) => v.variableRefs),
  };
}

function shifted(d: Diagnostic, lines: number): Diagnostic {
  if (lines === 0) return d;
  const { start, end } = d.range;
  return {
    ...d,
    range: { start: { line: start.line + lines, character: start.character }, end: { line: end.line + lines, character: end.character } },
    message: movedSyntaxMessage(d, lines),
  };
}

/** Only production changes what a block says about where the file goes. */
const targetKey = (target: DocumentTarget | undefined) => (target?.production ? `production:${target.name}` : '');

export class FileDiagnostics {
  private blocks = new Map<string, BlockAnalysis>();
  private target = '';
  private names = '';
  private generation = 0;
  private last?: { text: string; target: string; diagnostics: Diagnostic[] };

  /** The diagnostics of `text`, reusing what earlier calls found in blocks that did not change. */
  update(text: string, target?: DocumentTarget): Diagnostic[] {
    const key = targetKey(target);
    if (this.last && this.last.text === text && this.last.target === key) return this.last.diagnostics;
    const diagnostics = this.analyse(text, target, key);
    this.last = { text, target: key, diagnostics };
    return diagnostics;
  }

  private analyse(text: string, target: DocumentTarget | undefined, key: string): Diagnostic[] {
    if (key !== this.target) {
      this.blocks.clear();
      this.target = key;
    }
    const starts = blockStarts(text);
    const current = new Map<string, BlockAnalysis>();
    const blocks: BlockAnalysis[] = [];
    for (let i = 0; i < starts.length; i++) {
      const slice = i + 1 < starts.length ? text.slice(starts[i], blockEnd(text, starts[i + 1])) : text.slice(starts[i]);
      let block = current.get(slice) ?? this.blocks.get(slice);
      if (!block) block = analyseBlock(slice, target);
      current.set(slice, block);
      blocks.push(block);
    }
    // Only the current blocks are kept: the cache never outgrows the file.
    this.blocks = current;

    const defined = this.definedNames(blocks);
    const out: Diagnostic[] = [];
    let line = 0;
    let request = 0;
    for (const block of blocks) {
      for (const d of block.local) out.push(shifted(d, line));
      const own = block.hasRequest ? request++ : undefined;
      const firstOfName = own !== undefined && block.requestName !== undefined && defined.named.get(block.requestName) === own;
      let refs = block.references;
      if (!refs || refs.generation !== this.generation || refs.firstOfName !== firstOfName) {
        // The checks need `own` only to tell "the first request of its own name" from others.
        const diagnostics = [...referenceDiagnostics(block.requestRefs, own, defined), ...referenceDiagnostics(block.variableRefs, undefined, defined)];
        refs = { generation: this.generation, firstOfName, diagnostics };
        block.references = refs;
      }
      for (const d of refs.diagnostics) out.push(shifted(d, line));
      line += block.lineCount;
    }
    return out;
  }

  /** The file's variables and named requests; a new generation when they change. */
  private definedNames(blocks: readonly BlockAnalysis[]): DefinedNames {
    const variables = new Set<string>();
    const named = new Map<string, number>();
    const written: string[] = [];
    let request = 0;
    for (const block of blocks) {
      for (const name of block.variableNames) {
        variables.add(name);
        written.push(name);
      }
      if (block.hasRequest) {
        if (block.requestName !== undefined && !named.has(block.requestName)) named.set(block.requestName, request);
        request++;
      }
    }
    // Which names exist, and the named requests in order (the messages list the first few).
    const names = `${written.join(' ')}\n${[...named.keys()].join(' ')}`;
    if (names !== this.names) {
      this.names = names;
      this.generation++;
    }
    return { variables, named };
  }
}
