// The run engine (src/core/runner) against a real Local sandbox: dependency order, chaining,
// dependencies sent first, stop at the first failure, every kind of @expect, XML paths, and
// requests whose variables have no value (never sent).
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { bodyFileReader } from '../../src/core/requestFile/bodyFile';
import { GatewayClient } from '../../src/core/http/client';
import { parseRequestFile, type RequestFile } from '../../src/core/requestFile';
import { createVariableResolver, dependencyOrder, directDependencies, runAll, runRequest, sendOutcomeOf, type NamedExchange, type PromptQuestion, type RequestOutcome, type RunOptions } from '../../src/core/runner';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server';

const SALE_BODY = `Content-Type: application/json

{"type": "SALE", "amount": "AMOUNT", "card": "4111111111111111", "exp-date": "1230"}`;

function sale(title: string, meta: string[], amount = '25.00'): string {
  return [`### ${title}`, ...meta.map((m) => `# ${m}`), 'POST {{gatewayUrl}}/rest/v2/transactions/sale', SALE_BODY.replace('AMOUNT', amount), ''].join('\n');
}

function parse(text: string): RequestFile {
  const file = parseRequestFile(text);
  assert.deepEqual(file.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), [], 'the test file parses');
  return file;
}

describe('dependency order', () => {
  const file = parseRequestFile([
    '@saleId = {{sale1.payload.transaction.id}}',
    '@alias = {{saleId}}',
    sale('first', ['@name sale1']),
    '### refund through two file variables',
    '# @name refund1',
    'POST {{gatewayUrl}}/rest/v2/transactions/refund',
    'Content-Type: application/json',
    '',
    '{"type": "REFUND", "id": "{{alias}}", "amount": "1.00"}',
    '',
    '### needs both',
    'GET {{gatewayUrl}}/rest/v2/transactions?id={{refund1.payload.transaction.id}}&sale={{sale1.payload.transaction.id}}',
    '',
    '### a needs b',
    '# @name a',
    'GET {{gatewayUrl}}/rest/v2/tokens/{{b.payload.x}}',
    '',
    '### b needs a',
    '# @name b',
    'GET {{gatewayUrl}}/rest/v2/tokens/{{a.payload.x}}',
    '',
    '### names nothing that exists',
    'GET {{gatewayUrl}}/rest/v2/tokens/{{nobody.payload.x}}?q={{undefinedVariable}}',
  ].join('\n'));

  it('finds a named request referenced through file variables', () => {
    assert.deepEqual(directDependencies(file, 1), [0]);
    assert.deepEqual(dependencyOrder(file, 1), [0]);
  });

  it('orders transitive dependencies before their dependents, each once', () => {
    assert.deepEqual(directDependencies(file, 2), [0, 1]);
    assert.deepEqual(dependencyOrder(file, 2), [0, 1]);
  });

  it('cuts a cycle where it closes instead of looping', () => {
    assert.deepEqual(dependencyOrder(file, 3), [4]);
    assert.deepEqual(dependencyOrder(file, 4), [3]);
  });

  it('ignores names no request has, and plain variables', () => {
    assert.deepEqual(directDependencies(file, 5), []);
    assert.deepEqual(dependencyOrder(file, 5), []);
    assert.deepEqual(dependencyOrder(file, 0), []);
  });
});

describe('running request files against the Local sandbox', () => {
  let sandbox: RunningSandbox;
  let client: GatewayClient;
  let environment: RunOptions['environment'];

  before(async () => {
    sandbox = await startSandbox({ port: 0, rate: 10_000 });
    environment = { name: 'Local sandbox', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl, merchantId: sandbox.merchantId };
    client = new GatewayClient({
      environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
      credentials: { apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId },
    });
  });
  after(async () => {
    await client.close();
    await sandbox.close();
  });
  beforeEach(() => sandbox.control.reset());

  function options(file: RequestFile, namedResponses = new Map<string, NamedExchange>(), seen: RequestOutcome[] = []): RunOptions {
    return {
      file,
      environment,
      namedResponses,
      send: (p) => sendOutcomeOf(client.sendRaw({ method: p.method, url: p.url.toString(), headers: p.headers, ...(p.body !== undefined ? { body: p.body } : {}) })),
      onOutcome: (o) => seen.push(o),
    };
  }

  const refundText = [
    sale('the sale', ['@name sale1', '@expect status 200']),
    '### refund it',
    '# @name refund1',
    '# @expect status 200',
    '# @expect payload.transaction.type == REFUND',
    'POST {{gatewayUrl}}/rest/v2/transactions/refund',
    'Content-Type: application/json',
    '',
    '{"type": "REFUND", "id": "{{sale1.payload.transaction.id}}", "amount": "5.00"}',
  ].join('\n');

  it('chains a refund to the sale it names, top to bottom', async () => {
    const named = new Map<string, NamedExchange>();
    const outcomes = await runAll(options(parse(refundText), named));
    assert.deepEqual(outcomes.map((o) => o.state), ['passed', 'passed']);
    const saleId = (named.get('sale1')?.body as any).payload.transaction.id;
    const refund = named.get('refund1')?.body as any;
    assert.equal(refund.payload.transaction.type, 'REFUND');
    assert.match(outcomes[1].result!.bodyText!, new RegExp(`"id":"\\d+"`));
    assert.notEqual(refund.payload.transaction.id, saleId);
    assert.equal(sandbox.control.stats().byOperation['transactions.refund'], 1);
  });

  it('fills the same written URL afresh for each request when it holds a named response or a file variable', async () => {
    // The base URL part of a target is filled once per run and reused; a target that also holds a
    // response's value, directly or through a file variable, must never be reused.
    const lookup = (name: string) => [`### look up ${name}`, `# @expect status 200`, 'GET {{gatewayUrl}}/rest/v2/transactions?id={{last.payload.transaction.id}}', ''].join('\n');
    const viaVariable = (name: string) => [`### look up ${name} via a variable`, `# @expect status 200`, 'GET {{gatewayUrl}}/rest/v2/transactions?id={{lastId}}', ''].join('\n');
    const text = ['@lastId = {{last.payload.transaction.id}}', sale('one', ['@name last']), lookup('one'), viaVariable('one'), sale('two', ['@name last'], '26.00'), lookup('two'), viaVariable('two')].join('\n');
    const outcomes = await runAll(options(parse(text)));
    assert.deepEqual(outcomes.map((o) => o.state), ['passed', 'passed', 'passed', 'passed', 'passed', 'passed']);
    const idOf = (o: RequestOutcome) => (o.result!.parsed as any).payload.transaction.id as string;
    assert.notEqual(idOf(outcomes[0]), idOf(outcomes[3]));
    for (const [saleAt, lookups] of [[0, [1, 2]], [3, [4, 5]]] as const) {
      for (const at of lookups) assert.equal(new URL(outcomes[at].result!.url).search, `?id=${idOf(outcomes[saleAt])}`);
    }
  });

  it('sending a request whose dependency is unsent sends the dependency first', async () => {
    const seen: RequestOutcome[] = [];
    const outcomes = await runRequest(options(parse(refundText), new Map(), seen), 1);
    assert.deepEqual(outcomes.map((o) => [o.index, o.state, o.asDependency === true]), [[0, 'passed', true], [1, 'passed', false]]);
    assert.deepEqual(seen.map((o) => o.index), [0, 1], 'onOutcome hears the dependency first');
    const stats = sandbox.control.stats();
    assert.equal(stats.byOperation['transactions.sale'], 1);
    assert.equal(stats.byOperation['transactions.refund'], 1);
  });

  it('a <@ body file\'s chained values count as dependencies: sending the refund alone sends the sale its file names first', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-runner-body-'));
    try {
      await writeFile(path.join(dir, 'refund.json'), '{"type": "REFUND", "id": "{{sale1.payload.transaction.id}}", "amount": "2.00"}');
      const text = [sale('the sale', ['@name sale1']), '### refund from a file', 'POST {{gatewayUrl}}/rest/v2/transactions/refund', 'Content-Type: application/json', '', '<@ refund.json', ''].join('\n');
      const outcomes = await runRequest({ ...options(parse(text)), readBodyFile: bodyFileReader({ folder: dir, root: { dir, name: 'the request file\'s folder' } }) }, 1);
      assert.deepEqual(outcomes.map((o) => [o.index, o.state, o.asDependency === true]), [[0, 'passed', true], [1, 'passed', false]]);
      assert.equal(sandbox.control.stats().byOperation['transactions.refund'], 1);
      // Without a reader (no folder to read from) the request says so and is not sent.
      const unread = await runRequest(options(parse(text)), 1);
      assert.match(unread[0].message ?? '', /the body is the file "refund\.json", and files cannot be read here/);
      // The same when the file's name comes from a file variable: the filled-in path is the one read for its references.
      const templated = `@kind = refund\n${text.replace('<@ refund.json', '<@ {{kind}}.json')}`;
      const again = await runRequest({ ...options(parse(templated)), readBodyFile: bodyFileReader({ folder: dir, root: { dir, name: 'the request file\'s folder' } }) }, 1);
      assert.deepEqual(again.map((o) => [o.index, o.state, o.asDependency === true]), [[0, 'passed', true], [1, 'passed', false]]);
      assert.equal(sandbox.control.stats().byOperation['transactions.refund'], 2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('asks for a "# @prompt" variable at each send, before filling the request; no answer, not sent; without a way to ask, a value given from outside serves', async () => {
    const text = ['# @prompt amount The amount to charge', '# @prompt cardNumber', '# @expect payload.transaction.amount == {{amount}}', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '',
      '{"type": "SALE", "amount": "{{amount}}", "card": "{{cardNumber}}", "exp-date": "1230"}', ''].join('\n');
    const asked: PromptQuestion[] = [];
    const answers: Record<string, string | undefined> = { amount: '7.00', cardNumber: '4111111111111111' };
    const ask = (q: PromptQuestion) => { asked.push(q); return Promise.resolve(answers[q.name]); };
    const [sent] = await runRequest({ ...options(parse(text)), ask }, 0);
    assert.equal(sent.state, 'passed', sent.message);
    assert.deepEqual(asked, [{ name: 'amount', question: 'The amount to charge', secret: false }, { name: 'cardNumber', question: 'A value for {{cardNumber}} (Sale)', secret: true }]);
    answers.cardNumber = undefined;
    const [declined] = await runRequest({ ...options(parse(text)), ask }, 0);
    assert.deepEqual([declined.state, declined.message], ['cancelled', 'not sent: no value was given for {{cardNumber}}']);
    const [headless] = await runRequest(options(parse(text)), 0);
    assert.equal(headless.state, 'error');
    assert.match(headless.message ?? '', /\{\{amount\}\} is asked for when the request is sent \(# @prompt\), and nothing here can ask: give it a value \(the CLI's --var amount=VALUE\)/);
    const [given] = await runRequest({ ...options(parse(text)), variableOverrides: [{ name: 'amount', value: '8.00' }, { name: 'cardNumber', value: '4111111111111111' }] }, 0);
    assert.equal(given.state, 'passed', given.message);
  });

  it('takes REST Client\'s {{name.response.body.$.path}} as {{name.path}}, the whole body for "$"', async () => {
    const text = [sale('the sale', ['@name s1']), '### refund, REST Client\'s form', '# @expect payload.transaction.ref-id == {{s1.response.body.$.payload.transaction.id}}',
      'POST {{gatewayUrl}}/rest/v2/transactions/refund', 'Content-Type: application/json', '', '{"type": "REFUND", "id": "{{s1.response.body.$.payload.transaction.id}}", "amount": "1.00"}', ''].join('\n');
    const outcomes = await runRequest(options(parse(text)), 1);
    assert.deepEqual(outcomes.map((o) => [o.index, o.state]), [[0, 'passed'], [1, 'passed']], JSON.stringify(outcomes.map((o) => o.message)));
    const resolve = createVariableResolver({ builtins: {}, fileVariables: [], namedResponses: new Map([['s1', { body: { payload: { id: 7 } }, headers: {}, request: { headers: {} } }]]) });
    assert.equal(resolve('s1.response.body.$'), '{"payload":{"id":7}}');
    assert.equal(resolve('s1.response.body.*'), '{"payload":{"id":7}}');
    assert.equal(resolve('s1.response.body.$.payload.id'), '7');
  });

  it('reads REST Client\'s {{name.response.headers.X}} and {{name.request.(body|headers).…}}: the answer\'s exchange-id, the invoice a system variable made', async () => {
    const text = ['### the sale', '# @name s1', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', 'X-Trace: trace-{{$randomInt 1000 10000}}', '',
      '{"type": "SALE", "amount": "2.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "INV-{{$randomInt 100000 1000000}}"}', '',
      '### a second sale that carries them',
      '# @expect payload.transaction.invoice == {{s1.request.body.$.invoice}}-B',
      '# @expect payload.transaction.description == {{s1.response.headers.Exchange-Id}}',
      '# @expect payload.transaction.comments == {{s1.request.headers.x-trace}}',
      'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '',
      '{"type": "SALE", "amount": "3.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "{{s1.request.body.$.invoice}}-B", "description": "{{s1.response.headers.exchange-id}}", "comments": "{{s1.request.headers.X-Trace}}"}', ''].join('\n');
    const named = new Map<string, NamedExchange>();
    const outcomes = await runAll(options(parse(text), named));
    assert.deepEqual(outcomes.map((o) => o.state), ['passed', 'passed'], JSON.stringify(outcomes.map((o) => o.message)));
    const second = outcomes[1].result?.parsed as { payload: { transaction: Record<string, string> } };
    assert.match(second.payload.transaction.invoice, /^INV-\d{6}-B$/);
    assert.match(second.payload.transaction.description, /^ID-clearent-cgw-1-/);
    assert.match(second.payload.transaction.comments, /^trace-\d{4}$/);
    const resolve = createVariableResolver({ builtins: {}, fileVariables: [], namedResponses: named });
    assert.equal(resolve('s1.response.headers.no-such-header'), undefined);
    assert.equal(resolve('s1.request.body.$.no.such.field'), undefined);
    assert.match(resolve('s1.request.body.*') ?? '', /^\{"type": "SALE"/, 'the body as sent');
  });

  it('a chained path its answer does not have says so, naming the request that was answered, and sends nothing', async () => {
    const text = [sale('the sale', ['@name sale1']), '### a void with a mistyped path', 'POST {{gatewayUrl}}/rest/v2/transactions/void', 'Content-Type: application/json', '',
      '{"type": "VOID", "id": "{{sale1.payload.transaction.idd}}", "x": "{{sale1.response.headers.no-such}}"}', ''].join('\n');
    const outcomes = await runAll(options(parse(text)));
    assert.deepEqual(outcomes.map((o) => o.state), ['passed', 'error']);
    assert.equal(outcomes[1].message, 'not sent: {{sale1.payload.transaction.idd}}, {{sale1.response.headers.no-such}}: "sale1" was answered, but its exchange has no such value — ' +
      'check the path (a path into its answer\'s body, response.headers.<Name>, request.body.$.<field>, request.headers.<Name>)');
    assert.equal(sandbox.control.stats().byOperation['transactions.void'] ?? 0, 0);
  });

  it('does not send a dependency again when its response is already known', async () => {
    const named = new Map<string, NamedExchange>();
    await runRequest(options(parse(refundText), named), 0);
    await runRequest(options(parse(refundText), named), 1);
    assert.equal(sandbox.control.stats().byOperation['transactions.sale'], 1);
  });

  it('with bail, stops at the first failure and reports the rest as skipped, unsent', async () => {
    const text = [
      sale('ok', ['@expect status 200']),
      sale('declined without a status expectation', [], '0.21'),
      sale('never sent', ['@expect status 200']),
      sale('nor this', []),
    ].join('\n');
    const outcomes = await runAll({ ...options(parse(text)), bail: true });
    assert.deepEqual(outcomes.map((o) => o.state), ['passed', 'failed', 'skipped', 'skipped']);
    assert.match(outcomes[1].message!, /HTTP 402/);
    assert.match(outcomes[2].message!, /not run/);
    assert.equal(sandbox.control.stats().byOperation['transactions.sale'], 2);
  });

  it('a failing status says what the gateway said about it, with or without a status expectation', async () => {
    // A decline without a status expectation: the reason, not only "HTTP 402".
    const [declined] = await runAll(options(parse(sale('declined', [], '0.21'))));
    assert.equal(declined.state, 'failed');
    assert.match(declined.message!, /^HTTP 402 Payment Required \(add "# @expect status 402" if that is what you expect\) — 402: .*The gateway says: "Insufficient funds"\..*\(exchange-id ID-[^)]+\)$/);
    // A malformed body where a 200 was expected: the gateway's own words on where the JSON breaks.
    const malformed = ['### malformed', '# @expect status 200', 'POST {{gatewayUrl}}/rest/v2/transactions/sale', 'Content-Type: application/json', '', '{"amount": "25.00", "card": "4111111111111111", "exp-date": "1230"', ''].join('\n');
    const [rejected] = await runAll(options(parseRequestFile(malformed)));
    assert.equal(rejected.state, 'failed');
    assert.match(rejected.message!, /status 200.*status was "400".* — 400: the gateway rejected the request as malformed\. The gateway says: "Malformed JSON body at line 1, column \d+/);
    // A failing path expectation on an answer that was meant to fail keeps to its own words.
    const [wrongCode] = await runAll(options(parse(sale('decline', ['@expect status 402', '@expect payload.error.result-code == 051'], '0.21'))));
    assert.equal(wrongCode.state, 'failed');
    assert.doesNotMatch(wrongCode.message!, /The gateway says/);
  });

  it('judges status and path expectations: ==, !=, exists, matches, passing and failing', async () => {
    const passing = [
      '@expect status 402',
      '@expect status != 200',
      '@expect payload.transaction.result == DECLINED',
      '@expect payload.transaction.result != APPROVED',
      '@expect payload.error.result-code exists',
      '@expect payload.error.error-message matches /insufficient/i',
    ];
    const outcomes = await runAll(options(parse(sale('decline', passing, '0.21'))));
    assert.equal(outcomes[0].state, 'passed', outcomes[0].message);
    assert.deepEqual(outcomes[0].expectations.map((e) => e.outcome.pass), passing.map(() => true));

    const failing = [
      ['@expect status 200', /status was "402"/],
      ['@expect status != 402', /status was "402"/],
      ['@expect payload.transaction.result == APPROVED', /was "DECLINED"/],
      ['@expect payload.transaction.result != DECLINED', /was "DECLINED"/],
      ['@expect payload.no-such-field exists', /was nothing/],
      ['@expect payload.error.result-code matches /^9/', /was "012"/],
    ] as const;
    for (const [line, message] of failing) {
      const [outcome] = await runAll(options(parse(sale('decline', [line], '0.21'))));
      assert.equal(outcome.state, 'failed', line);
      assert.match(outcome.message!, message, line);
      assert.match(outcome.message!, new RegExp(line.replace('@expect ', '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
    }
  });

  it('fills {{…}} in an expected value from the responses, so a request can check what it chained', async () => {
    const text = [
      sale('the sale', ['@name sale1']),
      '### look it up',
      '# @name found',
      '# @expect payload.transactions.transaction[0].id == {{sale1.payload.transaction.id}}',
      '# @expect payload.transactions.transaction[0].id != {{sale1.payload.transaction.amount}}',
      'GET {{gatewayUrl}}/rest/v2/transactions?id={{sale1.payload.transaction.id}}',
      '',
      '### a wrong chained value fails and names the path',
      '# @expect payload.transactions.transaction[0].id == {{sale1.payload.transaction.amount}}',
      'GET {{gatewayUrl}}/rest/v2/transactions?id={{sale1.payload.transaction.id}}',
    ].join('\n');
    const outcomes = await runAll(options(parse(text)));
    assert.deepEqual(outcomes.map((o) => o.state), ['passed', 'passed', 'failed'], outcomes.map((o) => o.message).join(' | '));
    assert.match(outcomes[2].message!, /payload\.transactions\.transaction\[0\]\.id was "\d+"/);
  });

  it('reads XML responses by element path, with or without the root element', async () => {
    const text = [
      '### an XML sale',
      '# @name xmlSale',
      '# @expect payload.transaction.result == APPROVED',
      '# @expect response.payload.transaction.card-type == VISA',
      'POST {{gatewayUrl}}/rest/v2/transactions/sale',
      'Content-Type: application/xml',
      'Accept: application/xml',
      '',
      '<transaction><type>SALE</type><amount>3.00</amount><card>4111111111111111</card><exp-date>1230</exp-date></transaction>',
      '',
      '### settings come back as XML too',
      '# @expect terminal-settings.enable-tip == true',
      'GET {{gatewayUrl}}/rest/v2/settings/terminal',
      '',
      '### void the XML sale by its id',
      '# @expect payload.transaction.type == VOID',
      'POST {{gatewayUrl}}/rest/v2/transactions/void',
      'Content-Type: application/json',
      '',
      '{"type": "VOID", "id": "{{xmlSale.payload.transaction.id}}"}',
    ].join('\n');
    const outcomes = await runAll(options(parse(text)));
    assert.deepEqual(outcomes.map((o) => `${o.state} ${o.message ?? ''}`.trim()), ['passed', 'passed', 'passed']);
    assert.equal(outcomes[0].result!.format, 'xml');
  });

  it('a variable with no value is an error outcome, and nothing is sent', async () => {
    const text = [
      '### refund of nothing',
      'POST {{gatewayUrl}}/rest/v2/transactions/refund',
      'Content-Type: application/json',
      '',
      '{"type": "REFUND", "id": "{{missingId}}", "amount": "1.00"}',
      '',
      sale('after it', []),
    ].join('\n');
    const outcomes = await runAll(options(parse(text)));
    assert.deepEqual(outcomes.map((o) => o.state), ['error', 'passed'], 'the run carries on to the request that does not need it');
    assert.match(outcomes[0].message!, /\{\{missingId\}\} has no value/);
    assert.equal(outcomes[0].result, undefined);
    assert.equal(sandbox.control.stats().byOperation['transactions.refund'] ?? 0, 0);
  });

  it('a dependency that fails leaves its dependent unsent', async () => {
    const text = [
      sale('declined sale', ['@name sale1', '@expect status 200'], '0.21'),
      '### refund it',
      'POST {{gatewayUrl}}/rest/v2/transactions/refund',
      'Content-Type: application/json',
      '',
      '{"type": "REFUND", "id": "{{sale1.payload.transaction.id}}", "amount": "5.00"}',
    ].join('\n');
    const outcomes = await runRequest(options(parse(text)), 1);
    assert.deepEqual(outcomes.map((o) => o.state), ['failed', 'skipped']);
    assert.match(outcomes[1].message!, /needs "sale1"/);
    assert.equal(sandbox.control.stats().byOperation['transactions.refund'] ?? 0, 0);
  });
});
