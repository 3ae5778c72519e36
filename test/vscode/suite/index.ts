// Entry point the extension host loads as extensionTestsPath (the @vscode/test-electron shape:
// a module exporting run()). It runs every *.test.js bundled next to it with mocha's tdd UI.
// EXTHOST_GREP=<text> runs only the tests whose suite and test title hold it (mocha's grep; the
// host inherits the variable from code-server, which inherits it from runExtensionTests.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import Mocha from 'mocha';

// The code-server runner cannot read the extension host's stdout, so it passes a file path in
// VSCODE_TEST_REPORT (the host inherits code-server's environment) and prints that file.
function copyReporterOutputTo(reportFile: string): void {
  const print = Mocha.reporters.Base.consoleLog;
  Mocha.reporters.Base.consoleLog = (...data: unknown[]) => {
    fs.appendFileSync(reportFile, util.format(...data) + '\n');
    print(...data);
  };
}

export function run(): Promise<void> {
  const reportFile = process.env.VSCODE_TEST_REPORT;
  if (reportFile) copyReporterOutputTo(reportFile);
  const grep = process.env.EXTHOST_GREP;
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 20_000, ...(grep ? { grep } : {}) });
  for (const file of fs.readdirSync(__dirname).filter(f => f.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    const runner = mocha.run(failures => {
      const passed = runner.stats?.passes ?? 0;
      const failed = runner.stats?.failures ?? failures;
      Mocha.reporters.Base.consoleLog(`${passed} passed, ${failed} failed`);
      if (failures > 0) reject(new Error(`${failures} test(s) failed`));
      else resolve();
    });
  });
}
