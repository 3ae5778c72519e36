// The language server's diagnostics of one open file, kept up to date edit by edit at a cost
// proportional to the edit, not to the file (issue 13 §2: a one-line edit re-analysed all
// 20,000 lines). A request file is a list of `###` blocks that the parser reads one at a time,
// so each block is analysed alone (diagnostics relative to its first line: blockAnalysis.ts) and
// the analysis is reused for as long as the block's text is the same — wherever the block has
// moved to. The only checks that need the rest of the file are the variable checks (is `{{x}}`
// defined, is `sale1` a named request): those are redone for a block only when the file's names
// change. test/language/incremental.test.ts holds it to "the same diagnostics as a full analysis".
// The text comes whole (a string: the blocks that changed are found by comparing), or as an open
// file's text with what its edits left unchanged (editedText.ts: only the changed part is read).
// What depends on the disk, not the text (can a body file be read, what is in it), is not kept
// here: the blocks' body files are listed, with the requests that send them, for the caller to
// check each time it publishes (bodyFiles.ts, bodyFileContent.ts).

import type { Diagnostic } from 'vscode-languageserver-types';
import type { BodyFileRef, VariableDef } from '../../core/requestFile';
import { movedParse, movedRange } from './movedParse';
import { AnalyzedDocument } from './analyzedDocument';
import { lastAtOrBefore } from './documentLayout';
import { LaidOutBlocks } from './laidOutBlocks';
import { analyseBlock, blockEnd, blockStartsIn, isSeparatorAt, namesOf, placedAt, shifted, type BlockAnalysis } from './blockAnalysis';
import { referenceDiagnostics, type DefinedNames } from '../diagnostics/variableChecks';
import type { DocumentTarget } from './documentTarget';
import type { PlacedBodyFile } from '../bodyFiles/bodyFileContent';
import { filledBodyFileRef } from '../bodyFiles/bodyFiles';
import type { EditedText } from './editedText';

export { blockStarts } from './blockAnalysis';

/**
 * Whether a block puts anything into what is published: diagnostics, or a body file (checked on
 * disk). A block in two places is looked at every time: its variable checks depend on the place.
 */
const putsOut = (block: BlockAnalysis) => block.shared || block.local.length > 0 || (block.references?.diagnostics.length ?? 0) > 0 || block.bodyFile !== undefined;

/** A text to analyse: whole, or an open file's, edited in place. */
type Source = string | EditedText;

/** Only production changes what a block says about where the file goes. */
const targetKey = (target: DocumentTarget | undefined) => (target?.production ? `production:${target.name}` : '');

export class FileDiagnostics {
  /** The text last analysed: given whole (`text`), or an edited text at its `edits`-th edit. */
  private text: string | undefined = '';
  private source?: EditedText;
  private edits = 0;
  private length = 0;
  /** Its blocks: where each starts, its analysis, its first line and the index its request has (or would have). */
  private starts: number[] = [];
  private blocks: BlockAnalysis[] = [];
  private lines: number[] = [];
  private requests: number[] = [];
  private lineCount = 0;
  private requestCount = 0;
  private target = '';
  private names: string[] = [];
  private generation = 0;
  /** The file's names, while no block placed again has changed them. */
  private defined?: DefinedNames;
  /** While the names are kept: the blocks (ascending) that put diagnostics or a body file into what is published. */
  private noisy: number[] = [];
  private last?: { text: Source; edits: number; target: string; diagnostics: Diagnostic[]; bodyFiles: PlacedBodyFile[] };

  /** The diagnostics of `text`, reusing what earlier calls found in blocks that did not change. */
  update(text: Source, target?: DocumentTarget): Diagnostic[] {
    const key = targetKey(target);
    const edits = typeof text === 'string' ? 0 : text.editCount;
    if (this.last && this.last.text === text && this.last.edits === edits && this.last.target === key) return this.last.diagnostics;
    this.sync(text, target);
    const bodyFiles: PlacedBodyFile[] = [];
    const diagnostics = this.collect(bodyFiles);
    this.last = { text, edits, target: key, diagnostics, bodyFiles };
    return diagnostics;
  }

  /**
   * The body files of `text`'s requests, where they stand in it: whether each can be read depends
   * on the disk, so the caller asks that each time it publishes, never keeping the answer.
   */
  bodyFiles(text: Source, target?: DocumentTarget): readonly BodyFileRef[] {
    return this.bodyFileRequests(text, target).map((placed) => placed.file);
  }

  /** The same body files, each with the request that sends it (whose body the file's content is checked as). */
  bodyFileRequests(text: Source, target?: DocumentTarget): readonly PlacedBodyFile[] {
    this.update(text, target);
    return (this.last as { bodyFiles: PlacedBodyFile[] }).bodyFiles;
  }

  /** Whether the text last analysed has body files (whose readability the disk, not the text, decides). */
  hasBodyFiles(): boolean {
    return (this.last?.bodyFiles.length ?? 0) > 0;
  }

  /** The blocks of `text` for `target`, placed unless they are already. */
  private sync(text: Source, target: DocumentTarget | undefined): void {
    const key = targetKey(target);
    if (key !== this.target) {
      this.text = '';
      this.source = undefined;
      this.length = 0;
      this.starts = [];
      this.blocks = [];
      this.lines = [];
      this.requests = [];
      this.lineCount = 0;
      this.requestCount = 0;
      this.target = key;
      this.defined = undefined;
    } else if (typeof text === 'string' ? text === this.text && (text === '' || this.blocks.length > 0) : text === this.source && text.editCount === this.edits) {
      return;
    }
    if (typeof text === 'string') {
      this.placeText(text, target);
    } else {
      this.placeEdited(text, target);
    }
  }

  /**
   * The blocks of `text`. An edit leaves the blocks before it where they were and the blocks after
   * it moved by the change in length: those are found by comparing each one's text in place (no
   * hashing, no copying), and only the blocks in between are looked at again.
   */
  private placeText(text: string, target: DocumentTarget | undefined): void {
    const { text: old, starts, blocks } = this;
    const n = blocks.length;
    this.text = text;
    this.source = undefined;
    // A text that follows an edited one: every block looked at again (and reused where its text is the same).
    if (old === undefined) return this.replace(0, n, text, 0, text.length, target);
    const spanEnd = (i: number) => (i + 1 < n ? starts[i + 1] : old.length);
    // Before the edit: same text at the same offset, still followed by a `###` line.
    let p = 0;
    // (Slices compared with ===, not startsWith at an offset. PERF(bench/lsp.ts))
    while (p + 1 < n && text.slice(starts[p], spanEnd(p)) === old.slice(starts[p], spanEnd(p)) && isSeparatorAt(text, starts[p + 1])) p++;
    const middleStart = p < n ? starts[p] : 0;
    // After the edit: same text, moved by `delta`, at the start of a line, not overlapping the blocks before.
    const delta = text.length - old.length;
    let q = n;
    while (q - 1 > p) {
      const at = starts[q - 1] + delta;
      const before = text.charCodeAt(at - 1);
      if (at < middleStart || (before !== 10 && before !== 13) || text.slice(at, spanEnd(q - 1) + delta) !== old.slice(starts[q - 1], spanEnd(q - 1))) break;
      q--;
    }
    const middleEnd = q < n ? starts[q] + delta : text.length;
    this.replace(p, q, text.slice(middleStart, middleEnd), middleStart, text.length, target);
  }

  /**
   * The blocks of an edited text, from what its edits left unchanged since it was last analysed:
   * the blocks in the unchanged head (all but the last one there, whose `###` line might have been
   * the edit's) and the unchanged tail stay, and only the text in between is read and looked at.
   */
  private placeEdited(text: EditedText, target: DocumentTarget | undefined): void {
    const { starts } = this;
    const n = starts.length;
    const kept = text === this.source ? text.unchangedSince(this.edits) : undefined;
    let p = 0;
    let q = n;
    if (kept && n > 0) {
      p = Math.max(0, lastAtOrBefore(starts, kept.head - 1, (s) => s) - 1);
      // The first block whose line break before it is in the unchanged tail.
      q = Math.min(n, Math.max(p + 1, lastAtOrBefore(starts, this.length - kept.tail, (s) => s) + 1));
    }
    const delta = text.length - this.length;
    const middleStart = p < n ? starts[p] : 0;
    const middleEnd = q < n ? starts[q] + delta : text.length;
    this.replace(p, q, text.slice(middleStart, middleEnd), middleStart, text.length, target);
    this.text = undefined;
    this.source = text;
    this.edits = text.editCount;
  }

  /**
   * Blocks [p, q) replaced by the blocks of `region` (the new text from `regionStart`, up to the
   * next kept block or the end of a text `length` long), each reusing an old one of the same text
   * (an undo, a paste); the blocks after them moved by the change in length. The lists are changed
   * in place: an edit in a 50,000-line file moves numbers, and touches no other block.
   */
  private replace(p: number, q: number, region: string, regionStart: number, length: number, target: DocumentTarget | undefined): void {
    const { starts, blocks, lines, requests } = this;
    const n = blocks.length;
    const replaced = new Map<string, BlockAnalysis>();
    for (let i = p; i < q; i++) replaced.set(blocks[i].text, blocks[i]);
    const regionStarts = blockStartsIn(region, 0, region.length);
    const reused = new Set<BlockAnalysis>();
    const middle = regionStarts.map((from, i) => {
      const to = i + 1 < regionStarts.length ? blockEnd(region, regionStarts[i + 1]) : q < n ? blockEnd(region, region.length) : region.length;
      const slice = region.slice(from, to);
      const found = replaced.get(slice);
      if (!found) return analyseBlock(slice, target);
      // One analysis in two places: its variable checks depend on the place.
      if (reused.has(found)) found.shared = true;
      reused.add(found);
      return found;
    });
    // Whether the file's names (and so every block's variable checks) may have changed.
    const names = (list: readonly BlockAnalysis[]) => list.map(namesOf).join('\n');
    if (this.defined && names(blocks.slice(p, q)) !== names(middle)) this.defined = undefined;
    // Where the middle's blocks stand, and how far it moves the blocks after it.
    const line = p < n ? lines[p] : this.lineCount;
    const request = p < n ? requests[p] : this.requestCount;
    const middleLines: number[] = [];
    const middleRequests: number[] = [];
    let l = line;
    let r = request;
    for (const block of middle) {
      middleLines.push(l);
      middleRequests.push(r);
      l += block.lineCount;
      if (block.hasRequest) r++;
    }
    const lineDelta = l - (q < n ? lines[q] : this.lineCount);
    const requestDelta = r - (q < n ? requests[q] : this.requestCount);
    const delta = length - this.length;
    if (middle.length === q - p) {
      // As many blocks as before (a one-line edit): set in place, as a splice copies the lists.
      middle.forEach((block, i) => {
        blocks[p + i] = block;
        starts[p + i] = regionStart + regionStarts[i];
        lines[p + i] = middleLines[i];
        requests[p + i] = middleRequests[i];
      });
    } else {
      blocks.splice(p, q - p, ...middle);
      starts.splice(p, q - p, ...regionStarts.map((from) => regionStart + from));
      lines.splice(p, q - p, ...middleLines);
      requests.splice(p, q - p, ...middleRequests);
    }
    // The blocks after it move: only the numbers that changed (PERF(bench/lsp.ts)).
    const after = p + middle.length;
    if (delta !== 0) for (let i = after; i < starts.length; i++) starts[i] += delta;
    if (lineDelta !== 0) for (let i = after; i < lines.length; i++) lines[i] += lineDelta;
    if (requestDelta !== 0) for (let i = after; i < requests.length; i++) requests[i] += requestDelta;
    this.lineCount += lineDelta;
    this.requestCount += requestDelta;
    this.length = length;
    if (this.defined) this.renoise(p, q, middle);
  }

  /**
   * The names kept, blocks [p, q) replaced by `middle`: the middle's variable checks made (with
   * the names unchanged, no other block's can change), and the list of blocks that put something
   * out moved with the blocks after it.
   */
  private renoise(p: number, q: number, middle: readonly BlockAnalysis[]): void {
    const defined = this.defined as DefinedNames;
    const added: number[] = [];
    middle.forEach((block, i) => {
      this.checkReferences(block, p + i, defined);
      if (putsOut(block)) added.push(p + i);
    });
    const shift = middle.length - (q - p);
    const from = lastAtOrBefore(this.noisy, p - 1, (b) => b) + 1;
    let to = from;
    while (to < this.noisy.length && this.noisy[to] < q) to++;
    const moved = this.noisy.slice(to).map((b) => b + shift);
    this.noisy.length = from;
    for (const b of added) this.noisy.push(b);
    for (const b of moved) this.noisy.push(b);
  }

  /** The variable checks of the block at `index`, made again unless they were made with the same names and ownership. */
  private checkReferences(block: BlockAnalysis, index: number, defined: DefinedNames): void {
    const own = block.hasRequest ? this.requests[index] : undefined;
    const firstOfName = own !== undefined && block.requestName !== undefined && defined.named.get(block.requestName) === own;
    const refs = block.references;
    if (!refs || refs.generation !== this.generation || refs.firstOfName !== firstOfName) {
      // The checks need `own` only to tell "the first request of its own name" from others.
      const diagnostics = [...referenceDiagnostics(block.requestRefs, own, defined), ...referenceDiagnostics(block.variableRefs, undefined, defined)];
      block.references = { generation: this.generation, firstOfName, diagnostics };
    }
  }

  /**
   * The analyzed document of `text` for the other features (completion, hover…): its blocks laid
   * out, each block's parse moved into place when a feature reads it (laidOutBlocks.ts). Its
   * diagnostics are not collected here: completion right after an edit does not wait for them.
   */
  document(text: Source, uri: string, version: number, target?: DocumentTarget): AnalyzedDocument {
    this.sync(text, target);
    if (this.blocks.length === 0) return new AnalyzedDocument(typeof text === 'string' ? text : text.getText(), uri, version);
    // Copies: the next edit changes the lists in place, and this version's document keeps its own.
    const blocks = this.blocks.slice();
    const starts = this.starts.slice();
    const firstLines: number[] = [];
    const requestBlocks: number[] = [];
    // A block pasted twice is one analysis in two places: the second place gets a copy of its own.
    const seen = new Set<BlockAnalysis>();
    const copy: boolean[] = [];
    let line = 0;
    blocks.forEach((block, i) => {
      firstLines.push(line);
      if (block.hasRequest) requestBlocks.push(i);
      copy.push(seen.has(block));
      seen.add(block);
      line += block.lineCount;
    });
    const whole = typeof text === 'string' ? () => text : text.snapshot();
    return new AnalyzedDocument(new LaidOutBlocks(whole, {
      blocks,
      offsets: starts,
      firstLines,
      requestBlocks,
      lineCount: line,
      length: this.length,
      place: (i, at) => (copy[i] ? movedParse(blocks[i].parse.file, at, starts[i]) : placedAt(blocks[i], at, starts[i])),
    }), uri, version);
  }

  /**
   * The diagnostics of the blocks as they stand; their body files, placed, into `bodyFiles`. When
   * the names changed, every block's variable checks are looked at again; else only the blocks
   * that put something out are visited, so an edit that leaves the names alone costs what the
   * file's diagnostics are, not what its blocks are.
   */
  private collect(bodyFiles: PlacedBodyFile[]): Diagnostic[] {
    const { blocks, lines, requests } = this;
    if (!this.defined) {
      const defined = this.definedNames(blocks);
      this.defined = defined;
      this.noisy = [];
      blocks.forEach((block, i) => {
        this.checkReferences(block, i, defined);
        if (putsOut(block)) this.noisy.push(i);
      });
    }
    const defined = this.defined;
    const out: Diagnostic[] = [];
    // The file's variables, for a body file's path that uses them (rare: gathered only then).
    let fileVariables: VariableDef[] | undefined;
    const variables = () => (fileVariables ??= blocks.flatMap((block) => block.parse.file.variables));
    for (const i of this.noisy) {
      const block = blocks[i];
      const line = lines[i];
      // A block in two places has each place's variable checks.
      if (block.shared) this.checkReferences(block, i, defined);
      const refs = block.references as NonNullable<BlockAnalysis['references']>;
      if (block.local.length > 0 || refs.diagnostics.length > 0) {
        // Moved to the block's line once, while it stays there.
        let shown = block.shown;
        if (!shown || shown.line !== line || shown.references !== refs) {
          shown = { line, references: refs, diagnostics: [...block.local, ...refs.diagnostics].map((d) => shifted(d, line)) };
          block.shown = shown;
        }
        for (const d of shown.diagnostics) out.push(d);
      }
      const bodyFile = block.bodyFile && filledBodyFileRef(block.bodyFile, variables);
      if (bodyFile !== undefined && block.bodyFileRequest !== undefined) {
        const placed: PlacedBodyFile = { file: line === 0 ? bodyFile : { ...bodyFile, pathRange: movedRange(bodyFile.pathRange, line) }, sentBy: block.bodyFileRequest };
        if (bodyFile.fillVariables && block.hasRequest) placed.references = { defined, request: requests[i] };
        bodyFiles.push(placed);
      }
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
    const names = [...written, '', ...named.keys()];
    if (names.length !== this.names.length || names.some((name, i) => name !== this.names[i])) {
      this.names = names;
      this.generation++;
    }
    return { variables, named };
  }
}
