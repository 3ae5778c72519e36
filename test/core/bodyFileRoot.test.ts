// Body files stay inside their root (issue 31 §3): a request file cloned from a stranger's
// repository must not send `< ../secret/id_rsa`, `< /home/you/.ssh/id_rsa` or a symbolic link
// to either. Real files and real symbolic links in a temporary folder; the refusal comes before
// anything is opened, and says which path, why and what to do.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BodyFileError, bodyFileReader, bodyFileStat } from '../../src/core/requestFile/bodyFile';
import { confineBodyFile, type BodyFilePlace } from '../../src/core/requestFile/bodyFileRoot';
import { fillBodyFilePath } from '../../src/core/requestFile';

const SECRET = '-----BEGIN OPENSSH PRIVATE KEY----- not a real one';
const COMMON = '{"type": "SALE", "amount": "1.00"}';

let base: string;
/** The root: the project a request file was cloned in. */
let project: string;
/** The request file's folder, inside the project. */
let requests: string;
let secret: string;
let place: BodyFilePlace;

before(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gw-body-root-')));
  project = path.join(base, 'project');
  requests = path.join(project, 'requests');
  secret = path.join(base, 'secret', 'id_rsa');
  for (const dir of [path.join(base, 'secret', 'dir'), path.join(project, 'shared'), path.join(requests, 'bodies')]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(secret, SECRET);
  fs.writeFileSync(path.join(base, 'secret', 'dir', 'inner.json'), SECRET);
  fs.writeFileSync(path.join(project, 'shared', 'common.json'), COMMON);
  fs.writeFileSync(path.join(requests, 'bodies', 'sale.json'), COMMON);
  // What a cloned repository can hold: relative links (git stores them as written).
  fs.symlinkSync('../../secret/id_rsa', path.join(requests, 'key.json'));
  fs.symlinkSync('../../secret/dir', path.join(requests, 'outdir'));
  fs.symlinkSync('../shared/common.json', path.join(requests, 'common.json'));
  fs.symlinkSync('../shared', path.join(requests, 'shareddir'));
  fs.symlinkSync('../../secret/nothing.json', path.join(requests, 'dangling.json'));
  fs.symlinkSync(path.join(base, 'secret'), path.join(project, 'shared', 'deep'));   // a link further down, absolute
  place = { folder: requests, root: { dir: project, name: 'the workspace folder' } };
});

after(() => fs.rmSync(base, { recursive: true, force: true }));

/** What reading `written` says: the text, or the BodyFileError's message prefixed "refused: ". `at` null: a request file not saved. */
function read(written: string, at: BodyFilePlace | null = place): string {
  try {
    return bodyFileReader(at ?? undefined)(written);
  } catch (err) {
    assert.ok(err instanceof BodyFileError, String(err));
    return `refused: ${err.message}`;
  }
}

describe('body files stay inside their root', () => {
  it('reads a file inside: in the request file\'s folder, elsewhere in the root, through a link that stays inside', () => {
    assert.equal(read('bodies/sale.json'), COMMON);
    assert.equal(read('../shared/common.json'), COMMON, 'a ".." that stays inside the root');
    assert.equal(read(path.join(project, 'shared', 'common.json')), COMMON, 'an absolute path inside the root');
    assert.equal(read('common.json'), COMMON, 'a linked file inside');
    assert.equal(read('shareddir/common.json'), COMMON, 'a linked folder inside');
  });

  it('refuses a ".." that leads out, saying which path, why and what to do', () => {
    const said = read('../../secret/id_rsa');
    assert.equal(said, `refused: cannot read the body file "../../secret/id_rsa": ${secret} is outside the workspace folder ${project}; body files must be inside it: copy the file into ${project}`);
    assert.doesNotMatch(said, /BEGIN/);
  });

  it('refuses an absolute path outside, and says what else can be done when the root says so', () => {
    assert.match(read(secret), new RegExp(`^refused: cannot read the body file "${escape(secret)}": ${escape(secret)} is outside the workspace folder`));
    const cli: BodyFilePlace = { folder: requests, root: { dir: requests, name: 'the request file\'s folder', otherwise: 'pass --body-root DIR naming a folder that holds it' } };
    assert.equal(read('../shared/common.json', cli), `refused: cannot read the body file "../shared/common.json": ${path.join(project, 'shared', 'common.json')} is outside the request file's folder ${requests}; body files must be inside it: copy the file into ${requests}, or pass --body-root DIR naming a folder that holds it`);
  });

  it('refuses a symbolic link inside that leads out: a linked file, a linked folder, a link further down, a link to nothing', () => {
    assert.equal(read('key.json'), `refused: cannot read the body file "key.json": ${path.join(requests, 'key.json')} leads through a symbolic link to ${secret}, outside the workspace folder ${project}; body files must be inside it: copy the file into ${project}`);
    assert.match(read('outdir/inner.json'), new RegExp(`leads through a symbolic link to ${escape(path.join(base, 'secret', 'dir', 'inner.json'))}, outside the workspace folder`));
    assert.match(read('../shared/deep/id_rsa'), /leads through a symbolic link to .*secret\/id_rsa, outside the workspace folder/);
    assert.match(read('dangling.json'), /^refused: cannot read the body file "dangling\.json": .*dangling\.json is a symbolic link to .*nothing\.json, which does not exist/);
  });

  it('refuses a file not there yet under a folder that leads out, so that nothing is created outside either', () => {
    const found = bodyFileStat(place, 'outdir/new.json');
    assert.ok('problem' in found && found.outside === true && found.missing === undefined, JSON.stringify(found));
    const inside = bodyFileStat(place, 'bodies/new.json');
    assert.ok('problem' in inside && inside.missing === true && inside.outside === undefined, JSON.stringify(inside));
  });

  it('refuses a ".." that a variable in the path puts there', () => {
    const values: Record<string, string> = { keys: '../../secret' };
    const filled = fillBodyFilePath('{{keys}}/id_rsa', (name) => values[name]);
    assert.ok(filled.ok);
    assert.match(read(filled.path), /^refused: cannot read the body file "\.\.\/\.\.\/secret\/id_rsa": .* is outside the workspace folder/);
  });

  it('reads nothing for a request file that is not saved: it has no folder to hold its body files', () => {
    assert.equal(read(path.join(project, 'shared', 'common.json'), null), 'refused: cannot read the body file "' + path.join(project, 'shared', 'common.json') + '": the request file is not saved to disk, and body files are read only from inside the folder that holds it: save it there first');
    assert.match(read('common.json', null), /not saved to disk/);
  });

  it('compares real paths: a root reached through a link reads its files; a link to the root\'s own parent does not widen it', () => {
    const alias = path.join(base, 'alias');
    fs.symlinkSync(project, alias);
    try {
      const throughAlias: BodyFilePlace = { folder: path.join(alias, 'requests'), root: { dir: alias, name: 'the workspace folder' } };
      assert.equal(read('bodies/sale.json', throughAlias), COMMON);
      assert.equal(read(path.join(project, 'shared', 'common.json'), throughAlias), COMMON, 'the real path of a file inside');
      assert.match(read('../../secret/id_rsa', throughAlias), /is outside the workspace folder/);
    } finally {
      fs.rmSync(alias);
    }
  });
});

describe('confineBodyFile: the one decision', () => {
  it('answers the real path to read for a file inside, and a refusal otherwise', () => {
    assert.deepEqual(confineBodyFile(place, 'common.json'), { ok: true, resolved: path.join(requests, 'common.json'), real: path.join(project, 'shared', 'common.json') });
    assert.deepEqual(confineBodyFile(place, 'bodies/missing.json'), { ok: true, resolved: path.join(requests, 'bodies', 'missing.json'), real: path.join(requests, 'bodies', 'missing.json') });
    for (const written of ['../../secret/id_rsa', secret, 'key.json', 'outdir/inner.json', 'dangling.json']) {
      const decided = confineBodyFile(place, written);
      assert.equal(decided.ok, false, written);
      assert.match(!decided.ok ? decided.problem : '', new RegExp(`^cannot read the body file "${escape(written)}": `), written);
    }
    const nowhere = confineBodyFile({ folder: requests, root: { dir: path.join(base, 'gone'), name: '--body-root' } }, 'bodies/sale.json');
    assert.ok(!nowhere.ok && /--body-root .*gone cannot be read: it does not exist/.test(nowhere.problem), JSON.stringify(nowhere));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
