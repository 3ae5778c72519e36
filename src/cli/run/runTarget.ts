// Where a headless run sends its requests: an environment, the keys for it, and how careful to
// be with it. The Local sandbox target starts one in-process and stops it afterwards.

import type { Credentials, Environment } from '../../core/environments/environment';
import { startSandbox } from '../../sandbox/server';
import { GatewayClient } from '../../core/http/client';
import { workbenchUserAgent } from '../../core/http/userAgent';
import type { CoverageReport } from '../../catalog/localSandbox/coverage';
import type { SandboxControl } from '../../sandbox/control';
import { UsageError } from '../cliCommand';
import { configPathFrom, readEnvironmentConfig, type ConfiguredEnvironment } from './environmentConfig';
import { credentialsFromEnv, keyVariableNames } from '../../core/environments/environmentKeys';

export interface RunTarget {
  environment: Environment;
  credentials: Credentials;
  /** Refuse every request that is not a read, whatever the flags say. */
  readOnly: boolean;
  /** The in-process sandbox's outcome coverage so far; a remote environment has none of its own. */
  coverage?: () => CoverageReport;
  /** The in-process sandbox's controls (clock, reset, seeds, stats): the MCP server's gateway_sandbox. */
  control?: SandboxControl;
  /** Stops what the target started (the in-process sandbox); nothing for a remote environment. */
  close(): Promise<void>;
}

const LOCAL_ENVIRONMENT_NAME = 'local';

/**
 * A fresh Local sandbox on a free port, in memory only: the run's state is thrown away when it
 * ends, so it needs no disk. Its rate limit is raised: a run of many files is one client, not
 * the traffic the default limit is there to simulate.
 */
export async function startLocalTarget(): Promise<RunTarget> {
  const sandbox = await startSandbox({ port: 0, rate: 10_000 });
  return {
    environment: { name: 'Local sandbox', kind: 'local', gatewayUrl: sandbox.gatewayUrl, boardingUrl: sandbox.boardingUrl },
    credentials: { apiKey: sandbox.apiKey, accessKey: sandbox.accessKey, merchantId: sandbox.merchantId },
    readOnly: false,
    coverage: () => sandbox.control.coverage(),
    control: sandbox.control,
    close: () => sandbox.close(),
  };
}

/** The configured environment called `name`, with its keys from environment variables. */
function configuredTarget(name: string, environments: readonly ConfiguredEnvironment[], env: NodeJS.ProcessEnv, configFile: string): RunTarget {
  const found = environments.find((e) => e.name === name) ?? environments.find((e) => e.name.toLowerCase() === name.toLowerCase());
  if (!found) {
    const known = [LOCAL_ENVIRONMENT_NAME, ...environments.map((e) => e.name)].map((n) => `"${n}"`).join(', ');
    throw new UsageError(`unknown environment "${name}": ${configFile} defines ${environments.length ? 'only ' : 'none; use '}${known}`);
  }
  const credentials = credentialsFromEnv(found.name, env);
  if (!credentials.apiKey && !credentials.accessKey) {
    const [specific, general] = keyVariableNames('apiKey', found.name);
    throw new UsageError(`no keys for environment "${found.name}": set ${general} (or ${specific}) for /rest/ requests, and GATEWAY_ACCESS_KEY with GATEWAY_MERCHANT_ID for /api/ requests`);
  }
  return {
    environment: { name: found.name, kind: found.kind, gatewayUrl: found.gatewayUrl, boardingUrl: found.boardingUrl },
    credentials,
    readOnly: found.readOnly,
    close: async () => undefined,
  };
}

/**
 * `--config` given while the run goes to the Local sandbox: refused, because a CI job given the
 * environments file but not the environment's name would otherwise pass against the sandbox and
 * look like a run against staging. The refusal names the file's environments to choose from.
 */
async function configWithoutEnvironment(env: string | undefined, config: string): Promise<UsageError> {
  const where = env === undefined ? 'no --env was given, so the run would go to the Local sandbox' : `--env ${env} runs against the Local sandbox`;
  const fix = 'add --env NAME';
  const named = await readEnvironmentConfig(config, 'fix --config').then(
    (environments) => `${fix} (${config} defines ${environments.map((e) => `"${e.name}"`).join(', ') || 'none'}), or drop --config`,
    (err: Error) => `${fix}, or drop --config (and ${err.message})`,
  );
  return new UsageError(`--config names the environments for --env NAME, but ${where}: ${named}`);
}

/** `--env` and `--config` as `run`, `settings` and the rest take them: the Local sandbox, or a configured environment. */
export async function targetFor(env: string | undefined, config: string | undefined): Promise<RunTarget> {
  if (env === undefined || env === LOCAL_ENVIRONMENT_NAME) {
    if (config !== undefined) throw await configWithoutEnvironment(env, config);
    return startLocalTarget();
  }
  const file = configPathFrom(config, process.env);
  return configuredTarget(env, await readEnvironmentConfig(file), process.env, file);
}

/** The client every CLI command sends to `target` with: its URLs and keys, the CLI's User-Agent. */
export function targetClient(target: Pick<RunTarget, 'environment' | 'credentials'>): GatewayClient {
  return new GatewayClient({ environment: target.environment, credentials: target.credentials, userAgent: workbenchUserAgent('cli') });
}
