// Body files (`< ./sale.json`, `<@ ./void.json`), as a CI job uses them: `gateway-workbench run`
// and `generate` spawned from another folder than the request file's, against the Local sandbox
// the run starts in-process, with real files on disk.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
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

// Issue 31 §3: a request file cloned from a stranger's repository names a file outside it. `run`
// must not send it and `generate` must not embed it; the refusal names the path, why, and
// --body-root, the way to widen the root on purpose.
describe('body files stay inside the request file\'s folder, or --body-root', () => {
  let base: string;
  let requests: string;
  let secret: string;
  // Read as a sale would be: a run that sent it would pass, and a program would carry it.
  const SECRET_SALE = '{"type": "SALE", "amount": "12.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "SECRET-FROM-OUTSIDE"}\n';
  const INSIDE_SALE = '{"type": "SALE", "amount": "13.00", "card": "4111111111111111", "exp-date": "1230", "invoice": "SHARED-INSIDE"}\n';
  const request = (body: string, variables = '') => `${variables}POST {{gatewayUrl}}/rest/v2/transactions/sale\nContent-Type: application/json\n\n${body}\n`;
  /** Each way out, as a request file: its name and its body line (and file variables). */
  let escapes: Array<{ name: string; text: string }>;

  before(async () => {
    base = await realpath(await mkdtemp(path.join(tmpdir(), 'gw-body-root-')));
    requests = path.join(base, 'project', 'requests');
    secret = path.join(base, 'secret', 'id_rsa');
    await mkdir(path.join(base, 'secret', 'dir'), { recursive: true });
    await mkdir(path.join(base, 'project', 'shared'), { recursive: true });
    await mkdir(requests, { recursive: true });
    await writeFile(secret, SECRET_SALE);
    await writeFile(path.join(base, 'secret', 'dir', 'inner.json'), SECRET_SALE);
    await writeFile(path.join(base, 'project', 'shared', 'sale.json'), INSIDE_SALE);
    await symlink('../../secret/id_rsa', path.join(requests, 'key.json'));
    await symlink('../../secret/dir', path.join(requests, 'outdir'));
    await mkdir(path.join(requests, 'bodies'));
    await writeFile(path.join(requests, 'bodies', 'sale.json'), INSIDE_SALE);
    // A link to a link, both inside: fine.
    await symlink('bodies/sale.json', path.join(requests, 'linked.json'));
    await symlink('../linked.json', path.join(requests, 'bodies', 'twice.json'));
    escapes = [
      { name: 'dotdot', text: request('< ../../secret/id_rsa') },
      { name: 'absolute', text: request(`< ${secret}`) },
      { name: 'linked-file', text: request('< ./key.json') },
      { name: 'linked-folder', text: request('<@ outdir/inner.json') },
      { name: 'variable', text: request('< {{keys}}/id_rsa', '@keys = ../../secret\n') },
    ];
    await Promise.all([
      ...escapes.map((e) => writeFile(path.join(requests, `${e.name}.gwreq`), e.text)),
      writeFile(path.join(requests, 'linked-inside.gwreq'), request('< bodies/twice.json')),
      writeFile(path.join(requests, 'shared.gwreq'), request('< ../shared/sale.json')),
    ]);
  });
  after(() => rm(base, { recursive: true, force: true }));

  type Report = { files: Array<{ file: string; requests: Array<{ state: string; status?: number; message?: string }> }> };

  it('run sends none of them: each request is an error that says which file, why, and --body-root', async () => {
    const r = await cli(['run', ...escapes.map((e) => path.join(requests, `${e.name}.gwreq`)), '--report', 'json']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.doesNotMatch(r.stdout + r.stderr, /SECRET-FROM-OUTSIDE/);
    const report = JSON.parse(r.stdout) as Report;
    for (const [i, { name }] of escapes.entries()) {
      const [sent] = report.files[i].requests;
      assert.equal(sent.state, 'error', `${name}: ${sent.message}`);
      assert.equal(sent.status, undefined, `${name}: nothing was sent`);
      assert.match(sent.message ?? '', /^not sent: cannot read the body file ".*": .*(is outside|leads through a symbolic link to .*, outside) the request file's folder .*; body files must be inside it: copy the file into .*, or pass --body-root DIR naming a folder that holds it/, name);
    }
    assert.match(report.files[0].requests[0].message ?? '', new RegExp(`"\\.\\./\\.\\./secret/id_rsa": ${escape(secret)} is outside the request file's folder ${escape(requests)};`));
    assert.match(report.files[2].requests[0].message ?? '', new RegExp(`${escape(path.join(requests, 'key.json'))} leads through a symbolic link to ${escape(secret)}, outside`));
    assert.match(report.files[4].requests[0].message ?? '', /\(the path "\{\{keys\}\}\/id_rsa" with its variables filled in\)$/);
  });

  it('run sends a file a link inside leads to; --body-root DIR widens the root to a folder that holds it, and no further', async () => {
    const inside = await cli(['run', path.join(requests, 'linked-inside.gwreq'), '--report', 'json']);
    assert.equal(inside.code, 0, inside.stdout + inside.stderr);
    const shared = path.join(requests, 'shared.gwreq');
    const refused = await cli(['run', shared, '--report', 'json']);
    assert.equal(refused.code, 1, refused.stdout);
    assert.match((JSON.parse(refused.stdout) as Report).files[0].requests[0].message ?? '', /is outside the request file's folder/);
    const project = path.join(base, 'project');
    const widened = await cli(['run', shared, '--body-root', project, '--report', 'json']);
    assert.equal(widened.code, 0, widened.stdout + widened.stderr);
    const still = await cli(['run', path.join(requests, 'dotdot.gwreq'), '--body-root', project, '--report', 'json']);
    assert.equal(still.code, 1);
    assert.match((JSON.parse(still.stdout) as Report).files[0].requests[0].message ?? '', new RegExp(`is outside --body-root ${escape(project)}; body files must be inside it: copy the file into ${escape(project)}, or pass a --body-root that holds it`));
    const missing = await cli(['run', shared, '--body-root', path.join(base, 'nope')]);
    assert.equal(missing.code, 2, missing.stdout + missing.stderr);
    assert.match(missing.stderr, /--body-root .*nope: no such folder/);
  });

  it('generate embeds none of them: exit 2, the reason on stderr, nothing on stdout', async () => {
    for (const { name } of escapes) {
      const r = await cli(['generate', '--lang', 'curl', path.join(requests, `${name}.gwreq`)]);
      assert.equal(r.code, 2, `${name}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stdout, '', name);
      assert.doesNotMatch(r.stderr, /SECRET-FROM-OUTSIDE/, name);
      assert.match(r.stderr, /cannot read the body file ".*": .*outside the request file's folder .*or pass --body-root DIR naming a folder that holds it/, name);
    }
    const widened = await cli(['generate', '--lang', 'curl', '--body-root', path.join(base, 'project'), path.join(requests, 'shared.gwreq')]);
    assert.equal(widened.code, 0, widened.stderr);
    assert.match(widened.stdout, /SHARED-INSIDE/);
  });

  it('says what --body-root does in run --help and generate --help', async () => {
    for (const command of ['run', 'generate']) {
      const r = await cli([command, '--help']);
      assert.match(r.stdout.replace(/\s+/g, ' '), /--body-root DIR Body files .*must be inside DIR, the request file's folder by default/, command);
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
