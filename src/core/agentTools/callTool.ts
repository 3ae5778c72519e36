// Runs one agent tool by name with its arguments: the answer as JSON text, or an error an agent
// can act on. Every string that leaves here is redacted (keys, card and account numbers).
import { credentialSecrets, redactorFor } from '../protection/redaction';
import { lintRequestFile, RequestDocument } from '../requestLint';
import { describeOperation, searchCatalog } from './catalogTools';
import type { AgentHost, AgentSandbox } from './host';
import { sendRequestText } from './sendRequest';

interface ToolAnswer {
  text: string;
  isError: boolean;
}

type Args = Record<string, unknown>;

function stringArg(args: Args, name: string, required: true): string;
function stringArg(args: Args, name: string, required?: false): string | undefined;
function stringArg(args: Args, name: string, required = false): string | undefined {
  const value = args[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string') throw new Error(`"${name}" must be a string${required ? ' and is required' : ''}`);
  return value;
}

function lint(text: string): unknown {
  const findings = lintRequestFile(new RequestDocument(text));
  return {
    errors: findings.filter((f) => f.severity === 'error').length,
    findings: findings.map((f) => ({ line: f.range.start.line + 1, column: f.range.start.character + 1, severity: f.severity, code: f.code, message: f.message, ...(f.replacement !== undefined ? { fix: f.replacement } : {}) })),
  };
}

function generate(args: Args, host: AgentHost): Promise<string> {
  return host.generateCode(stringArg(args, 'language', true), stringArg(args, 'text', true), stringArg(args, 'request'));
}

async function sandboxAction(sandbox: AgentSandbox, args: Args): Promise<unknown> {
  const action = stringArg(args, 'action', true);
  switch (action) {
    case 'status':
      return { gatewayUrl: sandbox.gatewayUrl, now: sandbox.now().toISOString(), stats: await sandbox.stats() };
    case 'advance-clock': {
      const minutes = args.minutes;
      if (typeof minutes !== 'number' || !(minutes >= 0)) throw new Error('advance-clock needs "minutes", a number 0 or more');
      return { now: (await sandbox.advanceClock(minutes * 60_000)).toISOString() };
    }
    case 'next-ach-window':
      return { now: (await sandbox.advanceToNextAchWindow()).toISOString() };
    case 'reset':
      await sandbox.reset();
      return { reset: true, now: sandbox.now().toISOString() };
    case 'load-seed':
      if (typeof args.seed !== 'object' || args.seed === null) throw new Error('load-seed needs "seed", a seed document (an object)');
      await sandbox.loadSeed(args.seed);
      return { loaded: true, now: sandbox.now().toISOString() };
    case 'coverage':
      return await sandbox.coverage();
    default:
      throw new Error(`unknown action "${action}": use status, advance-clock, next-ach-window, reset, load-seed or coverage`);
  }
}

async function answer(name: string, args: Args, host: AgentHost): Promise<{ value: unknown; isError: boolean; secrets: string[] }> {
  switch (name) {
    case 'gateway_catalog_search':
      return { value: searchCatalog(stringArg(args, 'query', true)), isError: false, secrets: [] };
    case 'gateway_describe_operation':
      return { value: describeOperation(stringArg(args, 'id', true)), isError: false, secrets: [] };
    case 'gateway_lint_request':
      return { value: lint(stringArg(args, 'text', true)), isError: false, secrets: [] };
    case 'gateway_generate_code':
      return { value: await generate(args, host), isError: false, secrets: [] };
    case 'gateway_sandbox':
      return { value: await sandboxAction(await host.sandbox(), args), isError: false, secrets: [] };
    case 'gateway_send_request': {
      const target = await host.target(stringArg(args, 'environment'));
      const report = await sendRequestText(stringArg(args, 'text', true), target, host);
      return { value: report, isError: report.refused, secrets: credentialSecrets(target.credentials) };
    }
    default:
      throw new Error(`unknown tool "${name}"`);
  }
}

/** Every key the host knows, hidden from every answer and error, whichever environment the call used. */
export async function callAgentTool(name: string, args: Args, host: AgentHost, knownSecrets: readonly string[] = []): Promise<ToolAnswer> {
  try {
    const { value, isError, secrets } = await answer(name, args, host);
    const redactor = redactorFor([...knownSecrets, ...secrets]);
    return { text: redactor.text(typeof value === 'string' ? value : JSON.stringify(value, null, 2)), isError };
  } catch (err) {
    return { text: redactorFor([...knownSecrets]).text(`${name}: ${(err as Error).message ?? String(err)}`), isError: true };
  }
}
