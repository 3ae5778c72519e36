// A sandbox process for the kill-mid-snapshot test: the library's startSandbox with a data file
// and a tiny snapshot threshold, so that snapshots are being written almost all the time.
// Prints the same first line as `gateway-workbench sandbox`. Args: <data file> <snapshot after bytes>.
import { startSandbox } from '../../src/sandbox/server';

void (async () => {
  const sb = await startSandbox({
    dataFile: process.argv[2], rate: 1_000_000, snapshotAfterBytes: Number(process.argv[3]), log: line => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify({ gatewayUrl: sb.gatewayUrl, apiKey: sb.apiKey })}\n`);
  process.on('SIGTERM', () => void sb.close().then(() => process.exit(0)));
})();
