// `npm run bench`: every benchmark, each printed as a ratio against a baseline measured in the
// same run (machines here are noisy; absolute numbers alone would mislead).
import { benchActivation } from './activation';
import { benchClientOverhead } from './clientOverhead';
import { benchDefaultRun } from './defaultRun';
import { benchLanguageServer } from './languageServer';
import { benchLargeAnswer } from './largeAnswer';
import { benchResultBlocking } from './resultBlocking';
import { benchRunnerInstructions } from './runnerInstructions';
import { benchRunnerLoad } from './runnerLoad';
import { benchSandboxDurability } from './sandboxDurability';
import { benchSandboxSearch } from './sandboxSearch';
import { benchSandboxStored } from './sandboxStored';
import { benchSandboxThroughput } from './sandboxThroughput';
import { benchSharedKeyLoad } from './sharedKeyLoad';
import { benchXml } from './xmlCodec';

async function main() {
  const only = process.argv[2];
  const benches = { client: benchClientOverhead, sandbox: benchSandboxThroughput, durability: benchSandboxDurability, xml: benchXml, large: benchLargeAnswer, results: benchResultBlocking, load: benchSharedKeyLoad, runner: benchRunnerLoad, activation: () => benchActivation(), run: benchDefaultRun, stored: benchSandboxStored, search: benchSandboxSearch, lsp: benchLanguageServer };
  // Run only when named: it takes minutes and needs valgrind.
  const onRequest = { instructions: benchRunnerInstructions };
  for (const [key, bench] of Object.entries({ ...benches, ...onRequest })) {
    if (only ? only !== key : key in onRequest) continue;
    const result = await bench();
    console.log(`\n## ${result.name}`);
    for (const line of result.lines) console.log(`  ${line}`);
  }
}

main().catch(err => { console.error(err); process.exit(1); });
