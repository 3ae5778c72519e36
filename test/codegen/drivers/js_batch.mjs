// Runs many generated JavaScript programs in one Node process (a process per program costs
// ~0.2 s here): each is imported as the ES module it is, from its own folder, process.exit()
// turned into an exception the driver catches. Writes one line per program to the file named by
// the first argument: "<folder>\t<status>", status "exit N", "compile <error>" or "threw <what>".
import { appendFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

class ExitCalled extends Error {
  constructor(code) {
    super(`exit ${code}`);
    this.code = code ?? 0;
  }
}

const [results, ...folders] = process.argv.slice(2);
writeFileSync(results, '');
const exit = process.exit;
process.exit = (code) => {
  throw new ExitCalled(code);
};
for (const folder of folders) {
  const file = readdirSync(folder).find((name) => name.endsWith('.mjs'));
  process.chdir(folder);
  let status;
  try {
    await import(pathToFileURL(path.join(folder, file)).href);
    status = 'exit 0';
  } catch (err) {
    status = err instanceof ExitCalled ? `exit ${err.code}` : err instanceof SyntaxError ? `compile ${err.message}` : `threw ${err}`;
  }
  appendFileSync(results, `${folder}\t${status.replace(/[\t\n]/g, ' ')}\n`);
}
process.exit = exit;
process.exit(0);
