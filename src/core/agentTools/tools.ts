// The gateway's tools for coding agents: each one's name, a description written for a model, its
// input as JSON Schema and its annotations (from the catalog's safety class). The MCP server
// lists these as they are; a VS Code Language Model Tools layer can contribute the same data.
import { operations } from '../../catalog';
import type { Safety } from '../../catalog/types';
import { LANGUAGES } from '../codegen/programs';
import { annotationsFor, type ToolAnnotations } from './annotations';
import type { AgentToolName } from './toolNames';

interface AgentToolSpec {
  name: AgentToolName;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties: false };
  annotations: ToolAnnotations;
}

/** The worst any catalog operation does: what a tool that sends any request may do. */
const SAFETY_ORDER: readonly Safety[] = ['read', 'write', 'moves-money', 'destructive'];
const WORST = operations.reduce<Safety>((worst, op) => (SAFETY_ORDER.indexOf(op.safety) > SAFETY_ORDER.indexOf(worst) ? op.safety : worst), 'read');

const REQUEST_TEXT = { type: 'string', description: 'A request file (.gwreq): for each request a "METHOD {{gatewayUrl}}/rest/v2/…" line, header lines, a blank line, the body; requests separated by "###"; "# @name sale" names one so a later one reads {{sale.payload.transaction.id}}; "# @expect status 200" checks the answer.' };

export const AGENT_TOOLS: readonly AgentToolSpec[] = [
  {
    name: 'gateway_catalog_search',
    title: 'Search the gateway catalog',
    description: 'Find payment gateway operations (card sales, refunds, voids, tokens, ACH, customers, settings, batches…) by words. Returns each match\'s id, method, path and safety class (read, write, moves money, destructive). Use the id with gateway_describe_operation.',
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'A few words, e.g. "refund card" or "ach debit"' } }, required: ['query'], additionalProperties: false },
    annotations: annotationsFor('read', false),
  },
  {
    name: 'gateway_describe_operation',
    title: 'Describe a gateway operation',
    description: 'One gateway operation whole: method, path, parameters, body fields (required, types, allowed values), a sample body, its safety class, the read that settles an unknown outcome (verifyWith), and the Local sandbox\'s special values (decline amounts, AVS zips, CSC values, ACH return accounts).',
    inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The operation id, e.g. "transactions.sale" (from gateway_catalog_search)' } }, required: ['id'], additionalProperties: false },
    annotations: annotationsFor('read', false),
  },
  {
    name: 'gateway_lint_request',
    title: 'Check a request file',
    description: 'The language server\'s diagnostics for a request-file text: unknown operations and fields, wrong values, missing required fields, keys written in the file. Nothing is sent. Fix every error before gateway_send_request.',
    inputSchema: { type: 'object', properties: { text: REQUEST_TEXT }, required: ['text'], additionalProperties: false },
    annotations: annotationsFor('read', false),
  },
  {
    name: 'gateway_send_request',
    title: 'Send requests to the gateway',
    description: 'Send a request-file text (one request, or several chained) to an environment: the Local sandbox by default. Returns each request\'s status, its redacted answer and its @expect outcomes. A request that may have changed state but got no answer is reported as outcomeUnknown with the read that settles it (verify): it is never sent twice, and you must not send it again before that read shows it did not happen — the gateway has no idempotency key. A write to a production environment is sent only after the human types the environment\'s name; read-only environments refuse writes.',
    inputSchema: {
      type: 'object',
      properties: {
        text: REQUEST_TEXT,
        environment: { type: 'string', description: '"local" (the default): the Local sandbox. Otherwise an environment\'s name: in VS Code one of the user\'s Gateway environments, from the MCP server one of its --config file.' },
      },
      required: ['text'],
      additionalProperties: false,
    },
    annotations: annotationsFor(WORST, true),
  },
  {
    name: 'gateway_sandbox',
    title: 'Control the Local sandbox',
    description: 'The Local sandbox\'s controls: "status" (its clock, request counts), "advance-clock" by a number of minutes, "next-ach-window" (ACH transactions settle or come back returned), "reset" (empty again), "load-seed" (a seed or snapshot document), "coverage" (which gateway outcomes have been produced, and how to produce the rest). Only the Local sandbox; no real money.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['status', 'advance-clock', 'next-ach-window', 'reset', 'load-seed', 'coverage'] },
        minutes: { type: 'number', minimum: 0, description: 'For advance-clock: how far to move the sandbox clock.' },
        seed: { type: 'object', description: 'For load-seed: the seed document (as GET /__sandbox/snapshot returns).' },
      },
      required: ['action'],
      additionalProperties: false,
    },
    annotations: annotationsFor('destructive', false),
  },
  {
    name: 'gateway_generate_code',
    title: 'Generate code for a request',
    description: `A program that sends one request of a request-file text, in ${LANGUAGES.map((l) => l.label).join(', ')}, with the gateway's error handling (no blind retry of a state change; keys read from the environment, never written in).`,
    inputSchema: {
      type: 'object',
      properties: {
        text: REQUEST_TEXT,
        language: { type: 'string', enum: LANGUAGES.map((l) => l.id) },
        request: { type: 'string', description: 'The "# @name" of the request, when the text holds several.' },
      },
      required: ['text', 'language'],
      additionalProperties: false,
    },
    annotations: annotationsFor('read', false),
  },
];
