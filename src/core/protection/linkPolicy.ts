// What a link (vscode://gateway-workbench.gateway-workbench/run?operation=<id>&environment=<name>)
// may do. A link comes from anywhere — a stranger's README, an issue, a chat message — so it may
// open a pre-filled request document or run a read, and anything that writes, moves money or
// destroys asks first, naming the operation, the environment and the link, whatever the
// environment's kind (production then asks for its typed name as well: guardPolicy.ts). A link
// carries nothing else: ids are asked for, bodies are edited in the document, and no parameter
// can answer the question for the user. Pure: test/core/linkPolicy.test.ts checks the table.
import { operationById, SAFETY_WORDING, type Operation, type Safety } from '../../catalog';
import type { EnvironmentKind } from '../environments/environment';
import { redact } from './redaction';

export const LINK_PATH = '/run';

/** The only query parameters a link may carry, each at most once. */
const LINK_PARAMETERS: ReadonlySet<string> = new Set(['operation', 'environment']);

/** What a link asks for, once read: the operation and the environment it names (none: the active one). */
interface LinkRequest {
  operation: Operation;
  environmentName?: string;
}

type LinkReading = { request: LinkRequest } | { problem: string };

/** The modal question before a link's operation is sent: its text and the button that sends. */
export interface LinkQuestion {
  message: string;
  detail: string;
  /** The confirming button's label: the operation's title, so it says what it does. */
  action: string;
}

/** 'run': a read, sent at once; 'open': a pre-filled request document, nothing sent; else ask first. */
export type LinkDecision = 'run' | 'open' | { ask: LinkQuestion };

/** "deletes data on the gateway, and cannot be undone from here". */
function effect(safety: Safety): string {
  const { does, caution } = SAFETY_WORDING[safety];
  return caution ? `${does}, and ${caution}` : does;
}

/** Longest text of a link's own that a message quotes. */
const QUOTED_MAX = 60;

/** A value from a link, as a message shows it: redacted (it may carry a card number), short, quoted. */
function quoted(value: string): string {
  const text = redact(value);
  return JSON.stringify(text.length > QUOTED_MAX ? `${text.slice(0, QUOTED_MAX)}…` : text);
}

/**
 * Reads a link's path and query (as VS Code hands them over: percent-decoding done once). A
 * problem is the message to show: the link is not followed.
 */
export function readLink(path: string, query: string): LinkReading {
  if (path !== LINK_PATH) {
    return { problem: `Gateway Workbench cannot open ${quoted(path)}: links look like …/run?operation=transactions.sale&environment=Local%20sandbox.` };
  }
  const params = new URLSearchParams(query);
  const names = [...new Set(params.keys())];
  const unknown = names.filter((name) => !LINK_PARAMETERS.has(name));
  if (unknown.length) {
    return { problem: `A link carries only operation and environment, not ${unknown.slice(0, 3).map(quoted).join(', ')}: it was not followed. Ids are asked for, and bodies are written in the request document a link opens.` };
  }
  const twice = names.find((name) => params.getAll(name).length > 1);
  if (twice) return { problem: `The link names ${twice} twice: it was not followed. A link names one operation and at most one environment.` };
  const id = params.get('operation');
  if (!id) return { problem: 'The link names no gateway operation: it was not followed. Links look like …/run?operation=transactions.sale.' };
  const operation = operationById(id);
  if (!operation) return { problem: `The link names no known gateway operation (${quoted(id)}): it was not followed. Use an id such as transactions.sale.` };
  const environmentName = params.get('environment');
  if (environmentName === null) return { request: { operation } };
  if (environmentName.trim() === '') {
    return { problem: 'The link names no environment (environment= is empty): it was not followed. Name one, or leave environment out for the active one.' };
  }
  return { request: { operation, environmentName } };
}

/** The message when a link names an environment this window does not have. */
export function unknownEnvironmentProblem(name: string): string {
  return `There is no environment named ${quoted(name)}: the link was not followed. Add it with "Gateway: Add Environment…", or use a link that names one of yours.`;
}

/** What a link to `operation` in `environment` does: run it, open its document, or ask first. */
export function linkPolicy(
  operation: Pick<Operation, 'title' | 'method' | 'path' | 'safety' | 'bodyFormat'>,
  environment: { name: string; kind: EnvironmentKind },
): LinkDecision {
  // An operation with a body opens its document: it is sent from there, through the guard.
  if (operation.bodyFormat !== 'none') return 'open';
  if (operation.safety === 'read') return 'run';
  const production = environment.kind === 'production' ? ` ${environment.name} is a production environment: you will also type its name.` : '';
  return {
    ask: {
      message: `A link asks to run "${operation.title}" on ${environment.name}.`,
      detail: `${operation.method} ${operation.path} ${effect(operation.safety)}.${production} A link can come from anyone: nothing is sent unless you choose "${operation.title}".`,
      action: operation.title,
    },
  };
}
