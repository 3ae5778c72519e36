// The same suite through @vscode/test-electron (desktop VS Code in Electron), for machines that
// can download VS Code. Machines that reach only the npm registry fail at the download; use
// runExtensionTests.ts (code-server) there. Expects "npm run build" and
// "node scripts/build-vscode-tests.mjs" to be done. Exit code = the suite's result.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';

const REPO_ROOT = path.resolve(__dirname, '../..');
// Same VS Code as the code-server route (code-server 4.139.1), so the suite asserts one version.
const VSCODE_VERSION = '1.139.1';

async function main(): Promise<number> {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'vscode-ws-'));
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Gateway Workbench test workspace\n');
  try {
    return await runTests({
      version: VSCODE_VERSION,
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: path.join(REPO_ROOT, 'out/test/vscode/suite/index.js'),
      // The API's test hooks (`testing`), as runExtensionTests.ts turns them on.
      extensionTestsEnv: { GATEWAY_WORKBENCH_TEST: '1' },
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome'],
    });
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

main().then(code => process.exit(code), (err: unknown) => {
  console.error(`@vscode/test-electron could not run the suite: ${err instanceof Error ? err.message : String(err)}`);
  console.error('Without access to update.code.visualstudio.com use test/vscode/runExtensionTests.ts instead.');
  process.exit(1);
});
