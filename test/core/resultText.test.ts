// Result text made in the result worker (the shipped dist/resultWorker.js, started by the shipped
// dist/runtime.js as the extension starts it) is the text made on the caller's thread, byte for
// byte: same redaction of keys, card numbers, CSC and account numbers in JSON, XML and text,
// raw, pretty and formatted. Needs "npm run build" first.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { luhnValid } from '../../src/core/checks/inputChecks';
import { doJob, type ResultJob } from '../../src/core/resultText/job';
import { IN_THREAD_MAX_BYTES } from '../../src/core/resultText/renderer';
import type { RuntimeModule } from '../../src/extension/lazy/runtime';

const RUNTIME = path.resolve(__dirname, '../../dist/runtime.js');
const runtime = (): RuntimeModule => require(RUNTIME) as RuntimeModule;

const API_KEY = 'ak-5f1c0b9e-7d2a-4c11-9e0f-3b1d2c4e5a6f';
const ACCESS_KEY = 'acc+key/with=odd&chars';
const PAN = '4111111111111111';
const AMEX = '378282246310005';
const ACCOUNT = '987654321012';

function sensitiveJson(rows: number): string {
  const items = Array.from({ length: rows }, (_, i) => ({
    id: String(100000 + i),
    card: i % 3 === 0 ? PAN : 'XXXXXXXXXXXX1111',
    csc: i % 5 === 0 ? 123 : '999',
    'account-number': ACCOUNT,
    accountNumber: Number(ACCOUNT),
    note: `paid with ${AMEX.replace(/(\d{4})(\d{6})/, '$1 $2 ')} key ${API_KEY} and sk_live_abcdef123456`,
    escaped: '\u0034111111111111111',
    'token-id': '1100005607145041111',
    'api-key': API_KEY,
    header: `AccessKey: ${ACCESS_KEY}`,
    url: `/x?api-key=${encodeURIComponent(ACCESS_KEY)}&card=${PAN}`,
  }));
  // The escaped digit hides the card number from a text scan of the raw body; the tree sees it.
  return JSON.stringify({ 'exchange-id': 'ID-clearent-cgw-1-1650386640436-0-1228863', payload: { payloadType: 'transactions', items } }).replaceAll(`"escaped":"${PAN}"`, '"escaped":"\\u0034111111111111111"');
}

function sensitiveXml(rows: number): string {
  const items = Array.from({ length: rows }, (_, i) =>
    `<transaction id="${i}"><card>${i % 3 === 0 ? PAN : 'XXXXXXXXXXXX1111'}</card><csc>123</csc><account-number>${ACCOUNT}</account-number>`
    + `<api-key>${API_KEY}</api-key><note>paid with ${AMEX} &amp; key ${ACCESS_KEY}</note><!-- ${PAN} --><memo><![CDATA[card ${PAN}]]></memo>`
    + `<mixed>text<b/>AccessKey: ${ACCESS_KEY}</mixed><token-id>1100005607145041111</token-id></transaction>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><response><exchange-id>ID-1</exchange-id><payload type="transactions"><transactions>${items}</transactions></payload></response>`;
}

function assertNoSecret(text: string): void {
  for (const secret of [API_KEY, ACCESS_KEY, encodeURIComponent(ACCESS_KEY), PAN, AMEX, ACCOUNT, 'sk_live_abcdef123456']) {
    assert.ok(!text.includes(secret), `${secret} survived`);
  }
  assert.ok(!/csc\W{0,4}(123|456)\b/.test(text), 'a CSC survived');
  const runs = text.replace(/token-id\W+\d+/g, '').match(/\d(?:[ -]?\d){12,18}/g) ?? [];
  assert.ok(!runs.some((run) => luhnValid(run.replace(/\D/g, ''))), `a card number survived: ${runs.find((run) => luhnValid(run.replace(/\D/g, '')))}`);
}

describe('result text in the worker', () => {
  after(() => runtime().resultRenderer().dispose());

  it('dist/runtime.js and dist/resultWorker.js exist (run "npm run build")', () => {
    assert.ok(fs.existsSync(RUNTIME));
    assert.ok(fs.existsSync(path.resolve(__dirname, '../../dist/resultWorker.js')));
  });

  for (const [format, body] of [['json', sensitiveJson(400)], ['xml', sensitiveXml(400)], ['text', sensitiveXml(200)]] as const) {
    it(`${format}: the worker shows, pretty-prints and formats exactly what the caller's thread does, and no secret survives`, async () => {
      const renderer = runtime().resultRenderer();
      const secrets = [API_KEY, ACCESS_KEY];
      assert.ok(Buffer.byteLength(body) > IN_THREAD_MAX_BYTES, 'large enough that render() itself picks the worker');
      for (const layout of ['raw', 'pretty'] as const) {
        for (const given of [Buffer.from(body), body]) {
          const job: ResultJob = { kind: 'show', format, layout, body: given, secrets };
          const inThread = doJob(job);
          assert.equal(await renderer.inWorker(job), inThread, `${layout} from ${typeof given}`);
          assert.equal(await renderer.render(job), inThread);
          if (layout === 'raw') {
            // Raw text is redacted as text: a \u escape inside a digit run is shown as received (Format redacts the decoded tree).
            assertNoSecret(inThread.replaceAll('\\u0034111111111111111', ''));
            continue;
          }
          assertNoSecret(inThread);
          if (format !== 'text') assert.ok(inThread.split('\n').length > 400, 'pretty-printed');
        }
        const shown = doJob({ kind: 'show', format, layout: 'raw', body, secrets });
        const formatJob: ResultJob = { kind: 'format', format, shown, secrets };
        const formatted = doJob(formatJob);
        assert.equal(await renderer.inWorker(formatJob), formatted);
        assertNoSecret(formatted);
      }
    });
  }

  it('"Format" catches the card number a JSON escape hid from the raw text', () => {
    const body = '{"note":"\\u0034111111111111111"}';
    const shown = doJob({ kind: 'show', format: 'json', layout: 'raw', body, secrets: [] });
    assert.equal(shown, body, 'the raw text shows the escape as received');
    assert.equal(doJob({ kind: 'format', format: 'json', shown, secrets: [] }), '{\n  "note": "XXXXXXXXXXXX1111"\n}');
  });

  it('a worker job that fails says so and the renderer keeps working', async () => {
    const renderer = runtime().resultRenderer();
    const bad = { kind: 'show', format: 'json', layout: 'raw', body: 42, secrets: [] } as unknown as ResultJob;
    await assert.rejects(renderer.inWorker(bad), /The result could not be shown/);
    assert.equal(await renderer.inWorker({ kind: 'show', format: 'text', layout: 'raw', body: `card ${PAN}`, secrets: [] }), 'card XXXXXXXXXXXX1111');
  });
});
