// The extension-host suite: runs the compiled suite (out/test/vscode/suite, from scripts/build-vscode-tests.mjs)
// inside a real VS Code extension host, the way @vscode/test-electron does — against the extension
// a user installs: the packaged .vsix, installed with --install-extension. The development
// extension is only a stub (test/vscode/testHost) that carries extensionTestsPath.
// Prints mocha's report, ends with "N passed, N failed"; the exit code is the suite's result.
// Env: EXTHOST_TEST_TIMEOUT_MS (default 300000), VERBOSE=1 (echo every workbench log line),
// KEEP_VSCODE_TMP=1 (keep the per-run dir with server.log and VS Code's logs), EXTHOST_GREP=<text>
// (run only the tests whose titles hold it, e.g. EXTHOST_GREP=links; see suite/index.ts).
// The extension runs with GATEWAY_WORKBENCH_TEST=1: its API then has the test hooks (`testing`).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import { REPO_ROOT, isExpectedNoise, launchChromium, mkTmp, startCodeServer, workbenchUrl } from './harness';
import { packagedVsix } from './packagedExtension';

const SUITE = path.join(REPO_ROOT, 'out/test/vscode/suite/index.js');
const EXTENSION_MAIN = path.join(REPO_ROOT, 'dist/extension.js');
const TEST_HOST = path.join(REPO_ROOT, 'test/vscode/testHost');
const TIMEOUT_MS = Number(process.env.EXTHOST_TEST_TIMEOUT_MS ?? 300_000);
const TIMED_OUT = 124;
const SUMMARY = /^\d+ passed, \d+ failed\n?$/m;

function requireBuilt(file: string, how: string): void {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file)} is missing: run "${how}" first`);
}

async function main(): Promise<number> {
  const t0 = Date.now();
  requireBuilt(EXTENSION_MAIN, 'npm run build');
  requireBuilt(SUITE, 'node scripts/build-vscode-tests.mjs');
  const workspace = mkTmp('vscode-ws-');
  fs.writeFileSync(path.join(workspace, 'README.md'), '# Gateway Workbench test workspace\n');
  const report = `${workspace}-mocha.txt`;

  const vsix = packagedVsix();
  const server = await startCodeServer({ workspace, installVsix: [vsix], extraEnv: { VSCODE_TEST_REPORT: report, GATEWAY_WORKBENCH_TEST: '1' } });
  try {
    const browser = await launchChromium(path.join(server.tmp, 'home'));
    try {
      const page = await browser.newPage();
      let exit: (code: number) => void = () => undefined;
      const exited = new Promise<number>(resolve => { exit = resolve; });
      // Automation hooks the workbench calls when the smoke-test driver is on.
      await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
        const text = util.format(...(args ?? []));
        if (process.env.VERBOSE || (type === 'error' && !isExpectedNoise(text))) console.log(`[workbench ${type}]`, text);
      });
      await page.exposeFunction('codeAutomationExit', (code: number) => exit(code));
      await page.goto(workbenchUrl(server, workspace, { extensionDevelopmentPath: TEST_HOST, extensionTestsPath: SUITE }));

      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        exited,
        new Promise<number>(resolve => { timer = setTimeout(() => resolve(TIMED_OUT), TIMEOUT_MS); }),
      ]);
      clearTimeout(timer);
      const text = fs.existsSync(report) ? fs.readFileSync(report, 'utf8') : '';
      // The suite ends its report with the summary line; it is printed last, after the status.
      const summary = SUMMARY.exec(text)?.[0].trim();
      process.stdout.write(text.replace(SUMMARY, ''));
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      if (code === TIMED_OUT) console.log(`the extension host did not finish within ${TIMEOUT_MS} ms (EXTHOST_TEST_TIMEOUT_MS)`);
      else console.log(`extension host exited with ${code} after ${seconds}s`);
      if (!summary) {
        // The suite never ran to the end (not loaded, crashed or timed out): one failure.
        console.log('the suite did not report; rerun with VERBOSE=1 KEEP_VSCODE_TMP=1 to see why');
        console.log('0 passed, 1 failed');
        return code === 0 ? 1 : code;
      }
      console.log(summary);
      return code;
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(report, { force: true });
  }
}

main().then(code => process.exit(code), (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
