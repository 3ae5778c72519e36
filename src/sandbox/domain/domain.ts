// The contract between the sandbox's HTTP framework (server, router, auth, envelopes) and its
// domain modules (card transactions, vault, ACH, settings, batches, documents, onboarding).
// A domain module is plain data plus pure-ish functions over its own slice of state, so the
// framework can persist the whole state as one JSON document and every handler is testable.

import type { IncomingHttpHeaders } from 'node:http';
import type { Operation } from '../../catalog/types';

/** A request after routing, authentication and body decoding. */
export interface SandboxRequest {
  op: Operation;
  /** Path parameters by name, URL-decoded. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /**
   * The decoded body: a JSON object as sent, or the children of an XML body's root element
   * (when the root is `object` wrapping a single element, that element's children). XML leaf
   * values arrive as strings; repeated elements as arrays. `undefined` when there is no body.
   */
  body: Record<string, unknown> | undefined;
  headers: IncomingHttpHeaders;
  /**
   * The sandbox merchant's identity (its merchant id and terminal id) and its terminal's HPP
   * public key (SPKI hex; the private half stays with the framework, which signs answers).
   */
  merchant: { merchantId: string; terminalId: string; terminalName: string; merchantName: string; hppPublicKey: string };
}

export interface LinkRef { rel: string; href: string; id: string }

export interface PageInfo {
  first: boolean;
  last: boolean;
  number: number;
  'number-of-elements': number;
  size: number;
  sort: Record<string, string>;
  'total-elements': number;
  'total-pages': number;
}

/**
 * What a handler answers. The framework wraps it in the envelope the operation's family uses:
 * - gateway JSON: `{code, status, exchange-id, links, page?, payload: {payloadType, ...payload}}`
 * - gateway XML (cards, vault, ACH): `<response>` with `<payload type="...">`
 * - settings and batches XML: root `<object>` with a `payloadType` element next to `payload`'s keys
 *   (or the generic envelope inside `<object>` when `genericEnvelope` is set, as CSC PUT does)
 * - boarding (`/api/`): `raw` is sent as JSON as it is; `file` is streamed.
 */
export interface Answer {
  status: number;
  payloadType?: string;
  /** Objects placed in the payload next to `payloadType`, e.g. `{ transaction: {...} }`. */
  payload?: Record<string, unknown>;
  links?: LinkRef[];
  page?: PageInfo;
  /**
   * Settings: the payload with typed values (booleans, numbers) for a JSON answer; XML answers
   * and replies without it use `payload`.
   */
  jsonPayload?: Record<string, unknown>;
  /** Settings/batch XML: answer with the generic envelope inside `<object>` (CSC PUT). */
  genericEnvelope?: boolean;
  headers?: Record<string, string>;
  /** Boarding operations: the JSON body as it is sent. */
  raw?: unknown;
  /** A binary document (eDocs download). */
  file?: { contentType: string; fileName: string; bytes: Buffer };
}

/**
 * An error a handler throws to answer with an error envelope. Gateway operations answer
 * `payload.error = {"error-message", "result-code"}` (payloadType `error`); boarding operations
 * answer `{errors: [{errorMessage, resultCode, timeStamp}], statusCode}`.
 * `extraPayload` rides along in the payload (a declined sale carries its `transaction`).
 */
export class ErrorAnswer extends Error {
  constructor(
    readonly status: number,
    readonly resultCode: string,
    message: string,
    readonly extraPayload?: Record<string, unknown>,
    /** Links of the error envelope (a duplicate ACH token answers the existing token in `links[0]`). */
    readonly links?: LinkRef[],
  ) {
    super(message);
    this.name = 'ErrorAnswer';
  }
}

/** The sandbox's controllable clock: real time plus an offset a test or user can advance. */
export interface SandboxClock {
  now(): Date;
  /** now() in milliseconds since the epoch, without making a Date. */
  nowMs(): number;
  /** IANA time zone for "local" times such as the 3 PM and 6 PM ACH windows. */
  readonly timeZone: string;
}

/** Monotonic id source, persisted with the state. */
export interface IdSource {
  /** Next value of a named counter, starting at `start` (default 1). */
  next(counter: string, start?: number): number;
}

export interface DomainContext<S> {
  /** This module's own slice of state; mutate it in place. */
  slice: S;
  /** Read-only view of other modules' slices, by module name (for example `settings`). */
  peer<T>(moduleName: string): T;
  clock: SandboxClock;
  ids: IdSource;
  /** Writable peer access, for the few cross-module effects (an approved sale lands in the open batch). */
  mutatePeer<T>(moduleName: string): T;
}

export type Handler<S> = (req: SandboxRequest, ctx: DomainContext<S>) => Answer;

export interface DomainModule<S> {
  /** Slice name in the persisted state, e.g. `ach`. */
  name: string;
  /** A fresh slice (also used by "reset"). */
  initial(): S;
  /** One handler per catalog operation id this module implements. */
  handlers: Record<string, Handler<S>>;
  /**
   * Called when the clock moves (advanced by control, or real time passing, checked before
   * each request), with the interval `(from, to]`. ACH settles here; batches auto-close here.
   * Returns true when it changed state, so that reads do not make the sandbox rewrite its
   * data file.
   */
  onClockAdvance?(from: Date, to: Date, ctx: DomainContext<S>): boolean;
}
