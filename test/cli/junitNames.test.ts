// The CLI's JUnit report and the editor's Testing view name requests the same way (requestLabel),
// so a CI failure can be found in the editor: every testcase name is the label the Testing view
// gives that request, whether it has a @name, a ### title, or neither.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { parseRequestFile } from '../../src/core/requestFile';
import { requestLabel } from '../../src/core/runner';
import { runToEnd } from './processRun';

const ROOT = path.resolve(__dirname, '../..');
/** tsx by location: the CLI runs in a folder of its own, where `--import tsx` would not resolve. */
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const FILE = `@card = 4111111111111111

### A titled sale
# @expect status 200
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{ "type": "SALE", "amount": "12.00", "card": "{{card}}", "exp-date": "1230" }

###
# @name named
# @expect status 200
POST {{gatewayUrl}}/rest/v2/tokens
Content-Type: application/json

{ "card": "{{card}}", "exp-date": "1230" }

###
# @expect status 200
GET {{gatewayUrl}}/rest/v2/tokens/{{named.payload.tokenResponse.token-id}}

###
# @expect status 404
GET {{gatewayUrl}}/rest/v2/no-such-thing/{{card}}
`;

function runCli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GATEWAY_')));
  return runToEnd(process.execPath, ['--import', TSX, path.join(ROOT, 'src/cli/main.ts'), ...args], { cwd, env });
}

describe('JUnit names and the Testing view', () => {
  it('every testcase is named as the Testing view labels its request', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'junit-names-'));
    try {
      await writeFile(path.join(dir, 'names.gwreq'), FILE);
      const run = await runCli(['run', 'names.gwreq', '--report', 'junit'], dir);
      assert.equal(run.code, 0, run.stderr + run.stdout);
      const report = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(run.stdout);
      const suite = report.testsuites.testsuite;
      assert.equal(suite.name, 'names.gwreq', 'the suite is the file as the workspace-relative path names it');
      const names = [suite.testcase].flat().map((c: { name: string }) => c.name);
      const labels = parseRequestFile(FILE).requests.map(requestLabel);
      assert.deepEqual(labels, ['A titled sale', 'named', 'Get card token', 'GET /rest/v2/no-such-thing/{{card}}']);
      assert.deepEqual(names, labels);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
