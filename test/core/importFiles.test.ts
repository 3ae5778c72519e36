// Import on files written as each tool's users write them for this gateway (test/fixtures/import/):
// a Postman v2.1 collection with its environment, a REST Client / httpYac .http file, a Bruno
// collection folder, a browser's HAR and a pasted cURL command. Each imported request file is then
// run by the headless runner against a fresh in-process Local sandbox and must pass, with no key
// from the sources in anything written.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { importFiles, importPastedCurl, type ImportReport } from '../../src/core/import/importFiles';
import { importReportText } from '../../src/core/import/importReportText';
import { parseRequestFile } from '../../src/core/requestFile';
import { runFiles } from '../../src/cli/run/runFiles';
import { startLocalTarget } from '../../src/cli/run/runTarget';

const FIXTURES = path.resolve(__dirname, '../fixtures/import');
const POSTMAN = path.join(FIXTURES, 'Gateway Payments.postman_collection.json');
const POSTMAN_ENV = path.join(FIXTURES, 'Gateway Sandbox.postman_environment.json');
const HTTP = path.join(FIXTURES, 'payments.http');
const BRUNO = path.join(FIXTURES, 'bruno/Gateway Payments');
const HAR = path.join(FIXTURES, 'checkout.har');
const CURL = path.join(FIXTURES, 'sale-curl.txt');
/** The keys the sources hold (an environment, a @variable, a HAR header, a pasted command). */
const SOURCE_KEYS = ['a3f1c9e07b5d42e8916c0d7f3b2a8e45', '5c2e8d1f9a7b4036be41d2c9f0a6e7b3', '9d41e7c2b8a05f36d1c4e92a7b3f08d6', '71be3a90c4d84f2e9a6b05c1d8e7f243'];

let out: string;
let report: ImportReport;

async function runGreen(file: string): Promise<void> {
  const target = await startLocalTarget();
  try {
    const result = await runFiles([{ path: file, text: await readFile(file, 'utf8') }], target);
    const requests = result.files[0].requests;
    assert.ok(requests.length > 0, `${file} ran no request`);
    for (const r of requests) assert.equal(r.state, 'passed', `${path.basename(file)}: "${r.label}" ${r.state}: ${r.message ?? ''} ${JSON.stringify(r.expectations ?? [])}`);
  } finally {
    await target.close();
  }
}

const outputOf = (source: string): string => {
  const file = report.files.find((f) => f.source === source);
  assert.ok(file?.output, `${source} was imported: ${JSON.stringify(file)}`);
  return file.output;
};

describe('gateway-workbench import: real-world files, then run green against the Local sandbox', () => {
  before(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'gw-import-'));
    report = await importFiles([POSTMAN, POSTMAN_ENV, HTTP, BRUNO, HAR, CURL], { outDir: out });
  });
  after(() => rm(out, { recursive: true, force: true }));

  it('writes one request file per source, none holding a key, each parsing without errors', async () => {
    const written = (await readdir(out)).sort();
    assert.deepEqual(written, ['Gateway-Payments-2.gwreq', 'Gateway-Payments.gwreq', 'checkout.gwreq', 'payments.gwreq', 'sale-curl.gwreq']);
    for (const name of written) {
      const text = await readFile(path.join(out, name), 'utf8');
      for (const key of SOURCE_KEYS) assert.ok(!text.includes(key), `${name} holds a key`);
      assert.doesNotMatch(text, /^(api-key|authorization|accesskey)\s*:/im, `${name} has a key header`);
      assert.deepEqual(parseRequestFile(text).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), [], name);
    }
    const printed = importReportText(report);
    for (const key of SOURCE_KEYS) assert.ok(!printed.includes(key), 'the report holds a key');
  });

  it('Postman: {{baseUrl}} from the environment, api-key lifted, collectionVariables.set chaining and pm tests as @expect; runs green', async () => {
    const file = outputOf(POSTMAN);
    const text = await readFile(file, 'utf8');
    assert.match(text, /^POST \{\{gatewayUrl\}\}\/rest\/v2\/transactions\/sale$/m);
    assert.match(text, /# @name cardTransactionsSale\n# @expect status 200\n# @expect payload\.transaction\.result == APPROVED\n# @expect payload\.transaction\.result-code == 000\n/);
    assert.match(text, /"id": "\{\{cardTransactionsSale\.payload\.transaction\.id\}\}"/);
    assert.match(text, /# @expect payload\.transaction\.type == REFUND/);
    assert.match(text, /\?page-size=5$/m, 'a disabled query parameter is left out');
    assert.doesNotMatch(text, /slack/i, 'a request to another host is not written');
    const printed = importReportText(report);
    assert.match(printed, /host hooks\.slack\.com is not a gateway or boarding host: not imported/);
    assert.match(printed, /test script statement not carried over: pm\.expect\(pm\.response\.responseTime\)/);
    assert.match(printed, /pre-request script \(1 line\) not carried over/);
    assert.match(printed, /key header api-key removed; the environment supplies it/);
    await runGreen(file);
  });

  it('REST Client / httpYac: @baseUrl and @apiKey lifted, {{$guid}} and response.body chaining kept, ?? status as @expect; runs green', async () => {
    const file = outputOf(HTTP);
    const text = await readFile(file, 'utf8');
    assert.doesNotMatch(text, /@baseUrl|@apiKey/);
    assert.match(text, /\{\{\$guid\}\}/);
    assert.match(text, /\{\{createToken\.response\.body\.\$\.payload\.tokenResponse\.token-id\}\}/);
    assert.match(text, /# @name tokenSale\n# @expect status 200\n# @expect payload\.transaction\.result == APPROVED\n/);
    assert.match(importReportText(report), /httpYac assertion not carried over: \?\? duration < 2000/);
    await runGreen(file);
  });

  it('Bruno: environment variables, assert blocks as @expect, vars:post-response as chaining, scripts reported; runs green', async () => {
    const file = outputOf(BRUNO);
    const text = await readFile(file, 'utf8');
    assert.match(text, /@authAmount = 30\.00/);
    assert.match(text, /# @name salesAuthorize\n# @expect status 200\n# @expect payload\.transaction\.result == APPROVED\n# @expect payload\.transaction\.type == AUTH\n/);
    assert.match(text, /"id": "\{\{salesAuthorize\.payload\.transaction\.id\}\}"/);
    const printed = importReportText(report);
    assert.match(printed, /assert "res\.responseTime: lt 2000" has no @expect equivalent/);
    assert.match(printed, /tests block not carried over/);
    await runGreen(file);
  });

  it('HAR: the gateway entry kept without its api-key header or browser headers, the font request left out; runs green', async () => {
    const file = outputOf(HAR);
    const text = await readFile(file, 'utf8');
    assert.doesNotMatch(text, /:authority|user-agent|sec-fetch|origin|referer|fonts\.gstatic/i);
    assert.match(text, /# @expect status 200\nPOST \{\{gatewayUrl\}\}\/rest\/v2\/transactions\/sale\n/);
    await runGreen(file);
  });

  it('cURL (a file and a paste): quoting and line continuations read, never run; the key header lifted; runs green', async () => {
    await runGreen(outputOf(CURL));
    const pasted = await importPastedCurl(`curl https://gateway-sb.clearent.net/rest/v2/transactions/sale -H "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl" -H 'content-type: application/json' -d '{"type":"SALE","amount":"3.00","card":"4111111111111111","exp-date":"1230","invoice":"$(touch /tmp/gw-pwned)"}'`, { outDir: path.join(out, 'pasted') });
    const pastedFile = pasted.files[0].output!;
    assert.equal(path.basename(pastedFile), 'curl.gwreq');
    const pastedText = await readFile(pastedFile, 'utf8');
    assert.doesNotMatch(pastedText, /Authorization|eyJhbGci/);
    assert.match(pastedText, /\$\(touch \/tmp\/gw-pwned\)/, 'a command substitution stays text');
    await runGreen(pastedFile);
  });
});

describe('gateway-workbench import: what a stranger\'s file cannot do', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gw-import-attack-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('a collection named to climb out of --out is written inside it, and an existing file or a link there is never overwritten', async () => {
    const evil = path.join(dir, 'evil.json');
    const collection = JSON.parse(await readFile(POSTMAN, 'utf8'));
    collection.info.name = '../../../etc/cron.d/x';
    await writeFile(evil, JSON.stringify(collection));
    const outDir = path.join(dir, 'out');
    const first = await importFiles([evil], { outDir });
    assert.equal(path.dirname(path.resolve(first.files[0].output!)), path.resolve(outDir));
    assert.equal(path.basename(first.files[0].output!), 'etc-cron.d-x.gwreq');
    // Again: numbered, the first kept as it was.
    await writeFile(path.join(outDir, 'etc-cron.d-x.gwreq'), 'mine');
    const victim = path.join(dir, 'victim.txt');
    await writeFile(victim, 'untouched');
    await symlink(victim, path.join(outDir, 'etc-cron.d-x-2.gwreq'));
    const second = await importFiles([evil], { outDir, force: true });
    assert.equal(path.basename(second.files[0].output!), 'etc-cron.d-x.gwreq', '--force overwrites a plain file');
    const third = await importFiles([evil], { outDir });
    assert.equal(path.basename(third.files[0].output!), 'etc-cron.d-x-3.gwreq', 'numbered past the taken name and the link');
    assert.equal(await readFile(victim, 'utf8'), 'untouched');
  });

  it('a Postman test script is read, never run; a key in a body or a header named oddly is still lifted', async () => {
    const file = path.join(dir, 'scripted.json');
    const marker = path.join(dir, 'ran');
    await writeFile(file, JSON.stringify({
      info: { name: 'scripted', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      variable: [{ key: 'gatewayApiKey', value: 'f00dfeedf00dfeedf00dfeedf00dfeed' }],
      item: [{
        name: 'sale',
        event: [{ listen: 'test', script: { exec: [`require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`, 'pm.response.to.have.status(200);'] } }],
        request: { method: 'POST', header: [{ key: 'X-Gateway-Token', value: 'f00dfeedf00dfeedf00dfeedf00dfeed' }], body: { mode: 'raw', raw: '{"type":"SALE","amount":"1.00","api-key":"f00dfeedf00dfeedf00dfeedf00dfeed"}' }, url: 'https://gateway-sb.clearent.net/rest/v2/transactions/sale' },
      }],
    }));
    const result = await importFiles([file], { outDir: path.join(dir, 'scripted') });
    const text = await readFile(result.files[0].output!, 'utf8');
    assert.ok(!text.includes('f00dfeedf00dfeed'), text);
    assert.ok(!importReportText(result).includes('f00dfeedf00dfeed'));
    assert.match(importReportText(result), /test script statement not carried over: require\('fs'\)/);
    await assert.rejects(readFile(marker), { code: 'ENOENT' });
  });

  it('a file of no known format, and a missing one, are reported with what import reads; the others are still imported', async () => {
    const odd = path.join(dir, 'notes.txt');
    await writeFile(odd, 'just some notes');
    const result = await importFiles([odd, path.join(dir, 'missing.json'), CURL], { outDir: path.join(dir, 'mixed') });
    assert.match(result.files[0].error ?? '', /not a format import reads: \.http\/\.rest/);
    assert.equal(result.files[1].error, 'no such file');
    assert.ok(result.files[2].output);
  });
});
