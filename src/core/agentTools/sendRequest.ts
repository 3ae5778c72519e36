// `gateway_send_request`: a request-file text run against one environment through the run engine
// and client every front end uses — chaining, @expect lines, the production guard (with the
// human's typed confirmation asked through the host), the client's refusal to send a state change
// twice. Everything returned is redacted: keys, card and account numbers, CSCs.
import { SAFETY_WORDING } from '../../catalog/safety';
import type { RawRequest } from '../http/client';
import { checkBeforeRetrying } from '../http/outcomeCheck';
import { surfaceOfPath } from '../protection/authBinding';
import { confirmationProblem, describeAmount, extractAmount, guardDecision, safetyOf } from '../protection/guardPolicy';
import { credentialSecrets, redactorFor } from '../protection/redaction';
import { parseRequestFile } from '../requestFile';
import { runAll, sendOutcomeOf, type PreparedRequest, type RequestOutcome, type SendOutcome } from '../runner';
import type { AgentHost, AgentTarget } from './host';

interface SentRequest {
  label: string;
  method: string;
  target: string;
  operation?: string;
  state: RequestOutcome['state'];
  status?: number;
  message?: string;
  /** The answer's body, redacted. */
  answer?: unknown;
  expectations: Array<{ text: string; pass: boolean; actual?: string; message: string }>;
  /** The request may have changed state but no answer says whether it did: `verify` says how to find out. */
  outcomeUnknown?: true;
  verify?: string;
  refused?: true;
}

interface SendReport {
  environment: { name: string; kind: string };
  passed: boolean;
  /** A request was refused by the guard (production, read-only): the tool result is an error. */
  refused: boolean;
  requests: SentRequest[];
}

const failed = (message: string): SendOutcome => ({ kind: 'failed', message });

function what(prepared: PreparedRequest): string {
  return `"${prepared.label}" (${prepared.operation?.title ?? `${prepared.method} ${prepared.url.pathname}`}) ${SAFETY_WORDING[safetyOf(prepared)].does}`;
}

/** Why nothing is sent, or undefined to send: the guard's decision, the human's confirmation for production, the keys. */
async function refusal(prepared: PreparedRequest, target: AgentTarget, host: AgentHost): Promise<string | undefined> {
  const name = target.environment.name;
  const decision = guardDecision({ kind: target.environment.kind, readOnly: target.readOnly }, prepared, 'confirm');
  if (decision === 'refuse-read-only') return `refused: ${what(prepared)} and environment "${name}" is read-only; only reads are sent to it`;
  if (decision === 'refuse-unmatched') return `refused: ${what(prepared)} and matches no catalog operation, so "${name}", a production environment, is not sent it`;
  if (decision === 'confirm' || decision === 'refuse-production') {
    const amount = extractAmount(prepared.body);
    const answer = await host.confirm(`${what(prepared)} in the production environment "${name}" (${describeAmount(prepared.body)}). Type the environment's name, ${name}, to send it.`);
    if (!answer) return `refused: ${what(prepared)} in "${name}", a production environment, and this client cannot ask the human to confirm (it does not support MCP elicitation); nothing was sent. Send it to the Local sandbox, or have a person send it`;
    if ('declined' in answer) return `refused: the human did not confirm sending ${what(prepared)} to "${name}" (${answer.declined}); nothing was sent`;
    const problem = confirmationProblem(answer.typed, name, amount);
    if (problem) return `refused: the confirmation did not match (${problem}); nothing was sent`;
  }
  const surface = surfaceOfPath(prepared.url.pathname);
  if (surface === 'api-key' && !target.credentials.apiKey) return `not sent: no api key for "${name}"`;
  if (surface === 'access-key' && (!target.credentials.accessKey || !target.credentials.merchantId)) return `not sent: /api/ requests need an access key and a merchant id for "${name}"`;
  return undefined;
}

export async function sendRequestText(text: string, target: AgentTarget, host: AgentHost): Promise<SendReport> {
  const file = parseRequestFile(text);
  const errors = file.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`the request text does not parse, nothing was sent: ${errors.map((d) => `line ${d.range.start.line + 1}: ${d.message}`).join('; ')} (gateway_lint_request shows every finding)`);
  if (file.requests.length === 0) throw new Error('the text holds no request: write a method and URL line, such as "POST {{gatewayUrl}}/rest/v2/transactions/sale"');
  const secrets = credentialSecrets(target.credentials);
  const redactor = redactorFor(secrets);
  const { client, release } = await host.openClient(target);
  const prepared = new Map<number, PreparedRequest>();
  const refused = new Set<number>();
  let outcomes: RequestOutcome[];
  try {
    outcomes = await runAll({
      file,
      environment: {
        name: target.environment.name,
        gatewayUrl: target.environment.gatewayUrl,
        boardingUrl: target.environment.boardingUrl,
        ...(target.credentials.merchantId ? { merchantId: target.credentials.merchantId } : {}),
      },
      namedResponses: new Map(),
      send: async (request) => {
        prepared.set(request.index, request);
        const why = await refusal(request, target, host);
        if (why) {
          refused.add(request.index);
          return failed(why);
        }
        const raw: RawRequest = { method: request.method, url: request.url, headers: request.headers, operation: request.operation ?? null };
        if (request.body !== undefined) raw.body = request.body;
        return sendOutcomeOf(client.sendRaw(raw));
      },
    });
  } finally {
    await release();
  }
  const requests = outcomes.map((o): SentRequest => {
    const p = prepared.get(o.index);
    const line: SentRequest = {
      label: redactor.text(o.label),
      method: o.result?.method ?? p?.method ?? '',
      target: redactor.text(o.result?.url ?? p?.url.href ?? ''),
      state: o.state,
      expectations: o.expectations.map(({ expectation, outcome }) => ({ text: redactor.text(expectation.text), pass: outcome.pass, ...(outcome.actual !== undefined ? { actual: redactor.text(outcome.actual) } : {}), message: redactor.text(outcome.message) })),
    };
    const operation = o.result?.operationId ?? p?.operation?.id;
    if (operation) line.operation = operation;
    if (o.status !== undefined) line.status = o.status;
    if (o.message) line.message = redactor.text(o.message);
    if (o.result) line.answer = o.result.parsed !== undefined ? redactor.value(o.result.parsed) : redactor.text(o.result.bodyText ?? '');
    if (o.outcomeUnknown) {
      line.outcomeUnknown = true;
      if (p) line.verify = redactor.text(`${checkBeforeRetrying(p.method, p.url, p.operation)}; it was NOT sent again, and must not be sent again blindly: the gateway has no idempotency key`);
    }
    if (refused.has(o.index)) line.refused = true;
    return line;
  });
  return {
    environment: { name: target.environment.name, kind: target.environment.kind },
    passed: outcomes.every((o) => o.state === 'passed'),
    refused: refused.size > 0,
    requests,
  };
}
