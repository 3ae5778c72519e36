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

  it('puts Send above each request, Send All above the first, and Send to… for each other environment', () => {
    const lenses = languageHandlers.codeLenses(doc, { active: 'Local sandbox', names: ['Local sandbox', 'Staging', 'Production'] });
    const first = lenses.filter((l) => l.range.start.line === 5 && l.command?.command !== 'gateway.generateCode');
    assert.deepEqual(first.map((l) => l.command?.title), ['▷ Send', 'Send to Staging', 'Send to Production', 'Send All']);
    assert.deepEqual(first.map((l) => l.command?.command), ['gateway.sendRequestAt', 'gateway.sendRequestAt', 'gateway.sendRequestAt', 'gateway.sendAll']);
    assert.deepEqual(first.map((l) => l.command?.arguments), [[URI, 0], [URI, 0, 'Staging'], [URI, 0, 'Production'], [URI]]);
    assert.deepEqual(lenses.filter((l) => l.range.start.line === 9).map((l) => l.command?.arguments), [[URI, 1], [URI, 1, 'Staging'], [URI, 1, 'Production'], [URI, 1]]);
    assert.equal(lenses.length, 3 * (3 + 1) + 1, 'Send, two Send to, Code… on each request; Send All once');
    assert.match(first[0].command?.tooltip ?? '', /Local sandbox/);
  });

  it('offers Code… on every request, for the program that sends it', () => {
    const lenses = languageHandlers.codeLenses(doc, { active: 'Local sandbox', names: ['Local sandbox'] }).filter((l) => l.command?.command === 'gateway.generateCode');
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command?.arguments]), [[5, [URI, 0]], [9, [URI, 1]], [11, [URI, 2]]]);
  });

  it('names three other environments, then offers "Send to…" with pickEnvironment', () => {
    const lenses = languageHandlers.codeLenses(doc, { active: 'A', names: ['A', 'B', 'C', 'D', 'E', 'F'] }).filter((l) => l.range.start.line === 9);
    assert.deepEqual(lenses.map((l) => l.command?.title), ['▷ Send', 'Send to B', 'Send to C', 'Send to D', 'Send to…', 'Code…']);
    assert.deepEqual(lenses[4].command?.arguments, [URI, 1, { pickEnvironment: true }]);
  });
});

describe('the plain Send lens names where it goes (issue 11)', () => {
  const envs = { active: 'Local sandbox', names: ['Local sandbox', 'Staging', 'Prod'], production: ['Prod'], local: 'Local sandbox' };
  const opened = (name: string) => analyzeDocument(`# Sale (transactions.sale) — moves money\n# Environment: ${name}. Send with "Gateway: Send Request".\n\n${FILE}`, `untitled:${name}`, 1);
  const sendTitles = (doc: ReturnType<typeof analyzeDocument>, e = envs) => languageHandlers.codeLenses(doc, e).filter((l) => l.command?.command === 'gateway.sendRequestAt' && l.command.arguments?.length === 2).map((l) => l.command?.title);

  it('says nothing more for the Local sandbox, the name for a sandbox, and PRODUCTION in words', () => {
    assert.deepEqual(sendTitles(opened('Local sandbox')), ['▷ Send', '▷ Send', '▷ Send']);
    assert.deepEqual(sendTitles(opened('Staging')), ['▷ Send to Staging', '▷ Send to Staging', '▷ Send to Staging']);
    assert.deepEqual(sendTitles(opened('Prod')), ['▷ Send to Prod (PRODUCTION)', '▷ Send to Prod (PRODUCTION)', '▷ Send to Prod (PRODUCTION)']);
  });

  it('without a header (or naming an unknown environment) the target is the active one', () => {
    assert.deepEqual(sendTitles(doc0(), { ...envs, active: 'Prod' }), ['▷ Send to Prod (PRODUCTION)', '▷ Send to Prod (PRODUCTION)', '▷ Send to Prod (PRODUCTION)']);
    assert.deepEqual(sendTitles(opened('Gone'), { ...envs, active: 'Staging' }), ['▷ Send to Staging', '▷ Send to Staging', '▷ Send to Staging']);
  });

  it('"Send to <other>" lists every environment but the target', () => {
    const titles = languageHandlers.codeLenses(opened('Prod'), envs).filter((l) => l.range.start.line === 8).map((l) => l.command?.title);
    assert.deepEqual(titles, ['▷ Send to Prod (PRODUCTION)', 'Send to Local sandbox', 'Send to Staging', 'Send All', 'Code…']);
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
