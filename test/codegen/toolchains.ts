// The toolchains test/codegen runs generated programs with: how to find each one, and how to
// run a program saved in a folder. scripts/setup-codegen-toolchains.sh installs the missing ones.

import { spawnSync } from 'node:child_process';

export interface Toolchain {
  /** The generator's id (`--lang`). */
  lang: string;
  /** What is missing when `available` is false, for the failure or skip message. */
  needs: string;
  available(): boolean;
  /** The command line that runs `fileName` inside its folder. */
  command(fileName: string): [string, ...string[]];
}

function succeeds(command: string, args: readonly string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 30_000 });
  return result.status === 0;
}

/** Debian's python3-requests lands in /usr/bin/python3, which may not be the first python3 on PATH. */
export function pythonWithRequests(): string | undefined {
  return ['python3', '/usr/bin/python3'].find((python) => succeeds(python, ['-c', 'import requests']));
}

export const TOOLCHAINS: readonly Toolchain[] = [
  { lang: 'curl', needs: 'curl and sh', available: () => succeeds('curl', ['--version']) && succeeds('sh', ['-c', 'true']), command: (f) => ['sh', f] },
  { lang: 'js', needs: 'node 18 or later', available: () => Number(process.versions.node.split('.')[0]) >= 18, command: (f) => [process.execPath, f] },
  { lang: 'python', needs: 'python3 with requests (Debian: python3-requests)', available: () => pythonWithRequests() !== undefined, command: (f) => [pythonWithRequests() as string, f] },
  {
    lang: 'php',
    needs: 'php with its curl extension (Debian: php-cli php-curl)',
    available: () => succeeds('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']),
    command: (f) => ['php', f],
  },
  { lang: 'java', needs: 'Java 17 or later (java, javac)', available: () => succeeds('java', ['-version']) && succeeds('javac', ['-version']), command: (f) => ['java', f] },
  // Built, then run: `go run` reports any exit status of the program as its own exit 1.
  { lang: 'go', needs: 'go (Debian: golang-go)', available: () => succeeds('go', ['version']), command: (f) => ['sh', '-c', `go build -o program ${f} && exec ./program`] },
];

/** On CI a missing toolchain is a failure: the setup script should have installed it. */
export const MISSING_TOOLCHAIN_FAILS = process.env.CI === 'true';
