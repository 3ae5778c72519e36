// The Local sandbox in a worker thread (dist/sandboxWorker.js): the extension starts it here so
// that serving, journaling and snapshotting run on this thread's isolate, with its own heap and
// garbage collector, and the extension host's main thread does no sandbox work at all. The
// host (./host.ts) talks to it through ./messages.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { startSandbox, type RunningSandbox } from '../server';
import type { SandboxExchange } from '../http/exchangeTap';
import { giveWayToTheEditor } from './threadPriority';
import { WORKER_CONTROL_CALLS, type HostMessage, type PostedExchange, type WorkerMessage, type WorkerStartOptions } from './messages';

const port = parentPort;
if (!port) throw new Error('The sandbox worker runs only as a worker thread (started by the extension).');

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/**
 * Bytes that can be given away: `bytes` itself when it is the whole of its memory, else a copy
 * (pooled small buffers share their memory with others; a request body is still the handler's).
 * The copy is made here, so the receiving thread never copies.
 */
function ownBytes(bytes: Buffer, mayGiveAway: boolean): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return mayGiveAway && whole ? bytes : new Uint8Array(bytes);
}

function postExchange(exchange: SandboxExchange): void {
  const transfer: ArrayBuffer[] = [];
  const give = (bytes: Buffer | undefined, mayGiveAway: boolean): Uint8Array | undefined => {
    if (!bytes) return undefined;
    const own = ownBytes(bytes, mayGiveAway);
    transfer.push(own.buffer as ArrayBuffer);
    return own;
  };
  const posted: PostedExchange = {
    ...exchange,
    requestBody: give(exchange.requestBody, false),
    // The exchange tap's own copy of what was sent: nothing else holds it.
    responseBody: give(exchange.responseBody, true),
  };
  post({ type: 'exchange', exchange: posted }, transfer);
}

/** Clock moves (from the host or from `/__sandbox/clock/advance`) are told to the host's mirror. */
function mirrorClockMoves(sandbox: RunningSandbox): void {
  const control = sandbox.control;
  const tell = <A extends unknown[]>(move: (...args: A) => Date) => (...args: A): Date => {
    const moved = move(...args);
    post({ type: 'clock', clockOffsetMs: control.clockOffsetMs() });
    return moved;
  };
  // The same object serves the control surface over HTTP, so its moves are seen too.
  control.advanceClock = tell(control.advanceClock.bind(control));
  control.advanceTo = tell(control.advanceTo.bind(control));
  control.advanceToNextAchWindow = tell(control.advanceToNextAchWindow.bind(control));
  // A reset to a seed, or a new seed, puts the clock where the seed starts.
  const told = <A extends unknown[]>(change: (...args: A) => void) => (...args: A): void => {
    change(...args);
    post({ type: 'clock', clockOffsetMs: control.clockOffsetMs() });
  };
  control.reset = told(control.reset.bind(control));
  control.loadSeed = told(control.loadSeed.bind(control));
}

async function run(options: WorkerStartOptions): Promise<void> {
  giveWayToTheEditor();
  const { tapExchanges, ...sandboxOptions } = options;
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      ...sandboxOptions,
      log: line => post({ type: 'log', line }),
      ...(tapExchanges ? { onExchange: postExchange } : {}),
    });
  } catch (err) {
    const code = (err as { code?: unknown } | undefined)?.code;
    post({ type: 'failed', message: err instanceof Error ? err.message : String(err), ...(typeof code === 'string' ? { code } : {}) });
    return;
  }
  mirrorClockMoves(sandbox);
  port!.on('message', (message: HostMessage) => {
    if (message.type === 'close') {
      sandbox.close().then(() => post({ type: 'closed' }), (err: unknown) => post({ type: 'closed', error: (err as Error).message }));
      return;
    }
    const { id, method, args } = message;
    try {
      if (!WORKER_CONTROL_CALLS.includes(method)) throw new Error(`"${String(method)}" is not a sandbox control call.`);
      const value = (sandbox.control[method] as (...a: unknown[]) => unknown)(...args);
      post({ type: 'answer', id, value });
    } catch (err) {
      post({ type: 'answer', id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  post({
    type: 'started',
    gatewayUrl: sandbox.gatewayUrl,
    boardingUrl: sandbox.boardingUrl,
    port: sandbox.port,
    apiKey: sandbox.apiKey,
    accessKey: sandbox.accessKey,
    merchantId: sandbox.merchantId,
    clockOffsetMs: sandbox.control.clockOffsetMs(),
  });
}

void run(workerData as WorkerStartOptions);
