// What an agent tool call is about to do, in words for the person beside the agent: the editor's
// Language Model Tools show it before the call runs (VS Code's confirmation, `prepareInvocation`).
// Every request that is not a read is named with its operation, what it does and where it goes;
// reads and the tools that send nothing run without a question. Nothing here sends; the
// production guard still asks for the typed name when the call runs (./sendRequest.ts).
import { SAFETY_WORDING } from '../../catalog/safety';
import { describeAmount, safetyOf } from '../protection/guardPolicy';
import { redactorFor } from '../protection/redaction';
import { RequestDocument } from '../requestLint';
import { operationBeforeSending, requestLabel } from '../runner/requestLabel';
import type { AgentToolName } from './toolNames';

/** The environment a call goes to, as the plan names it. */
interface PlannedEnvironment {
  name: string;
  kind: string;
  readOnly: boolean;
}

interface InvocationPlan {
  /** Shown while the call runs. */
  invocationMessage: string;
  /** Asked before the call runs; undefined: it runs without a question. */
  confirmation?: { title: string; message: string };
}

/** One request of the text, as the person reads it before it is sent. */
function requestLine(doc: RequestDocument, index: number): { line: string; read: boolean } {
  const request = doc.requests[index];
  // The document knows the gateway's older URL forms; a chained id in the path needs the runner's reading.
  const op = doc.operationOf(index)?.op ?? operationBeforeSending(request);
  const safety = safetyOf({ method: request.method, ...(op ? { operation: op } : {}) });
  const what = op ? `${op.title} (${op.method} ${op.path})` : `${request.method} ${request.target}, which matches no gateway operation`;
  const amount = safety === 'moves-money' ? `, ${describeAmount(request.body?.file ? undefined : request.body?.text)}` : '';
  return { line: `"${requestLabel(request)}": ${what} ${SAFETY_WORDING[safety].does}${amount}`, read: safety === 'read' };
}

function where(env: PlannedEnvironment): string {
  if (env.kind === 'unknown') return `"${env.name}", which is not one of your environments (the call will be refused)`;
  if (env.kind === 'restricted') return `"${env.name}", which Restricted Mode keeps agents from (the call will be refused: only the Local sandbox)`;
  return `"${env.name}" (${env.kind === 'production' ? 'PRODUCTION' : env.kind}${env.readOnly ? ', read-only' : ''})`;
}

function sendPlan(text: string, env: PlannedEnvironment): InvocationPlan {
  const doc = new RequestDocument(text);
  const lines = doc.requests.map((_, i) => requestLine(doc, i));
  const writes = lines.filter((l) => !l.read);
  const count = `${lines.length} request${lines.length === 1 ? '' : 's'}`;
  const invocationMessage = `Sending ${count} to ${where(env)}`;
  if (writes.length === 0) return { invocationMessage };
  const after = env.readOnly
    ? `${where(env)} is read-only: these will be refused, and only reads sent.`
    : env.kind === 'production'
      ? `This is a PRODUCTION environment: after this, you will be asked to type its name, ${env.name}, before each of them is sent.`
      : 'Nothing is sent twice: an answer that never comes is reported as unknown, with the read that settles it.';
  return {
    invocationMessage,
    confirmation: {
      title: `Send ${writes.length === 1 ? 'a request that' : `${writes.length} requests that`} ${writes.length === 1 ? 'changes' : 'change'} data to ${env.name}?`,
      message: [`The agent asks to send ${count} to ${where(env)}:`, ...lines.map((l) => `- ${l.line}`), '', after].join('\n'),
    },
  };
}

/** What each of gateway_sandbox's actions does to the Local sandbox; undefined: it only reads. */
const SANDBOX_CHANGES: Readonly<Record<string, string>> = {
  'advance-clock': 'moves the Local sandbox\'s clock on: due payment plans charge, ACH transactions settle or return',
  'next-ach-window': 'moves the Local sandbox\'s clock to the next ACH window: ACH transactions settle or come back returned',
  reset: 'empties the Local sandbox: its transactions, tokens, customers and batches are gone',
  'load-seed': 'replaces everything in the Local sandbox with the agent\'s seed document',
};

function sandboxPlan(action: unknown, minutes: unknown): InvocationPlan {
  const name = typeof action === 'string' ? action : '?';
  const change = SANDBOX_CHANGES[name];
  const invocationMessage = `Local sandbox: ${name}${name === 'advance-clock' && typeof minutes === 'number' ? ` by ${minutes} minutes` : ''}`;
  if (!change) return { invocationMessage };
  return { invocationMessage, confirmation: { title: `${invocationMessage}?`, message: `The agent asks for "${name}", which ${change}. No real money is involved.` } };
}

const READ_ONLY_MESSAGES: Readonly<Record<Exclude<AgentToolName, 'gateway_send_request' | 'gateway_sandbox'>, string>> = {
  gateway_catalog_search: 'Searching the gateway catalog',
  gateway_describe_operation: 'Describing a gateway operation',
  gateway_lint_request: 'Checking a request file (nothing is sent)',
  gateway_generate_code: 'Generating code for a request (nothing is sent)',
};

/**
 * The plan for a call of `tool` with `input`, `env` the environment a send goes to. Its words are
 * redacted with `secrets` (the text is the agent's and could carry a key or a card number).
 */
export function planInvocation(tool: AgentToolName, input: Record<string, unknown>, env: PlannedEnvironment, secrets: readonly string[] = []): InvocationPlan {
  let plan: InvocationPlan;
  if (tool === 'gateway_send_request') plan = sendPlan(typeof input.text === 'string' ? input.text : '', env);
  else if (tool === 'gateway_sandbox') plan = sandboxPlan(input.action, input.minutes);
  else plan = { invocationMessage: READ_ONLY_MESSAGES[tool] };
  const redactor = redactorFor(secrets);
  return {
    invocationMessage: redactor.text(plan.invocationMessage),
    ...(plan.confirmation ? { confirmation: { title: redactor.text(plan.confirmation.title), message: redactor.text(plan.confirmation.message) } } : {}),
  };
}
