// The generator's choices, checked on its output text: what becomes a parameter and under which
// name, that keys are never literal, the catalog's headers, the C# program (no compiler here:
// its text is checked), and the CLI's `generate` command as a script would call it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { operationById } from '../../src/catalog';
import {
  LANGUAGES, codeRequestFromFile, codeRequestFromOperation, generateFromText, languageById, renderProgram,
} from '../../src/core/codegen/programs';
import { parseRequestFile } from '../../src/core/requestFile';
import { runToEnd, type ProcessRun } from '../cli/processRun';
import { BATCH_LANGUAGES } from './programBatch';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURE_PATH = path.join(__dirname, 'fixtures/integrator.gwreq');
const FIXTURE = readFileSync(FIXTURE_PATH, 'utf8');
const file = parseRequestFile(FIXTURE);
const indexOf = (name: string): number => file.requests.findIndex((r) => r.name === name);

describe('what a generated program reads from its environment', () => {
  it('file variables are resolved into the request; built-ins and chained values become named parameters', () => {
    const request = codeRequestFromFile(file, indexOf('tokenSale'));
    assert.deepEqual(request.parameters.map((p) => p.name), ['GATEWAY_URL', 'GATEWAY_API_KEY', 'VISA_TOKEN_TOKEN_ID']);
    const body = request.body?.text.map((s) => ('text' in s ? s.text : `<${s.param}>`)).join('');
    assert.match(body ?? '', /"card": "<VISA_TOKEN_TOKEN_ID>"/);
    assert.match(body ?? '', /"invoice": "INV-CODEGEN-T"/, '@invoice is resolved, text after it kept');
    assert.match(request.parameters[2]?.doc ?? '', /payload\.tokenResponse\.token-id of the "visaToken" response/);
  });

  it('a boarding request reads AccessKey and MerchantId; a gateway request only the api-key', () => {
    const boarding = codeRequestFromFile(file, indexOf('merchant'));
    assert.deepEqual(boarding.headers.slice(0, 2).map((h) => [h.name, h.value]), [
      ['AccessKey', [{ param: 'GATEWAY_ACCESS_KEY' }]],
      ['MerchantId', [{ param: 'GATEWAY_MERCHANT_ID' }]],
    ]);
    assert.equal(boarding.url[0] && 'param' in boarding.url[0] ? boarding.url[0].param : undefined, 'BOARDING_URL');
    const sale = codeRequestFromFile(file, indexOf('sale'));
    assert.deepEqual(sale.headers.filter((h) => h.value.some((s) => 'param' in s)).map((h) => h.name), ['api-key']);
  });

  it('a key written in the request file is dropped, never copied into the program', () => {
    const text = 'POST {{gatewayUrl}}/rest/v2/transactions/sale\napi-key: 0123456789abcdef-literal\nContent-Type: application/json\n\n{"amount":"1.00"}\n';
    for (const language of LANGUAGES) {
      const { code } = generateFromText(language, text);
      assert.ok(!code.includes('0123456789abcdef-literal'), `${language.id} copied the key`);
      assert.match(code, /GATEWAY_API_KEY/, `${language.id} does not read the key from the environment`);
    }
  });

  it('the catalog supplies Content-Type and Accept a request did not write (XML asks for XML)', () => {
    const text = 'POST {{gatewayUrl}}/rest/v2/transactions/sale\n\n<transaction><amount>1.00</amount></transaction>\n';
    const request = codeRequestFromFile(parseRequestFile(text), 0);
    const plain = (name: string): string | undefined => request.headers.find((h) => h.name === name)?.value.map((s) => ('text' in s ? s.text : '')).join('');
    assert.equal(plain('Content-Type'), 'application/xml');
    assert.equal(plain('Accept'), 'application/xml');
  });

  it('a value nothing defines becomes a parameter named after it; GATEWAY_URL falls back to the value given', () => {
    const text = 'GET {{gatewayUrl}}/rest/v2/tokens/{{myToken}}\n';
    const request = codeRequestFromFile(parseRequestFile(text), 0, { gatewayUrl: 'http://127.0.0.1:9999/' });
    assert.deepEqual(request.parameters.map((p) => [p.name, p.fallback]), [['GATEWAY_URL', 'http://127.0.0.1:9999'], ['MY_TOKEN', undefined], ['GATEWAY_API_KEY', undefined]]);
  });

  it('a system variable becomes a parameter the program makes afresh at each run; one no language makes alike keeps the value made when it was generated', () => {
    const text = 'POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n' +
      '{"invoice": "INV-{{$randomInt 1000 10000}}", "order-id": "{{$guid}}", "a": "{{$timestamp -2 h}}", "b": "{{$datetime rfc1123 1 w}}", "c": "{{$datetime \'YYYY-MM-DD\'}}", "d": "{{$timestamp 1 M}}", "e": "{{$localDatetime iso8601}}"}\n';
    const request = codeRequestFromFile(parseRequestFile(text), 0);
    const system = request.parameters.filter((p) => p.doc.startsWith('{{$'));
    assert.deepEqual(system.map((p) => p.name), ['RANDOM_INT_1000_10000', 'GUID', 'TIMESTAMP_2_H', 'DATETIME_RFC1123_1_W', 'DATETIME_YYYY_MM_DD', 'TIMESTAMP_1_M', 'LOCAL_DATETIME_ISO8601']);
    assert.deepEqual(system.map((p) => p.madeEachRun), [
      { kind: 'randomInt', min: 1000, max: 10000 }, { kind: 'uuid' }, { kind: 'timestamp', offsetMs: -7_200_000 }, { kind: 'rfc1123', offsetMs: 604_800_000 },
      undefined, undefined, undefined,
    ], 'a Day.js format, an offset in months and a local time are not made alike in every language');
    assert.match(system[0].fallback ?? '', /^\d{4}$/);
    assert.match(system[1].fallback ?? '', /^[0-9a-f-]{36}$/);
    assert.match(system[0].doc, /made afresh at each run, as the request file makes it at each send/);
    assert.match(system[4].doc, /a new value at each send from the request file; this program's was made when it was generated/);
    for (const language of LANGUAGES) {
      const program = renderProgram(language, request).code;
      assert.ok(!program.includes(`"${system[0].fallback}"`) && !program.includes(`'${system[0].fallback}'`), `${language.id}: the generated invoice number is not carried`);
      assert.ok(program.includes(system[4].fallback as string), `${language.id}: the Day.js-formatted date is carried as made`);
    }
  });

  it('a "# @prompt" variable becomes a parameter that says it is asked for; one named like a secret is a secret parameter', () => {
    const text = '@amount = 1.00\n\n# @prompt amount The amount to charge\n# @prompt token\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"amount": "{{amount}}", "description": "{{token}}"}\n';
    const parameters = codeRequestFromFile(parseRequestFile(text), 0).parameters;
    const amount = parameters.find((p) => p.name === 'AMOUNT');
    const token = parameters.find((p) => p.name === 'TOKEN');
    assert.match(amount?.doc ?? '', /^\{\{amount\}\}: asked for at each send in the editor \(# @prompt: "The amount to charge"\)/, 'the prompt, not the file\'s 1.00, as at a send');
    assert.equal(amount?.fallback, undefined);
    assert.equal(amount?.secret, undefined);
    assert.equal(token?.secret, true, 'typed unseen in the editor: a secret parameter in the program');
  });

  it('two chained values that would share a name get distinct ones', () => {
    const text = '# @name a\nGET {{gatewayUrl}}/rest/v2/tokens/1\n\n###\n# @name b\nGET {{gatewayUrl}}/rest/v2/tokens/1\n\n###\nGET {{gatewayUrl}}/rest/v2/tokens/{{a.payload.x.id}}?{{a.payload.x-id}}\n';
    const names = codeRequestFromFile(parseRequestFile(text), 2).parameters.map((p) => p.name);
    assert.deepEqual(names, ['GATEWAY_URL', 'A_X_ID', 'A_X_ID_2', 'GATEWAY_API_KEY']);
  });

  it('REST Client\'s forms of a chained value are named after the value, and say whether the request or its answer holds it', () => {
    const text = '# @name s1\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\n\n{"invoice": "INV-1"}\n\n###\nGET {{gatewayUrl}}/rest/v2/transactions?invoice={{s1.request.body.$.invoice}}&x={{s1.response.headers.exchange-id}}&t={{s1.response.body.$.payload.transaction.id}}\n';
    const parameters = codeRequestFromFile(parseRequestFile(text), 1).parameters;
    assert.deepEqual(parameters.map((p) => p.name), ['GATEWAY_URL', 'S1_INVOICE', 'S1_EXCHANGE_ID', 'S1_TRANSACTION_ID', 'GATEWAY_API_KEY']);
    assert.match(parameters[1].doc ?? '', /request\.body\.\$\.invoice of the "s1" request as sent/);
    assert.match(parameters[2].doc ?? '', /response\.headers\.exchange-id of the "s1" response/);
  });

  it('a catalog operation alone (a tree node) becomes a program with its path parameters as parameters', () => {
    const operation = operationById('tokens.update');
    assert.ok(operation);
    const request = codeRequestFromOperation(operation);
    assert.deepEqual(request.parameters.map((p) => p.name), ['GATEWAY_URL', 'TOKEN_ID', 'GATEWAY_API_KEY']);
    assert.equal(request.body?.format, 'json');
    const known = codeRequestFromOperation(operation, {}, { tokenId: '1234' });
    assert.ok(known.url.some((s) => 'text' in s && s.text.endsWith('/rest/v2/tokens/1234')));
  });
});

describe('a language is one generator: what the editor and the tests need is its data', () => {
  it('each opens in an editor language, and each with a toolchain says how to find and run it', () => {
    for (const language of LANGUAGES) {
      assert.match(language.editorLanguage, /^[a-z]+$/, language.id);
      const chain = language.toolchain;
      if (!chain) continue;
      assert.ok(chain.needs && chain.debianPackages.length > 0 && chain.checks.length > 0, language.id);
      assert.ok(chain.run.some((word) => word.includes('{file}')), `${language.id}: its run command names no {file}`);
      const usesTool = [...chain.checks.flat(), ...chain.run].some((word) => word.includes('{tool}'));
      assert.equal(usesTool, chain.tools !== undefined, `${language.id}: {tool} and tools go together`);
    }
  });

  it('every language with a toolchain has a batch runner for the hostile-file property, and only those', () => {
    const runnable = LANGUAGES.filter((l) => l.toolchain).map((l) => l.id).sort();
    assert.deepEqual([...BATCH_LANGUAGES].sort(), runnable, 'test/codegen/programBatch.ts: BATCH_LANGUAGES and a runner in runPrograms');
  });
});

describe('the C# program (checked as text: no C# compiler on this machine)', () => {
  const csharp = languageById('csharp');
  assert.ok(csharp);

  it('reads keys and chained values from the environment and interpolates them into a raw string body', () => {
    const { code } = renderProgram(csharp, codeRequestFromFile(file, indexOf('tokenSale')));
    assert.match(code, /^var gatewayApiKey = Env\("GATEWAY_API_KEY"\);$/m);
    assert.match(code, /^var visaTokenTokenId = Env\("VISA_TOKEN_TOKEN_ID"\);$/m);
    assert.match(code, /^var body = \$\$"""\n\{\n {2}"type": "SALE",\n[\s\S]*"card": "\{\{visaTokenTokenId\}\}",[\s\S]*\n}\n""";$/m);
    assert.match(code, /request\.Content = new StringContent\(body, Encoding\.UTF8, "application\/json"\)/);
    assert.ok(!/TryAddWithoutValidation\("Content-Type"/.test(code), 'HttpClient refuses Content-Type on the request headers');
  });

  it('handles 402, 429 and a POST\'s network error the way the core client does', () => {
    const { code } = renderProgram(csharp, codeRequestFromFile(file, indexOf('decline')));
    assert.match(code, /HttpStatusCode\.PaymentRequired/);
    assert.match(code, /GetProperty\("payload"\)\.GetProperty\("error"\)/);
    assert.match(code, /HttpStatusCode\.TooManyRequests \|\| attempt == 3\) break;/);
    assert.match(code, /response\.Headers\.RetryAfter\?\.Delta \?\? TimeSpan\.FromSeconds\(Math\.Pow\(2, attempt\)\)/);
    assert.match(code, /not retried: the gateway may already have\n\s*\/\/ processed this POST/);
  });

  it('a body with braces of its own gets enough $ to keep them as text', () => {
    const text = '@x = 1\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n{"a":{"b":{}},"c":"{{y}}"}\n';
    const { code } = generateFromText(csharp, text);
    assert.match(code, /var body = \$\$\$"""\n\{"a":\{"b":\{\}\},"c":"\{\{\{y\}\}\}"\}\n""";/);
  });

  it('braces are balanced in every program generated from the fixture', () => {
    for (const request of file.requests) {
      const { code } = renderProgram(csharp, codeRequestFromFile(file, file.requests.indexOf(request)));
      const withoutStrings = code.replace(/\$*"""[\s\S]*?"""/g, '""').replace(/\$?"(?:[^"\\\n]|\\.)*"/g, '""').replace(/\/\/.*$/gm, '');
      assert.equal((withoutStrings.match(/\{/g) ?? []).length, (withoutStrings.match(/\}/g) ?? []).length, request.name);
    }
  });
});


function generate(args: string[], env: Record<string, string> = {}): Promise<ProcessRun> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'BOARDING_URL'));
  return runToEnd(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), 'generate', ...args], { cwd: ROOT, env: { ...clean, ...env } });
}

describe('gateway-workbench generate', () => {
  it('prints the program for the request named, with GATEWAY_URL from the environment as its default', async () => {
    const run = await generate(['--lang', 'python', FIXTURE_PATH, '--request', 'sale'], { GATEWAY_URL: 'http://127.0.0.1:7777' });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^gateway_url = env\("GATEWAY_URL", "http:\/\/127\.0\.0\.1:7777"\)\.rstrip\("\/"\)$/m);
    assert.match(run.stdout, /"invoice": "INV-CODEGEN"/);
    assert.equal(run.stderr, '');
  });

  it('reads a request file saved as UTF-16 like one saved as UTF-8', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gw-generate-'));
    const utf16 = path.join(folder, 'integrator-utf16.gwreq');
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(FIXTURE, 'utf16le')]));
    const [fromUtf16, fromUtf8] = await Promise.all([generate(['--lang', 'python', utf16, '--request', 'sale']), generate(['--lang', 'python', FIXTURE_PATH, '--request', 'sale'])]);
    assert.equal(fromUtf16.code, 0, fromUtf16.stderr);
    // The program below its header comment (which names the file, wrapped to the path's length).
    const program = (text: string) => text.split('\n').filter((line) => !line.startsWith('#')).join('\n');
    assert.match(fromUtf16.stdout, /"invoice": "INV-CODEGEN"/);
    assert.equal(program(fromUtf16.stdout), program(fromUtf8.stdout));
  });

  it('--line picks the request whose block holds the line', async () => {
    const line = FIXTURE.split('\n').findIndex((l) => l.includes('CUST-CODEGEN')) + 1;
    const run = await generate(['--lang', 'curl', FIXTURE_PATH, '--line', String(line)]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^: "\$\{BOARDING_URL:\?set BOARDING_URL \(in VS Code: Gateway: Open Terminal with Gateway Variables, or Gateway: Copy Connection Settings\)\}"$/m);
    assert.match(run.stdout, /curl -sS -X 'POST' "\$BOARDING_URL"'\/api\/launchIntegratorSetup/);
    assert.match(run.stdout, /-H 'AccessKey: '"\$GATEWAY_ACCESS_KEY"/);
  });

  it('bad arguments exit 2 with the fix in one line', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--lang', 'cobol', FIXTURE_PATH], /--lang must be one of curl\|js\|python\|php\|java\|go\|csharp, not "cobol"/],
      [[FIXTURE_PATH], /missing --lang/],
      [['--lang', 'js', FIXTURE_PATH], /the file has 7 requests: choose one with --request NAME or --line N/],
      [['--lang', 'js', FIXTURE_PATH, '--request', 'nope'], /no request is named "nope"; named requests: sale, terminal/],
      [['--lang', 'js', FIXTURE_PATH, '--request', 'sale', '--line', '3'], /not both/],
      [['--lang', 'js', 'no-such.gwreq'], /cannot read no-such\.gwreq: no such file/],
      // Past the end, the last block would otherwise "hold" any line: a typo must not generate the wrong request.
      [['--lang', 'js', FIXTURE_PATH, '--line', '9999'], new RegExp(`line 9999 is past the end of the file, which has ${FIXTURE.replace(/\n$/, '').split('\n').length} lines`)],
    ];
    for (const [args, message] of cases) {
      const run = await generate(args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.equal(run.stderr.trim().split('\n').length, 1);
    }
  });

  it('a request no client can send as written is refused (exit 2, the reason in one line), never printed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'generate-refused-'));
    const method = path.join(dir, 'method.gwreq');
    writeFileSync(method, 'POST$(touch${IFS}x)\x1b[2J {{gatewayUrl}}/rest/v2/transactions/sale\n\n{"amount": "1.00"}\n');
    const fragment = path.join(dir, 'fragment.gwreq');
    writeFileSync(fragment, 'GET {{gatewayUrl}}/rest/v2/transactions#x\n');
    for (const [file, message] of [[method, /method\.gwreq: line 1: unknown method "POST\$\(touch\$\{IFS\}x\)<U\+001B>\[2J"/], [fragment, /starts a fragment/]] as const) {
      const run = await generate(['--lang', 'curl', file]);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, message);
      assert.equal(run.stdout, '', 'no program');
      assert.doesNotMatch(run.stderr, /\x1b/, 'the smuggled escape is shown, not sent to the terminal');
      assert.equal(run.stderr.trim().split('\n').length, 1);
    }
  });
});
