// The client decodes lazily (issue 13 §1): an answer's body is parsed only when a caller reads
// what needs the tree, once, whatever its size; the extension's clients judge a large answer
// in the result worker (the shipped dist/resultWorker.js), so its arrival parses nothing on
// the caller's thread at all. Parses are counted where they happen: JSON.parse and
// fast-xml-parser's validator and parser, the library the client's codecs call. Real sockets,
// real worker; needs "npm run build" first.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { GatewayClient, type GatewayClientOptions } from '../../src/core/http/client';
import { ResultRenderer } from '../../src/core/resultText/renderer';
import { startServer, type Fixture } from './httpFixture';

// The same module object the codecs import: its validator and parser are what a parse costs.
const fxp = require('fast-xml-parser') as typeof import('fast-xml-parser');

/** Bodies above this many characters count as "the answer being parsed" (not the test's own small parses). */
const LARGE = 50_000;
const counted = { json: 0, xmlValidate: 0, xmlParse: 0 };

function countParses(): () => void {
  const { XMLValidator, XMLParser } = fxp;
  // The originals, as found (not bound), so that restoring puts back exactly what was there.
  const jsonParse = Object.getOwnPropertyDescriptor(JSON, 'parse')?.value as typeof JSON.parse;
  const validateAsFound = Object.getOwnPropertyDescriptor(XMLValidator, 'validate')?.value as typeof XMLValidator.validate;
  const validate = validateAsFound.bind(XMLValidator);
  const parse = Object.getOwnPropertyDescriptor(XMLParser.prototype, 'parse')?.value as (this: unknown, xml: string | Buffer, validation?: unknown) => unknown;
  JSON.parse = function (this: unknown, text: string, reviver?: (key: string, value: unknown) => unknown) {
    if (typeof text === 'string' && text.length > LARGE) counted.json++;
    return jsonParse.call(JSON, text, reviver) as unknown;
  } as typeof JSON.parse;
  fxp.XMLValidator.validate = function (this: unknown, xml: string, options?: unknown) {
    if (String(xml).length > LARGE) counted.xmlValidate++;
    return validate(xml, options as never);
  } as typeof validate;
  fxp.XMLParser.prototype.parse = function (this: InstanceType<typeof fxp.XMLParser>, xml: string | Buffer, validation?: unknown) {
    if (String(xml).length > LARGE) counted.xmlParse++;
    return parse.call(this, xml, validation);
  };
  return () => {
    JSON.parse = jsonParse;
    fxp.XMLValidator.validate = validateAsFound;
    fxp.XMLParser.prototype.parse = parse as typeof fxp.XMLParser.prototype.parse;
  };
}

function parses(): number {
  return counted.json + counted.xmlValidate + counted.xmlParse;
}

const ROWS = 2000;
const rows = Array.from({ length: ROWS }, (_v, i) => ({ id: String(100000 + i), type: 'SALE', amount: '25.00', card: 'XXXXXXXXXXXX1111' }));
const BODIES: Record<string, { type: string; body: string }> = {
  '/json': { type: 'application/json', body: JSON.stringify({ code: '200', status: 'success', 'exchange-id': 'ID-lazy-json', payload: { payloadType: 'transactions', transactions: { transaction: rows } } }) },
  '/xml': {
    type: 'application/xml',
    body: `<?xml version="1.0"?><response><code>200</code><status>success</status><exchange-id>ID-lazy-xml</exchange-id><payload type="transactions"><transactions>${rows
      .map((r) => `<transaction><id>${r.id}</id><type>${r.type}</type><amount>${r.amount}</amount><card>${r.card}</card></transaction>`)
      .join('')}</transactions></payload></response>`,
  },
  '/broken-xml': { type: 'application/xml', body: `<response><exchange-id>ID-broken</exchange-id><payload>${'<transaction><id>1</id></transaction>'.repeat(ROWS)}</payload>` },
};

describe('the client decodes lazily', () => {
  let fixture: Fixture;
  let restore: () => void;
  let renderer: ResultRenderer;
  const clients: GatewayClient[] = [];
  const client = (options: Partial<GatewayClientOptions> = {}) => {
    const c = new GatewayClient({ environment: fixture.environment, credentials: { apiKey: 'lazy-test-key-0123' }, ...options });
    clients.push(c);
    return c;
  };
  const get = (c: GatewayClient, p: string) => c.sendRaw({ method: 'GET', url: `${fixture.url}/rest/v2/transactions${p}` });

  before(async () => {
    fixture = await startServer((req, res) => {
      const answer = BODIES[(req.url ?? '').replace('/rest/v2/transactions', '')];
      res.writeHead(200, { 'content-type': answer?.type ?? 'text/plain' });
      res.end(answer?.body ?? 'no such body');
    });
    renderer = new ResultRenderer({ file: path.resolve(__dirname, '../../dist/resultWorker.js') });
    restore = countParses();
  });
  after(async () => {
    restore();
    await Promise.all(clients.map((c) => c.close()));
    await renderer.dispose();
    await fixture.close();
  });

  for (const [p, format] of [['/json', 'json'], ['/xml', 'xml']] as const) {
    it(`a ${format} answer is parsed only when its tree is read, and only once`, async () => {
      assert.ok(BODIES[p]!.body.length > LARGE && BODIES[p]!.body.length > 64 * 1024, 'the body is large enough to count, and to go to the worker below');
      const before = parses();
      const result = await get(client(), p);
      assert.equal(parses(), before, 'nothing parsed on arrival');
      assert.equal(result.bodyText, BODIES[p]!.body, 'the text is there without a parse');
      assert.equal(parses(), before, 'reading the text parses nothing');
      const tree = result.parsed as Record<string, unknown>;
      assert.ok(tree && typeof tree === 'object');
      const once = parses();
      assert.ok(once > before, 'reading the tree parses the body');
      assert.equal(result.parsed, tree, 'the same tree on every read');
      assert.equal(result.unreadable, undefined);
      assert.equal(result.exchangeId, `ID-lazy-${format}`);
      assert.equal(result.payloadType, 'transactions');
      assert.equal(parses(), once, 'the verdict and the envelope reuse the tree');
    });

    it(`a ${format} answer judged in the result worker: its verdict, envelope and log line parse nothing here`, async () => {
      const lines: string[] = [];
      const c = client({ bodyFacts: (f, body) => renderer.bodyFacts(f, body), log: (line) => lines.push(line) });
      const before = parses();
      const result = await get(c, p);
      assert.equal(result.unreadable, undefined);
      assert.equal(result.exchangeId, `ID-lazy-${format}`);
      assert.equal(result.payloadType, 'transactions');
      assert.match(lines.at(-1) ?? '', new RegExp(`200 \\d+ms exchange-id=ID-lazy-${format}`));
      assert.equal(parses(), before, 'judged in the worker, not on this thread');
      assert.ok(result.parsed !== undefined, 'a caller that needs the tree still gets it');
      assert.ok(parses() > before);
      assert.equal(renderer.bodyFacts(format, Buffer.from(format === 'json' ? '{}' : '<a/>')), undefined, 'a small body is judged on first read here, not sent');
    });
  }

  it('a broken XML answer judged in the worker is unreadable, with the parser\'s reason, and no parse here', async () => {
    const c = client({ bodyFacts: (f, body) => renderer.bodyFacts(f, body) });
    const before = parses();
    const result = await get(c, '/broken-xml');
    assert.match(result.unreadable ?? '', /^it does not parse: XML is not well-formed: .*/);
    assert.equal(result.parseError?.line, 1);
    assert.equal(result.parsed, undefined, 'no tree for a body that does not parse');
    assert.equal(parses(), before);
    const here = await get(client(), '/broken-xml');
    assert.equal(here.unreadable, result.unreadable, 'the same verdict as judging it on this thread');
    assert.deepEqual(here.parseError, result.parseError);
  });

  it('a body field written by a caller replaces what the body says, on that result only', async () => {
    const c = client();
    const result = await get(c, '/json');
    const other = await get(c, '/json');
    result.parsed = { replaced: true };
    result.unreadable = 'set by the caller';
    assert.deepEqual(result.parsed, { replaced: true });
    assert.equal(result.unreadable, 'set by the caller');
    assert.equal((other.parsed as { code?: string }).code, '200', 'another result still reads its own body');
    assert.equal(other.unreadable, undefined);
  });
});
