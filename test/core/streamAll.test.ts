// The headless run (streamAll) keeps nothing it no longer needs: a named response stays only
// while a request left in the file reads it — in its URL, headers, body, through a file
// variable, or in an @expect value — and no outcome is kept once told. Against a real Local
// sandbox; the named-responses map is the one the run reads and writes.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayClient } from '../../src/core/http/client';
import { parseRequestFile, type RequestFile } from '../../src/core/requestFile';
import { fileReferences, runAll, streamAll, type NamedExchange, type RequestOutcome, type RunOptions } from '../../src/core/runner';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

function sale(name: string, extra: string[] = []): string {
  return [`### ${name}`, `# @name ${name}`, '# @expect status 200', ...extra, 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '',
    '{"type": "SALE", "amount": "25.00", "card": "4111111111111111", "exp-date": "1230"}', ''].join('\n');
}

function voidOf(title: string, idExpression: string): string {
  return [`### ${title}`, '# @expect status 200', 'POST {{gatewayUrl}}/rest/v2/transactions/void', 'Content-Type: application/json', '',
    `{"type": "VOID", "id": "${idExpression}"}`, ''].join('\n');
}

function parse(text: string): RequestFile {
  const file = parseRequestFile(text);
  assert.deepEqual(file.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), [], 'the test file parses');
  return file;
}

// sale1: read by the void right after it. sale2: read through @viaVariable by the last void.
// sale3: read by nothing. sale4: read only by its own @expect.
const TEXT = [
  '@viaVariable = {{sale2.payload.transaction.id}}',
  sale('sale1'),
  voidOf('void sale1', '{{sale1.payload.transaction.id}}'),
  sale('sale2'),
  sale('sale3'),
  sale('sale4', ['# @expect payload.transaction.id == {{sale4.payload.transaction.id}}']),
  voidOf('void sale2', '{{viaVariable}}'),
].join('\n');

describe('file references', () => {
  it('names the responses each request reads, through variables and @expect values', () => {
    const references = fileReferences(parse(TEXT));
    assert.deepEqual([0, 1, 2, 3, 4, 5].map((i) => [...references.namesReadBy(i)]), [[], ['sale1'], [], [], ['sale4'], ['sale2']]);
    assert.deepEqual([...references.dependencies(5)], [2]);
    assert.deepEqual([...references.dependencies(4)], [], 'its own response is not a dependency');
  });
});

describe('streamAll against the Local sandbox', () => {
  let sandbox: RunningSandbox;
  let client: GatewayClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, rate: 10_000 });
    client = new GatewayClient({
      environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      credentials: { apiKey: sandbox.apiKey },
    });
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });
  beforeEach(() => sandbox.control.reset());

  /** Options whose onOutcome records which named responses the map held when each request was done. */
  function options(file: RequestFile, named: Map<string, NamedExchange>, seen: Array<{ outcome: RequestOutcome; held: string[] }>): RunOptions {
    return {
      file,
      environment: { name: 'Local sandbox', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      namedResponses: named,
      send: (p) => client.sendRaw({ method: p.method, url: p.url.toString(), headers: p.headers, ...(p.body !== undefined ? { body: p.body } : {}) }),
      onOutcome: (outcome) => seen.push({ outcome, held: [...named.keys()].sort() }),
    };
  }

  it('passes like runAll, and holds each named response only while a request left reads it', async () => {
    const named = new Map<string, NamedExchange>();
    const seen: Array<{ outcome: RequestOutcome; held: string[] }> = [];
    await streamAll(options(parse(TEXT), named, seen));
    assert.deepEqual(seen.map((s) => [s.outcome.label, s.outcome.state]), [
      ['sale1', 'passed'], ['void sale1', 'passed'], ['sale2', 'passed'], ['sale3', 'passed'], ['sale4', 'passed'], ['void sale2', 'passed'],
    ]);
    // Told before it is let go: the outcome of the void still sees sale1, the next one does not.
    assert.deepEqual(seen.map((s) => s.held), [['sale1'], ['sale1'], ['sale2'], ['sale2'], ['sale2', 'sale4'], ['sale2']]);
    assert.deepEqual([...named.keys()], [], 'nothing is left once the file is done');
    assert.equal(sandbox.control.stats().byOperation['transactions.void'], 2);
  });

  it('runAll (the extension\'s) still keeps every named response for later sends', async () => {
    const named = new Map<string, NamedExchange>();
    const outcomes = await runAll(options(parse(TEXT), named, []));
    assert.equal(outcomes.length, 6);
    assert.deepEqual([...named.keys()].sort(), ['sale1', 'sale2', 'sale3', 'sale4']);
  });

  it('a dependency below its reader is sent first and kept until the reader is done', async () => {
    const text = [voidOf('void the later sale', '{{later.payload.transaction.id}}'), sale('later')].join('\n');
    const named = new Map<string, NamedExchange>();
    const seen: Array<{ outcome: RequestOutcome; held: string[] }> = [];
    await streamAll(options(parse(text), named, seen));
    assert.deepEqual(seen.map((s) => [s.outcome.label, s.outcome.state, s.outcome.asDependency === true]), [
      ['later', 'passed', true], ['void the later sale', 'passed', false],
    ]);
    assert.deepEqual(seen.map((s) => s.held), [['later'], ['later']]);
    assert.deepEqual([...named.keys()], []);
    assert.equal(sandbox.control.stats().byOperation['transactions.sale'], 1, 'the later sale is not sent twice');
  });
});
