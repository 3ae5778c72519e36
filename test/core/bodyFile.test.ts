// The body-file reader (`< ./sale.json`) on real files: what it sends is the file's text as an
// editor shows it (a byte order mark is not part of the JSON), and each refusal says which file
// and what to do.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { BodyFileError, bodyFileReader } from '../../src/core/requestFile/bodyFile';
import type { BodyFilePlace } from '../../src/core/requestFile/bodyFileRoot';
import { fillBodyFilePath } from '../../src/core/requestFile';

const SALE = '{"type": "SALE", "amount": "1.00"}';

describe('bodyFileReader', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'gw-body-file-'));
    await mkdir(path.join(dir, 'bodies'));
    await Promise.all([
      writeFile(path.join(dir, 'bodies', 'plain.json'), SALE),
      writeFile(path.join(dir, 'bodies', 'bom.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SALE)])),
      // Windows PowerShell 5.1's `>` writes UTF-16 LE with its byte order mark.
      writeFile(path.join(dir, 'bodies', 'utf16.json'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SALE, 'utf16le')])),
      writeFile(path.join(dir, 'big.json'), ''),
    ]);
    await truncate(path.join(dir, 'big.json'), 33 * 1024 * 1024);   // sparse: no 33 MB written
  });
  after(() => rm(dir, { recursive: true, force: true }));
  const inDir = (): BodyFilePlace => ({ folder: dir, root: { dir, name: 'the request file\'s folder' } });

  it('reads a path relative to the request file\'s folder, or an absolute one inside its root', () => {
    const read = bodyFileReader(inDir());
    assert.equal(read('./bodies/plain.json'), SALE);
    assert.equal(read('bodies/plain.json'), SALE);
    assert.equal(read(path.join(dir, 'bodies', 'plain.json')), SALE);
  });

  it('sends the text, not its byte order mark: UTF-8 with a BOM and UTF-16 read as the same JSON', () => {
    const read = bodyFileReader(inDir());
    assert.equal(read('bodies/bom.json'), SALE);
    assert.equal(read('bodies/utf16.json'), SALE);
  });

  it('refuses with the path it looked for and what to do', () => {
    const read = bodyFileReader(inDir());
    const refusal = (written: string, reader = read): string => {
      try {
        reader(written);
      } catch (err) {
        assert.ok(err instanceof BodyFileError, String(err));
        return err.message;
      }
      throw new Error(`${written} was read`);
    };
    assert.equal(refusal('nope.json'), `cannot read the body file "nope.json": ${path.join(dir, 'nope.json')}: it does not exist`);
    assert.equal(refusal('bodies'), `cannot read the body file "bodies": ${path.join(dir, 'bodies')} is a folder; name a file in it`);
    assert.equal(refusal('bodies/plain.json/x'), `cannot read the body file "bodies/plain.json/x": ${path.join(dir, 'bodies/plain.json/x')}: a folder on its path is a file`);
    assert.match(refusal('big.json'), /big\.json is 33 MB, more than a request body can be \(32 MB\)$/);
    assert.equal(refusal('plain.json', bodyFileReader(undefined)), 'cannot read the body file "plain.json": the request file is not saved to disk, and body files are read only from inside the folder that holds it: save it there first');
  });
});

describe('fillBodyFilePath', () => {
  const values: Record<string, string> = { dir: './bodies', kind: 'sale', blank: ' ' };
  const resolve = (name: string) => values[name];

  it('fills a path\'s variables, and leaves a path without any as written', () => {
    assert.deepEqual(fillBodyFilePath('{{dir}}/{{kind}}.json', resolve), { ok: true, path: './bodies/sale.json' });
    assert.deepEqual(fillBodyFilePath('./plain {{.json', resolve), { ok: true, path: './plain {{.json' });
  });

  it('names every variable without a value, and refuses a path that fills in to nothing', () => {
    const unresolved = fillBodyFilePath('{{dir}}/{{nope}}-{{sale1.payload.id}}.json', resolve);
    assert.equal(unresolved.ok, false);
    assert.match(!unresolved.ok ? unresolved.message : '', /^the body file's path "\{\{dir\}\}\/\{\{nope\}\}-\{\{sale1\.payload\.id\}\}\.json" uses \{\{nope\}\}, \{\{sale1\.payload\.id\}\}, which have no value here: a body file's path takes/);
    const empty = fillBodyFilePath('{{blank}}', resolve);
    assert.match(!empty.ok ? empty.message : '', /is empty once its variables are filled in/);
  });
});
