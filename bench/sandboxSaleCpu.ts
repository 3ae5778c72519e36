// CPU per sale in this process: what the sandbox does for a sale between reading its body and
// writing its answer (authentication, rate limit, body decoding, free-text masking, the sale
// handler with its stored record, the JSON envelope), without HTTP. Rounds alternate with
// nothing else and the store is emptied before each, so the figure moves far less with the
// machine's load than the throughput ratio does: it is the one to compare two builds by.
import { requireOperation } from '../src/catalog';
import { authenticate } from '../src/sandbox/http/auth';
import { decodeBody } from '../src/sandbox/http/bodyDecoder';
import { ControllableClock } from '../src/sandbox/domain/clock';
import { renderAnswer } from '../src/sandbox/http/envelopes';
import { maskCardNumbersInFreeText } from '../src/sandbox/domain/freeText';
import { LiveSandbox } from '../src/sandbox/liveSandbox';
import { sandboxModules } from '../src/sandbox/domain/moduleTable';
import { generateKeys, newState } from '../src/sandbox/domain/state';

const ROUNDS = 20;
const SALES_PER_ROUND = 20_000;

/** Min and median µs of CPU per sale over the rounds (the first rounds include compiling). */
export function saleCpuInProcess(sale: string): { minUs: number; medianUs: number } {
  const state = newState(sandboxModules, generateKeys(), 0);
  const runtime = new LiveSandbox(sandboxModules, state, new ControllableClock('America/Chicago', 0), 1e9);
  const op = requireOperation('transactions.sale');
  const entry = runtime.handlers.get(op.id);
  if (!entry) throw new Error('no sale handler');
  const raw = Buffer.from(sale);
  const query = new URLSearchParams();
  const perSale: number[] = [];
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    runtime.reset();
    const before = process.cpuUsage();
    for (let i = 0; i < SALES_PER_ROUND; i++) {
      const headers = { 'content-type': 'application/json', accept: 'application/json', 'api-key': state.keys.apiKey };
      const auth = authenticate(op, {}, headers, state.keys);
      if (!auth.ok || !runtime.limiter.take(auth.principal).ok) throw new Error('sale refused before decoding');
      const decoded = decodeBody(op, headers, raw);
      if (!decoded.ok) throw new Error(decoded.message);
      const reply = entry.handler({ op, params: {}, query, body: maskCardNumbersInFreeText(decoded.body), headers, merchant: runtime.merchant }, runtime.contextFor(entry.module));
      bytes += Buffer.byteLength(renderAnswer('gateway-json', `ID-clearent-cgw-1-0-0-${i}`, reply, '').body);
    }
    const used = process.cpuUsage(before);
    perSale.push((used.user + used.system) / SALES_PER_ROUND);
  }
  if (bytes === 0) throw new Error('no answers rendered');
  perSale.sort((a, b) => a - b);
  return { minUs: perSale[0], medianUs: perSale[Math.floor(ROUNDS / 2)] };
}
