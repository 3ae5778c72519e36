// The parts of a result that come from decoding its body — its text, its tree, whether it
// parses, the envelope's exchange-id and payloadType, and so whether the answer is readable —
// made on first read rather than on arrival. A caller that only shows the text (the result
// editor, which makes it in the result worker) never has its own thread parse the answer; a
// caller that reads `parsed` (an expectation, the tree, chaining, codegen) gets the same tree
// as before. The facts can also be judged elsewhere (the result worker) and given up front:
// the tree is then built only if someone reads `parsed`.

import type { Operation } from '../../catalog/types';
import { unreadableReason } from './answerBody';
import { parseJson, parseXml, type CodecError } from '../codecs/codecs';
import { envelopeFields, type GatewayResult, type ResultFormat } from './result';
import { DECODING, type TextState } from './undecodedBody';

/** What decoding a body tells besides its tree: whether it parses, and its envelope's fields. */
export interface BodyFacts {
  parseError?: CodecError;
  exchangeId?: string;
  payloadType?: string;
}

type Tree = { parsed?: unknown; parseError?: CodecError };

function treeOf(format: ResultFormat, text: string): Tree {
  if (text.trim() === '') return {};
  const decoded = format === 'json' ? parseJson(text) : parseXml(text);
  return decoded.ok ? { parsed: decoded.value } : { parseError: decoded.error };
}

/** The facts of a JSON or XML body, decoded here (the result worker calls this). */
export function bodyFactsOf(format: 'json' | 'xml', body: Buffer): BodyFacts {
  const tree = treeOf(format, body.toString('utf8'));
  const facts: BodyFacts = { ...envelopeFields(format, tree.parsed) };
  if (tree.parseError) facts.parseError = tree.parseError;
  return facts;
}

/** An answer as it arrived, before anything in its body was read. */
interface ArrivedAnswer {
  status: number;
  contentType: string;
  contentEncoding?: string | string[];
  format: ResultFormat;
  rawBody: Buffer;
  operation?: Operation;
  /** Why the transfer ended early, when it did. */
  cutOff?: string;
  /** Why a declared Content-Encoding could not be undone. */
  encodingProblem?: string;
  /** The exchange-id header, when the answer carried one. */
  exchangeIdHeader?: string;
  /** Bodies larger than this are kept raw: no tree, no parse. */
  maxParsedBytes: number;
  /** Removes the environment's keys from the reason an answer is unreadable. */
  scrub: (text: string) => string;
  /** Judged elsewhere already (the result worker): then only `parsed` needs this thread. */
  facts?: BodyFacts;
}

/** Why a JSON or XML body above the parse limit has no tree. */
function notParsedNote(answer: ArrivedAnswer): string | undefined {
  const { format, rawBody, maxParsedBytes } = answer;
  if (answer.cutOff || answer.encodingProblem || (format !== 'json' && format !== 'xml') || rawBody.length <= maxParsedBytes) return undefined;
  return `the body (${rawBody.length} bytes) is larger than ${maxParsedBytes} bytes, so it was kept as received and not parsed`;
}

class AnswerDecoding implements TextState {
  private text: string | undefined;
  private tree: Tree | undefined;
  private reason: string | undefined;
  private reasonKnown = false;
  /** Whether the body has text at all: not for binary data, nor for a body that could not be decompressed. */
  readonly hasText: boolean;
  /** Whether a tree can be made: JSON or XML, whole, within the parse limit. */
  private readonly parses: boolean;

  constructor(private readonly answer: ArrivedAnswer, notParsed: string | undefined) {
    const { format } = answer;
    this.hasText = !answer.encodingProblem && format !== 'binary' && format !== 'pdf';
    this.parses = this.hasText && !answer.cutOff && (format === 'json' || format === 'xml') && notParsed === undefined;
  }

  get textMade(): boolean {
    return this.text !== undefined;
  }

  bodyText(): string | undefined {
    if (!this.hasText) return undefined;
    return (this.text ??= this.answer.rawBody.toString('utf8'));
  }

  parsed(): unknown {
    // A body judged unparseable elsewhere is not parsed again to find that out.
    if (!this.parses || this.answer.facts?.parseError) return undefined;
    return this.treeMade().parsed;
  }

  parseError(): CodecError | undefined {
    if (!this.parses) return undefined;
    return this.answer.facts ? this.answer.facts.parseError : this.treeMade().parseError;
  }

  exchangeId(): string | undefined {
    const envelope = this.envelope();
    const header = this.answer.exchangeIdHeader;
    return envelope.exchangeId || (header !== undefined ? header : envelope.exchangeId);
  }

  payloadType(): string | undefined {
    return this.envelope().payloadType;
  }

  unreadable(): string | undefined {
    if (this.reasonKnown) return this.reason;
    const { answer } = this;
    const reason = unreadableReason({
      status: answer.status,
      contentType: answer.contentType,
      contentEncoding: answer.contentEncoding,
      format: answer.format,
      body: answer.rawBody,
      operation: answer.operation,
      cutOff: answer.cutOff,
      encodingProblem: answer.encodingProblem,
      parseError: () => this.parseError(),
    });
    this.reason = reason === undefined ? undefined : answer.scrub(reason);
    this.reasonKnown = true;
    return this.reason;
  }

  private envelope(): { exchangeId?: string; payloadType?: string } {
    if (this.answer.facts) return this.answer.facts;
    return this.parses ? envelopeFields(this.answer.format, this.treeMade().parsed) : {};
  }

  private treeMade(): Tree {
    return (this.tree ??= treeOf(this.answer.format, this.bodyText() ?? ''));
  }
}

/** A result's fields that do not come from its body: what the client knows when the answer arrives. */
type ArrivedFields = Pick<GatewayResult, 'method' | 'url' | 'status' | 'statusText' | 'headers' | 'timingMs' | 'attempts' | 'contentType' | 'format' | 'rawBody'>;

/** A result's fields that come from its body. */
type BodyFields = 'bodyText' | 'parsed' | 'parseError' | 'unreadable' | 'exchangeId' | 'payloadType';

/** Replaces a body field's getter on one result with a value of its own (a caller overriding what the body says). */
function own(result: DecodedResult, name: BodyFields, value: unknown): void {
  Object.defineProperty(result, name, { value, enumerable: true, configurable: true, writable: true });
}

/**
 * A result whose body fields are made on first read. The getters live on the class, shared by
 * every result: an accessor defined on each result (Object.defineProperties, six per answer)
 * cost a runtime call per answer and turned each result into a slow dictionary-mode object,
 * which every later read of its status or timing paid for too. PERF(bench/runnerLoad.ts) The
 * fields are not own properties, so a spread or JSON.stringify of a result leaves them out
 * (nothing does either); read them by name.
 */
class DecodedResult implements GatewayResult {
  declare operationId?: string;
  method: string;
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string | string[]>;
  timingMs: number;
  attempts: number;
  contentType: string;
  format: ResultFormat;
  rawBody: Buffer;
  declare headersMs?: number;
  declare retryAfterMs?: number;
  declare retryWaitBudgetMs?: number;
  declare notParsed?: string;
  /** Not enumerable (a symbol): never serialised, and read by undecodedBody(). */
  readonly [DECODING]: AnswerDecoding;

  constructor(fields: ArrivedFields, decoding: AnswerDecoding) {
    this.method = fields.method;
    this.url = fields.url;
    this.status = fields.status;
    this.statusText = fields.statusText;
    this.headers = fields.headers;
    this.timingMs = fields.timingMs;
    this.attempts = fields.attempts;
    this.contentType = fields.contentType;
    this.format = fields.format;
    this.rawBody = fields.rawBody;
    this[DECODING] = decoding;
  }

  get bodyText(): string | undefined { return this[DECODING].bodyText(); }
  set bodyText(value: string | undefined) { own(this, 'bodyText', value); }
  get parsed(): unknown { return this[DECODING].parsed(); }
  set parsed(value: unknown) { own(this, 'parsed', value); }
  get parseError(): CodecError | undefined { return this[DECODING].parseError(); }
  set parseError(value: CodecError | undefined) { own(this, 'parseError', value); }
  get unreadable(): string | undefined { return this[DECODING].unreadable(); }
  set unreadable(value: string | undefined) { own(this, 'unreadable', value); }
  get exchangeId(): string | undefined { return this[DECODING].exchangeId(); }
  set exchangeId(value: string | undefined) { own(this, 'exchangeId', value); }
  get payloadType(): string | undefined { return this[DECODING].payloadType(); }
  set payloadType(value: string | undefined) { own(this, 'payloadType', value); }
}

/** A result of `fields` whose body fields (text, tree, verdict, envelope) are each made on first read. */
export function decodedResult(fields: ArrivedFields, answer: ArrivedAnswer): GatewayResult {
  const notParsed = notParsedNote(answer);
  const result = new DecodedResult(fields, new AnswerDecoding(answer, notParsed));
  if (notParsed !== undefined) result.notParsed = notParsed;
  return result;
}
