// How an agent integrates with this gateway safely: the text the MCP server offers as the
// `gateway://guidance` resource, its special values read from the same tables as docs/sandbox.md.
import { ACH_RETURNS, AVS_ZIPS, CSC_VALUES, DECLINE_AMOUNTS } from './sandboxValues';

export const GUIDANCE_URI = 'gateway://guidance';

const RULES = [
  'The gateway has NO idempotency key. A sale, refund, ACH debit or any other request that moves money, sent twice, happens twice.',
  'Never retry a request that changes state after a timeout, a dropped connection or a 5xx. Its outcome is unknown: first search for it (the read the catalog names as verifyWith — gateway_send_request returns it as `verify`), and send again only when that read shows it did not happen.',
  'Reads (GET) and 429 answers (refused before processing, wait for Retry-After) are safe to send again.',
  'Develop against the Local sandbox (the default environment of gateway_send_request). Production writes need a human to type the environment\'s name; never try to get around that.',
  'Keys come from the environment (GATEWAY_API_KEY …): never write a key, a full card number or a CSC into code, files or messages.',
  'Use gateway_catalog_search and gateway_describe_operation for the exact method, path and fields; gateway_lint_request before sending; gateway_generate_code for the program.',
];

export function guidanceText(): string {
  const declines = DECLINE_AMOUNTS.map((r) => `- ${r.amounts.join(', ')} → ${r.resultCode} ${r.message}`);
  const avs = AVS_ZIPS.map((r) => `- zip ${r.zip} → AVS ${r.avsResultCode} (${r.description})`);
  const csc = CSC_VALUES.map((r) => `- CSC ${r.csc} → ${r.cscResultCode} (${r.description})`);
  const ach = ACH_RETURNS.map((r) => `- account ending ${r.accountEndsWith} → ${r.returnCode} ${r.message}`);
  return [
    '# Integrating with the payment gateway safely',
    '',
    ...RULES.map((r) => `- ${r}`),
    '',
    '## The Local sandbox\'s special values',
    '',
    'Card amounts (any other amount is approved):',
    ...declines,
    '',
    'Billing zip codes:',
    ...avs,
    '',
    'CSC values (any other matches):',
    ...csc,
    '',
    'ACH accounts that come back returned:',
    ...ach,
    '',
    'gateway_sandbox advances the sandbox clock (ACH settles and returns in its windows), resets it, loads a seed and reads the outcome coverage.',
    '',
  ].join('\n');
}
