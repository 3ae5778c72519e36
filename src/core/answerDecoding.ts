// The parts of a result that come from decoding its body — its text, its tree, whether it
// parses, the envelope's exchange-id and payloadType, and so whether the answer is readable —
// made on first read rather than on arrival. A caller that only shows the text (the result
// editor, which makes it in the result worker) never has its own thread parse the answer; a
// caller that reads `parsed` (an expectation, the tree, chaining, codegen) gets the same tree
// as before. The facts can also be judged elsewhere (the result worker) and given up front:
// the tree is then built only if someone reads `parsed`.

import type { Operation } from '../catalog/types';
import { unreadableReason } from './answerBody';
import { parseJson, parseXml, type CodecError } from './codecs';
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
  private reason: { text?: string } | undefined;
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
    if (this.reason) return this.reason.text;
    const { answer } = this;
    const parseError = () => this.parseError();
    const reason = unreadableReason({
      status: answer.status,
      contentType: answer.contentType,
      contentEncoding: answer.contentEncoding,
      format: answer.format,
      body: answer.rawBody,
      operation: answer.operation,
      cutOff: answer.cutOff,
      encodingProblem: answer.encodingProblem,
      // Read only when nothing before it (cut off, compressed, an HTML page) already says why.
      get parseError() {
        return parseError();
      },
    });
    this.reason = { text: reason === undefined ? undefined : answer.scrub(reason) };
    return this.reason.text;
  }

  private envelope(): { exchangeId?: string; payloadType?: string } {
    if (this.answer.facts) return this.answer.facts;
    return this.parses ? envelopeFields(this.answer.format, this.treeMade().parsed) : {};
  }

  private treeMade(): Tree {
    return (this.tree ??= treeOf(this.answer.format, this.bodyText() ?? ''));
  }
}

type Decoded = GatewayResult & { [DECODING]?: AnswerDecoding };

/** The result's fields that come from its body, each read through the answer's decoding. */
const READS: Readonly<Record<string, (decoding: AnswerDecoding) => unknown>> = {
  bodyText: (d) => d.bodyText(),
  parsed: (d) => d.parsed(),
  parseError: (d) => d.parseError(),
  unreadable: (d) => d.unreadable(),
  exchangeId: (d) => d.exchangeId(),
  payloadType: (d) => d.payloadType(),
};

/** Shared by every result (one getter per field, not one per result); a write replaces the getter with the value. */
const LAZY_FIELDS: PropertyDescriptorMap = Object.fromEntries(
  Object.entries(READS).map(([name, read]) => [
    name,
    {
      enumerable: true,
      configurable: true,
      get(this: Decoded) {
        const decoding = this[DECODING];
        return decoding ? read(decoding) : undefined;
      },
      set(this: Decoded, value: unknown) {
        Object.defineProperty(this, name, { value, enumerable: true, configurable: true, writable: true });
      },
    },
  ]),
);

/** Gives `result` the fields of its body, each made on first read. */
export function decodeOnRead(result: GatewayResult, answer: ArrivedAnswer): void {
  const notParsed = notParsedNote(answer);
  if (notParsed !== undefined) result.notParsed = notParsed;
  Object.defineProperty(result, DECODING, { value: new AnswerDecoding(answer, notParsed) });
  Object.defineProperties(result, LAZY_FIELDS);
}
