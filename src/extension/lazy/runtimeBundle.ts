// The extension's heavy runtime: the gateway client (undici), the codecs (fast-xml-parser) and
// the host of the Local sandbox's worker (the sandbox itself is dist/sandboxWorker.js, loaded by
// that worker's thread, never by the extension host's). Built on its own into dist/runtime.js so
// that the activation bundle stays small; extension code reaches it only through `loadRuntime()`
// (./runtime.ts).
// No vscode import here: this bundle is plain Node.
import * as path from 'node:path';
import type { BodyFacts } from '../../core/answers/answerDecoding';
import { ResultRenderer } from '../../core/resultText/renderer';
import { startSandboxInWorker, type WorkerSandbox, type WorkerSandboxOptions } from '../../sandbox/worker/host';

export { showJob } from '../../core/resultText/showJob';
export { Redactor } from '../../core/protection/redaction';
export { doJob as showResultInPlace } from '../../core/resultText/job';

export {
  GatewayClient,
  GatewayError,
  isGatewayError,
  prettyJson,
  prettyXml,
  parseJson,
  parseXml,
  buildXml,
  redact,
  redactValue,
  explainStatus,
  checks,
  validateEnvironmentUrl,
  originsOf,
} from '../../core';
export { parseRequestFile, substituteVariables, resolveTarget } from '../../core/requestFile';
export { keptExchange } from '../../core/traffic/exchange';
export { exchangeRequestText } from '../../core/traffic/requestText';
export { lintExchangeRequest } from '../../core/requestLint/exchangeLint';
export { fetchCoverage, coverageSince, coverageLines } from '../../core/localSandbox/sandboxCoverage';
export { readSettings, applySettings } from '../../core/settingsCode/settingsRemote';
export { parseSettingsFile, settingsFileText } from '../../core/settingsCode/settingsFile';
export { planSettings, planText, changeCount } from '../../core/settingsCode/settingsPlan';
export { DRIFT_GROUPS, settingsDrift } from '../../core/preflight/settingsDrift';
export { scanFiles } from '../../core/preflight/fileScan';
export { parseRecording, recordingChecks } from '../../core/preflight/recordingChecks';
export { coverageCheck } from '../../core/preflight/coverageCheck';
export { preflightMarkdown, preflightVerdict } from '../../core/preflight/preflightMarkdown';
export { valuePathAt } from '../../core/answers/valuePathAt';
export { dotenvPlaces, readDotenvFile } from '../../core/runner/dotenvFile';
export { callAgentTool } from '../../core/agentTools/callTool';
export { planInvocation } from '../../core/agentTools/invocationPlan';

/**
 * The Local sandbox as the extension runs it: in a worker thread (dist/sandboxWorker.js, next to
 * this bundle), so that the extension host's main thread does no sandbox work. The name keeps
 * `startSandbox` out of dist/extension.js (test/extension-rules/activationBundle.test.ts).
 */
export function startLocalSandbox(options: WorkerSandboxOptions): Promise<WorkerSandbox> {
  return startSandboxInWorker({ file: path.join(__dirname, 'sandboxWorker.js') }, options);
}

let renderer: ResultRenderer | undefined;

/** The one result renderer; its worker is dist/resultWorker.js, next to this bundle. */
export function resultRenderer(): ResultRenderer {
  renderer ??= new ResultRenderer({ file: path.join(__dirname, 'resultWorker.js') });
  return renderer;
}

/**
 * The extension's clients' `bodyFacts`: a large answer is judged in the result worker, so its
 * arrival (log line, readable-or-not) parses nothing on the extension host's thread.
 */
export function bodyFactsOffThread(format: 'json' | 'xml', body: Buffer): Promise<BodyFacts> | undefined {
  return resultRenderer().bodyFacts(format, body);
}
