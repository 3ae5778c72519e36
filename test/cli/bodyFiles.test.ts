// Body files (`< ./sale.json`, `<@ ./void.json`), as a CI job uses them: `gateway-workbench run`
// and `generate` spawned from another folder than the request file's, against the Local sandbox
// the run starts in-process, with real files on disk.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runToEnd, type ProcessRun } from './processRun';

const ROOT = path.resolve(__dirname, '../..');
const CLEAN_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_') && k !== 'NO_COLOR'));

function cli(args: string[]): Promise<ProcessRun> {
  return runToEnd(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), ...args], { cwd: ROOT, env: { ...CLEAN_ENV, NO_COLOR: '1' } });
}

const SALE_JSON = '{"type": "SALE", "amount": "11.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "INV-{{kept}}"}\n';
// Read only by the body file: the run cannot see from the request file that sale1 is needed.
const VOID_JSON = '{"type": "VOID", "id": "{{sale1.payload.transaction.id}}"}\n';

const CHAINED = `### sale from a file, sent as it is
# @name sale1
# @expect status 200
# @expect payload.transaction.result == APPROVED
# @expect payload.transaction.invoice == INV-{{kept}}
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

< ./bodies/sale.json

### three more sales in between
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "1.00", "card": "4111111111111111", "exp-date": "1230"}

###
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"type": "SALE", "amount": "2.00", "card": "4111111111111111", "exp-date": "1230"}

### void of sale1, its id filled into the file's body (a void of any other id is refused)
# @expect status 200
# @expect payload.transaction.type == VOID
POST {{gatewayUrl}}/rest/v2/transactions/void
Content-Type: application/json

<@ bodies/void.json
`;

describe('body files (< path, <@ path)', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gw-body-files-'));
    await mkdir(file('bodies'));
    await Promise.all([
      writeFile(file('bodies/sale.json'), SALE_JSON),
      writeFile(file('bodies/void.json'), VOID_JSON),
      writeFile(file('chained.gwreq'), CHAINED),
      writeFile(file('missing.gwreq'), 'POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n< ./bodies/nope.json\n'),
      writeFile(file('folder.gwreq'), 'POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n< bodies\n'),
    ]);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('run sends a body file as it is, and fills a <@ file\'s variables from a response only the file reads', async () => {
    const reportFile = file('report.json');
    const r = await cli(['run', file('chained.gwreq'), '--report', 'json', '--output', reportFile]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as { files: Array<{ requests: Array<{ state: string; message?: string }> }> };
    assert.deepEqual(report.files[0].requests.map((q) => q.state), ['passed', 'passed', 'passed', 'passed']);
  });

  it('run says which body file is missing, where it looked, and sends nothing for that request', async () => {
    const r = await cli(['run', file('missing.gwreq')]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`not sent: cannot read the body file "\\./bodies/nope\\.json": ${escape(file('bodies/nope.json'))}: it does not exist`));
    const folder = await cli(['run', file('folder.gwreq')]);
    assert.equal(folder.code, 1);
    assert.match(folder.stdout, /cannot read the body file "bodies": .*bodies is a folder; name a file in it/);
    // REST Client's encoding form: refused before anything is sent, not sent as a one-line body.
    await writeFile(file('latin1.gwreq'), 'POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n<@latin1 ./bodies/sale.json\n');
    const latin1 = await cli(['run', file('latin1.gwreq'), '--report', 'json']);
    assert.equal(latin1.code, 1, latin1.stdout + latin1.stderr);
    const refused = JSON.parse(latin1.stdout) as { files: Array<{ diagnostics: Array<{ message: string }>; requests: unknown[] }> };
    assert.match(refused.files[0].diagnostics[0]?.message ?? '', /^"<@latin1": a body file's encoding cannot be chosen/);
    assert.equal(refused.files[0].requests.filter((q) => (q as { status?: number }).status !== undefined).length, 0, 'nothing was sent');
  });

  it('generate puts the file\'s content in the program: "{{" of a < file stays text, a <@ file\'s become parameters', async () => {
    const sale = await cli(['generate', '--lang', 'curl', '--line', '1', file('chained.gwreq')]);
    assert.equal(sale.code, 0, sale.stderr);
    assert.match(sale.stdout, /"invoice": "INV-\{\{kept\}\}"/);
    const voidProgram = await cli(['generate', '--lang', 'curl', '--line', String(CHAINED.trimEnd().split('\n').length), file('chained.gwreq')]);
    assert.equal(voidProgram.code, 0, voidProgram.stderr);
    assert.doesNotMatch(voidProgram.stdout, /\{\{sale1/);
    // The body is printf's format: the chained id is its %s argument.
    assert.match(voidProgram.stdout, /^printf '\{"type": "VOID", "id": "%s"\}\n' "\$SALE1_TRANSACTION_ID" \|$/m);
    const missing = await cli(['generate', '--lang', 'curl', file('missing.gwreq')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read the body file "\.\/bodies\/nope\.json": .* it does not exist/);
  });

  it('a body file\'s path takes the file\'s variables (REST Client\'s "< {{file}}"), never a response\'s value', async () => {
    await writeFile(file('templated.gwreq'), `@bodies = ./bodies
@kind = sale
@saleId = {{sale1.payload.transaction.id}}

### the sale of {{kind}}.json, its folder and name from the file's variables
# @name sale1
# @expect status 200
# @expect payload.transaction.invoice == INV-{{kept}}
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

< {{bodies}}/{{kind}}.json

### a path from a response, through a file variable: an answer must not choose which file is sent
POST {{gatewayUrl}}/rest/v2/transactions/void
Content-Type: application/json

<@ ./bodies/{{saleId}}.json
`);
    const reportFile = file('templated-report.json');
    const r = await cli(['run', file('templated.gwreq'), '--report', 'json', '--output', reportFile]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as { files: Array<{ requests: Array<{ state: string; status?: number; message?: string }> }> };
    const [sale, voided] = report.files[0].requests;
    assert.equal(sale.state, 'passed', sale.message);
    assert.equal(voided.state, 'error');
    assert.equal(voided.status, undefined, 'the void was not sent');
    assert.match(voided.message ?? '', /^not sent: the body file's path "\.\/bodies\/\{\{saleId\}\}\.json" uses \{\{saleId\}\}, which has no value here: a body file's path takes the file's "@name = value" variables and the environment's values, never a response's/);

    // Written in the path itself, it is refused before anything is sent.
    await writeFile(file('response-path.gwreq'), 'POST {{gatewayUrl}}/rest/v2/transactions/void\nContent-Type: application/json\n\n<@ ./bodies/{{sale1.payload.transaction.id}}.json\n');
    const refused = await cli(['run', file('response-path.gwreq'), '--report', 'json']);
    assert.equal(refused.code, 1, refused.stdout + refused.stderr);
    const invalid = JSON.parse(refused.stdout) as { files: Array<{ state: string; diagnostics: Array<{ line: number; column: number; message: string }> }> };
    assert.equal(invalid.files[0].state, 'invalid');
    assert.deepEqual(invalid.files[0].diagnostics.map((d) => [d.line, d.column]), [[4, 13]]);
    assert.match(invalid.files[0].diagnostics[0].message, /^\{\{sale1\.payload\.transaction\.id\}\} in a body file's path: /);

    // A filled-in path that names no file says which file it looked for, and from what.
    await writeFile(file('templated-missing.gwreq'), '@kind = refund\nPOST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n< ./bodies/{{kind}}.json\n');
    const missing = await cli(['run', file('templated-missing.gwreq')]);
    assert.equal(missing.code, 1, missing.stdout + missing.stderr);
    assert.match(missing.stdout, new RegExp(`cannot read the body file "\\./bodies/refund\\.json": ${escape(file('bodies/refund.json'))}: it does not exist \\(the path "\\./bodies/\\{\\{kind\\}\\}\\.json" with its variables filled in\\)`));

    // generate reads the same file the run sends.
    const program = await cli(['generate', '--lang', 'curl', '--line', '10', file('templated.gwreq')]);
    assert.equal(program.code, 0, program.stderr);
    assert.match(program.stdout, /"invoice": "INV-\{\{kept\}\}"/);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
