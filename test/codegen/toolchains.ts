// The toolchains test/codegen runs generated programs with, read from each language generator's
// `toolchain` (src/core/codegen/languages/language.ts): how to find each one, and how to run a
// program saved in a folder. scripts/setup-codegen-toolchains.sh runs this file to learn which
// Debian packages are missing, and installs them.

import { spawnSync } from 'node:child_process';
import { LANGUAGES } from '../../src/core/codegen/programs';
import type { Toolchain as ToolchainData } from '../../src/core/codegen/languages/language';

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

/** `node` is the Node running the tests, whatever PATH finds first. */
const program = (word: string): string => (word === 'node' ? process.execPath : word);

type Words = readonly [string, ...string[]];
const filled = (words: Words, fill: Readonly<Record<string, string>>): [string, ...string[]] => {
  const [first, ...rest] = words.map((w) => w.replace(/\{(tool|file)\}/g, (whole, name: string) => fill[name] ?? whole));
  return [program(first), ...rest];
};

/** The `{tool}` every check passes with ('' when the toolchain names none), or undefined when it is not installed. */
function foundTool(chain: ToolchainData): string | undefined {
  return (chain.tools ?? ['']).find((tool) => chain.checks.every((check) => {
    const [command, ...args] = filled(check, { tool });
    return succeeds(command, args);
  }));
}

const withToolchain = LANGUAGES.flatMap((language) => (language.toolchain ? [{ lang: language.id, chain: language.toolchain }] : []));

export const TOOLCHAINS: readonly Toolchain[] = withToolchain.map(({ lang, chain }) => ({
  lang,
  needs: `${chain.needs} (Debian: ${chain.debianPackages.join(' ')})`,
  available: () => foundTool(chain) !== undefined,
  command: (fileName) => filled(chain.run, { tool: foundTool(chain) ?? '', file: fileName }),
}));

/** The python3 that imports requests (the Python toolchain's `{tool}`). */
export function pythonWithRequests(): string | undefined {
  const python = withToolchain.find((t) => t.lang === 'python');
  return python ? foundTool(python.chain) : undefined;
}

/** On CI a missing toolchain is a failure: the setup script should have installed it. */
export const MISSING_TOOLCHAIN_FAILS = process.env.CI === 'true';

/** The Debian packages of every toolchain that is not installed. */
const missingDebianPackages = (): string[] => [...new Set(withToolchain.flatMap(({ chain }) => (foundTool(chain) === undefined ? chain.debianPackages : [])))];

if (require.main === module && process.argv.includes('--missing-packages')) console.log(missingDebianPackages().join(' '));
