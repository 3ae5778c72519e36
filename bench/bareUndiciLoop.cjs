// The baseline of the runner bench (runnerLoad.ts): the same requests the request file sends,
// one after another through a bare undici Pool, each body read and parsed, nothing kept but the
// id the next void needs. Plain node, no TypeScript loader, like the CLI it is compared with.
// Usage: node bench/bareUndiciLoop.cjs SPEC.json   (spec written by runnerLoad.ts)
// BARE_RETRY=agent puts undici's RetryAgent in front of the Pool, BARE_RETRY=interceptor its retry
// interceptor applied once to the pool's bound dispatch (as src/core/http/dispatchers.ts does for the
// attempts after a failed first one): what undici's retry would cost on every request, with a
// retry callback that never retries (these answers never ask for one).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
/** The repository's undici, loaded by main() only: a caller of sendAll brings its own dispatcher. */
const undici = () => require(require.resolve('undici', { paths: [path.resolve(__dirname, '..')] }));

const noRetry = (err, _context, callback) => callback(err);

function dispatcherOver(pool) {
  const { RetryAgent, interceptors } = undici();
  if (process.env.BARE_RETRY === 'agent') return new RetryAgent(pool, { throwOnError: false, retry: noRetry });
  if (process.env.BARE_RETRY === 'interceptor') {
    const dispatch = interceptors.retry({ throwOnError: false, retry: noRetry })(pool.dispatch.bind(pool));
    // request() (from the pool's prototype chain) calls this.dispatch: the interceptor's.
    return Object.create(pool, { dispatch: { value: dispatch } });
  }
  return pool;
}

/** The loop itself: each of `spec`'s requests through `dispatcher`, each answer read and parsed (also bench/runnerInstructionsTarget.ts's). */
async function sendAll(dispatcher, spec) {
  let lastId = '';
  let failed = 0;
  for (const r of spec.requests) {
    const body = r.usesLastId ? r.body.replace('__LAST_ID__', lastId) : r.body;
    const res = await dispatcher.request({ origin: spec.origin, method: r.method, path: r.path, headers: spec.headers, body });
    const parsed = JSON.parse(await res.body.text());
    if (res.statusCode !== 200) failed++;
    if (r.keepsId) lastId = String(parsed.payload.transaction.id);
  }
  if (failed > 0) throw new Error(`${failed} requests did not answer 200`);
}

async function main() {
  const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const pool = new (undici().Pool)(spec.origin, { connections: 8 });
  try {
    await sendAll(dispatcherOver(pool), spec);
  } finally {
    await pool.close();
  }
}

module.exports = { sendAll };
if (require.main === module) main().catch((err) => { console.error(err); process.exit(1); });
