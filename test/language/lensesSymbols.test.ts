import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SymbolKind } from 'vscode-languageserver-types';
import { analyzeDocument, languageHandlers } from '../../src/language/handlers';

const FILE = [
  '@amount = 25.00', //                                  0
  '', //                                                 1
  '### Sale with a test card', //                        2
  '# @name sale1', //                                    3
  '# @expect status 200', //                             4
  'POST {{gatewayUrl}}/rest/v2/transactions/sale', //    5
  '', //                                                 6
  '{"amount": "{{amount}}"}', //                         7
  '###', //                                              8
  'POST {{gatewayUrl}}/rest/v2/transactions/refund', //  9
  '###', //                                              10
  'GET {{gatewayUrl}}/rest/v2/unknown', //               11
].join('\n');
const URI = 'file:///work/requests/sale.gwreq';

describe('code lenses', () => {
  const doc = analyzeDocument(FILE, URI, 3);

  it('puts Send above each request, Send All above the first, and one "Send to…" picker', () => {
    const lenses = languageHandlers.codeLenses(doc, { active: 'Local sandbox', names: ['Local sandbox', 'Staging', 'Production'] });
    const first = lenses.filter((l) => l.range.start.line === 5 && l.command?.command !== 'gateway.generateCode');
    assert.deepEqual(first.map((l) => l.command?.title), ['▷ Send (Local sandbox)', 'Send to…', 'Send All']);
    assert.deepEqual(first.map((l) => l.command?.command), ['gateway.sendRequestAt', 'gateway.sendRequestAt', 'gateway.sendAll']);
    assert.deepEqual(first.map((l) => l.command?.arguments), [[URI, 0], [URI, 0, { pickEnvironment: true }], [URI]]);
    assert.deepEqual(lenses.filter((l) => l.range.start.line === 9).map((l) => l.command?.arguments), [[URI, 1], [URI, 1, { pickEnvironment: true }], [URI, 1]]);
    assert.equal(lenses.length, 3 * 3 + 1, 'Send, Send to…, Code… on each request; Send All once');
    assert.match(first[0].command?.tooltip ?? '', /Local sandbox/);
  });

  it('offers Code… on every request, for the program that sends it', () => {
    const lenses = languageHandlers.codeLenses(doc, { active: 'Local sandbox', names: ['Local sandbox'] }).filter((l) => l.command?.command === 'gateway.generateCode');
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command?.arguments]), [[5, [URI, 0]], [9, [URI, 1]], [11, [URI, 2]]]);
  });

  it('keeps the same lenses however many environments exist (issue 35)', () => {
    const titles = (names: string[]) => languageHandlers.codeLenses(doc, { active: names[0], names }).map((l) => l.command?.title?.replace(/\(.*\)/, '(…)'));
    const one = titles(['A']);
    assert.deepEqual(titles(['A', 'B', 'C', 'D', 'E', 'F']), one);
    assert.deepEqual(titles(['A', 'B']), one);
  });
});

describe('the plain Send lens names where it goes (issue 11)', () => {
  const envs = { active: 'Local sandbox', names: ['Local sandbox', 'Staging', 'Prod'], production: ['Prod'], local: 'Local sandbox' };
  const opened = (name: string) => analyzeDocument(`# Sale (transactions.sale) — moves money\n# Environment: ${name}. Send with "Gateway: Send Request".\n\n${FILE}`, `untitled:${name}`, 1);
  const sendTitles = (doc: ReturnType<typeof analyzeDocument>, e = envs) => languageHandlers.codeLenses(doc, e).filter((l) => l.command?.command === 'gateway.sendRequestAt' && l.command.arguments?.length === 2).map((l) => l.command?.title);

  it('names the target, and says PRODUCTION in words', () => {
    assert.deepEqual(sendTitles(opened('Local sandbox')), ['▷ Send (Local sandbox)', '▷ Send (Local sandbox)', '▷ Send (Local sandbox)']);
    assert.deepEqual(sendTitles(opened('Staging')), ['▷ Send (Staging)', '▷ Send (Staging)', '▷ Send (Staging)']);
    assert.deepEqual(sendTitles(opened('Prod')), ['▷ Send (Prod · PRODUCTION)', '▷ Send (Prod · PRODUCTION)', '▷ Send (Prod · PRODUCTION)']);
  });

  it('without a header (or naming an unknown environment) the target is the active one', () => {
    assert.deepEqual(sendTitles(doc0(), { ...envs, active: 'Prod' }), ['▷ Send (Prod · PRODUCTION)', '▷ Send (Prod · PRODUCTION)', '▷ Send (Prod · PRODUCTION)']);
    assert.deepEqual(sendTitles(opened('Gone'), { ...envs, active: 'Staging' }), ['▷ Send (Staging)', '▷ Send (Staging)', '▷ Send (Staging)']);
  });

  it('other environments are one "Send to…" picker', () => {
    const titles = languageHandlers.codeLenses(opened('Prod'), envs).filter((l) => l.range.start.line === 8).map((l) => l.command?.title);
    assert.deepEqual(titles, ['▷ Send (Prod · PRODUCTION)', 'Send to…', 'Send All', 'Code…']);
  });

  function doc0() {
    return analyzeDocument(FILE, URI, 4);
  }
});

describe('document symbols', () => {
  it('outlines the requests by name, title or method and path, with the operation as detail', () => {
    const symbols = languageHandlers.symbols(analyzeDocument(FILE, URI, 3));
    assert.deepEqual(symbols.map((s) => [s.name, s.detail, s.kind]), [
      ['sale1', 'Sale', SymbolKind.Method],
      ['POST {{gatewayUrl}}/rest/v2/transactions/refund', 'Refund', SymbolKind.Method],
      ['GET {{gatewayUrl}}/rest/v2/unknown', 'GET {{gatewayUrl}}/rest/v2/unknown', SymbolKind.Method],
    ]);
    assert.deepEqual(symbols[0].range, { start: { line: 3, character: 0 }, end: { line: 7, character: 24 } });
    assert.deepEqual(symbols[0].selectionRange, { start: { line: 5, character: 0 }, end: { line: 5, character: 4 } });
    assert.deepEqual(symbols[0].children?.map((c) => c.name), ['@expect status 200']);
  });
});
