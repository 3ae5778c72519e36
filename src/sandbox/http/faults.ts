// Faults a test or user queues for the next N requests (optionally of one operation), to
// exercise a client's retry, timeout and "never send a payment twice" paths.

export type FaultKind = '429' | '500' | '503' | 'delay' | 'reset';

export interface FaultSpec {
  fault: FaultKind;
  /** How many matching requests get this fault (default 1). */
  count?: number;
  /** Only requests to this operation id count (default: any operation). */
  operation?: string;
  /** 429 only: seconds to put in `Retry-After` (default 1). */
  retryAfter?: number;
  /** 429 only: write `Retry-After` as delta seconds (default) or as an HTTP-date. */
  retryAfterFormat?: 'seconds' | 'http-date';
  /** `delay` only: milliseconds to wait before answering normally (default 1000). */
  delayMs?: number;
}

interface ActiveFault extends Required<Omit<FaultSpec, 'operation'>> { operation?: string; left: number }

/** Every fault kind, in the order docs/sandbox.md lists them (also the coverage's `fault:` outcomes). */
export const FAULT_KINDS: readonly FaultKind[] = ['429', '500', '503', 'delay', 'reset'];

function wholeNumber(value: unknown, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new RangeError(`Fault "${name}" must be a whole number >= ${min}, not ${JSON.stringify(value)}.`);
  }
  return value;
}

/** Checks a spec from an untrusted source (the HTTP control surface) and fills defaults. */
export function normaliseFault(raw: unknown, knownOperation: (id: string) => boolean): ActiveFault {
  const spec = (raw ?? {}) as Record<string, unknown>;
  const fault = String(spec.fault);
  if (!FAULT_KINDS.includes(fault as FaultKind)) {
    throw new RangeError(`Unknown fault ${JSON.stringify(spec.fault)}: use one of ${FAULT_KINDS.join(', ')}.`);
  }
  const operation = spec.operation;
  if (operation !== undefined && (typeof operation !== 'string' || !knownOperation(operation))) {
    throw new RangeError(`Fault "operation" ${JSON.stringify(operation)} is not an operation id (for example transactions.sale).`);
  }
  const format = spec.retryAfterFormat ?? 'seconds';
  if (format !== 'seconds' && format !== 'http-date') {
    throw new RangeError('Fault "retryAfterFormat" must be "seconds" or "http-date".');
  }
  const count = wholeNumber(spec.count, 'count', 1) ?? 1;
  return {
    fault: fault as FaultKind,
    count,
    left: count,
    operation: operation,
    retryAfter: wholeNumber(spec.retryAfter, 'retryAfter', 0) ?? 1,
    retryAfterFormat: format,
    delayMs: wholeNumber(spec.delayMs, 'delayMs', 0) ?? 1000,
  };
}

export class FaultQueue {
  private readonly queue: ActiveFault[] = [];

  add(fault: ActiveFault): void {
    this.queue.push(fault);
  }

  /** The fault for a request to `operationId` (if any), consuming one use of it. */
  take(operationId: string | undefined): ActiveFault | undefined {
    // Asked on every request; almost always with nothing queued.
    if (this.queue.length === 0) return undefined;
    const index = this.queue.findIndex(f => f.operation === undefined || f.operation === operationId);
    if (index < 0) return undefined;
    const fault = this.queue[index];
    fault.left -= 1;
    if (fault.left <= 0) this.queue.splice(index, 1);
    return fault;
  }

  /** Uses left across all queued faults. */
  left(): number {
    return this.queue.reduce((n, f) => n + f.left, 0);
  }

  clear(): void {
    this.queue.length = 0;
  }
}

/** The `Retry-After` header value for a 429 fault, in the requested form. */
export function retryAfterHeader(fault: Pick<ActiveFault, 'retryAfter' | 'retryAfterFormat'>, now: Date): string {
  return fault.retryAfterFormat === 'http-date'
    ? new Date(now.getTime() + fault.retryAfter * 1000).toUTCString()
    : String(fault.retryAfter);
}
