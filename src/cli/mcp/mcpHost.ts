// The agent tools' host in the CLI's MCP server: the Local sandbox (one in-process, started on
// first use and kept for the server's life), the --config file's environments with their keys
// from the environment variables `run` reads, and the human's confirmation through MCP elicitation.
import { generateFromText, languageById } from '../../core/codegen/programs';
import { GatewayClient } from '../../core/http/client';
import { workbenchUserAgent } from '../../core/http/userAgent';
import { credentialSecrets } from '../../core/protection/redaction';
import type { AgentHost, AgentSandbox, AgentTarget, ConfirmationAnswer } from '../../core/agentTools/host';
import { configPathFrom, readEnvironmentConfig } from '../run/environmentConfig';
import { credentialsFromEnv } from '../../core/environments/environmentKeys';
import { startLocalTarget, targetFor, type RunTarget } from '../run/runTarget';

interface McpHost extends AgentHost {
  /** Every key this server knows of: hidden from every tool answer and error. */
  secrets(): Promise<string[]>;
  close(): Promise<void>;
}

const LOCAL = 'local';

export function mcpHost(config: string | undefined, confirm: (message: string) => Promise<ConfirmationAnswer | undefined>): McpHost {
  let local: Promise<RunTarget> | undefined;
  const localTarget = (): Promise<RunTarget> => (local ??= startLocalTarget());
  const configured = async (): Promise<string[]> => {
    const file = configPathFrom(config, process.env);
    // No file and none asked for: the Local sandbox only.
    return readEnvironmentConfig(file).then((list) => list.map((e) => e.name), (err: Error) => {
      if (config === undefined && process.env.GATEWAY_WORKBENCH_CONFIG === undefined) return [];
      throw err;
    });
  };
  return {
    confirm,
    async target(name): Promise<AgentTarget> {
      if (name === undefined || name.toLowerCase() === LOCAL) return localTarget();
      return targetFor(name, config);
    },
    async openClient(target) {
      const client = new GatewayClient({ environment: target.environment, credentials: target.credentials, userAgent: workbenchUserAgent('cli') });
      return { client, release: () => client.close() };
    },
    async generateCode(languageId, text, request) {
      const language = languageById(languageId);
      if (!language) throw new Error('"language" is not one the generator knows: see the tool\'s enum');
      return generateFromText(language, text, { choice: request ? { name: request } : undefined }).code;
    },
    async sandbox(): Promise<AgentSandbox> {
      const target = await localTarget();
      const control = target.control!;
      return {
        gatewayUrl: target.environment.gatewayUrl,
        advanceClock: (ms) => control.advanceClock(ms),
        advanceToNextAchWindow: () => control.advanceToNextAchWindow(),
        reset: () => control.reset(),
        loadSeed: (seed) => control.loadSeed(seed as Parameters<typeof control.loadSeed>[0]),
        coverage: () => control.coverage(),
        stats: () => control.stats(),
        now: () => control.now(),
      };
    },
    async secrets() {
      const found = local ? credentialSecrets((await local).credentials) : [];
      const envNames = await configured().catch(() => []);
      for (const name of envNames) found.push(...credentialSecrets(credentialsFromEnv(name, process.env)));
      return found;
    },
    async close() {
      if (local) await (await local).close();
    },
  };
}
