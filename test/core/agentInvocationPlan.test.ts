// What the editor's Language Model Tools show before an agent's call runs: every request that is
// not a read named with its operation and environment, production and read-only said plainly,
// reads and sandbox reads without a question, and nothing secret in the words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planInvocation } from '../../src/core/agentTools/invocationPlan';
import { AGENT_TOOL_NAMES } from '../../src/core/agentTools/toolNames';
import { AGENT_TOOLS } from '../../src/core/agentTools/tools';

const local = { name: 'Local sandbox', kind: 'local', readOnly: false };
const prod = { name: 'Acme Live', kind: 'production', readOnly: false };

const SALE = `# @name sale
POST {{gatewayUrl}}/rest/v2/transactions/sale
Content-Type: application/json

{"amount": 12.34, "card": {"number": "4111111111111111", "expiration-date": "12/30", "csc": "999"}}

###
# @name refund
POST {{gatewayUrl}}/rest/v2/transactions/refund
Content-Type: application/json

{"type": "REFUND", "id": "{{sale.payload.transaction.id}}", "amount": 12.34}

###
PUT {{gatewayUrl}}/rest/v2/transactions/{{sale.payload.transaction.id}}
Content-Type: application/json

{"tip-amount": "2.00"}
`;

test('the tool names are the tools the MCP server lists, in the same order', () => {
  assert.deepEqual(AGENT_TOOLS.map((t) => t.name), [...AGENT_TOOL_NAMES]);
});

test('a sale and a chained refund to the Local sandbox: a confirmation naming both operations, the amount and the environment', () => {
  const plan = planInvocation('gateway_send_request', { text: SALE }, local);
  assert.ok(plan.confirmation, 'writes are confirmed');
  assert.match(plan.confirmation.title, /3 requests that change data to Local sandbox/);
  assert.match(plan.confirmation.message, /"sale": .*sale.*POST \/rest\/v2\/transactions\/sale.*moves money, amount 12\.34/i);
  assert.match(plan.confirmation.message, /"refund": Refund \(POST \/rest\/v2\/transactions\/refund\) moves money, amount 12\.34/);
  // A chained id in the path still names its operation.
  assert.match(plan.confirmation.message, /Adjust tip \(PUT \/rest\/v2\/transactions\/\{id\}\) moves money/);
  assert.match(plan.confirmation.message, /"Local sandbox" \(local\)/);
  assert.match(plan.invocationMessage, /Sending 3 requests to "Local sandbox"/);
  assert.doesNotMatch(JSON.stringify(plan), /4111111111111111|"999"/);
});

test('production says so and that its name will be typed; read-only says writes are refused', () => {
  const plan = planInvocation('gateway_send_request', { text: SALE }, prod);
  assert.match(plan.confirmation!.message, /PRODUCTION environment: after this, you will be asked to type its name, Acme Live/);
  const readOnly = planInvocation('gateway_send_request', { text: SALE }, { ...prod, readOnly: true });
  assert.match(readOnly.confirmation!.message, /read-only: these will be refused/);
});

test('reads go without a question; so do the tools that send nothing', () => {
  const read = planInvocation('gateway_send_request', { text: 'GET {{gatewayUrl}}/rest/v2/transactions/123\n' }, prod);
  assert.equal(read.confirmation, undefined);
  assert.match(read.invocationMessage, /1 request to "Acme Live" \(PRODUCTION\)/);
  for (const tool of ['gateway_catalog_search', 'gateway_describe_operation', 'gateway_lint_request', 'gateway_generate_code'] as const) {
    assert.equal(planInvocation(tool, { text: SALE }, local).confirmation, undefined, tool);
  }
});

test('a request outside the catalog that is not a GET counts as a write', () => {
  const plan = planInvocation('gateway_send_request', { text: 'DELETE https://example.com/whatever\n' }, local);
  assert.match(plan.confirmation!.message, /matches no gateway operation changes data/);
});

test('the sandbox tool asks before it changes the sandbox, not before it reads it', () => {
  assert.equal(planInvocation('gateway_sandbox', { action: 'status' }, local).confirmation, undefined);
  assert.equal(planInvocation('gateway_sandbox', { action: 'coverage' }, local).confirmation, undefined);
  assert.match(planInvocation('gateway_sandbox', { action: 'reset' }, local).confirmation!.message, /empties the Local sandbox/);
  assert.match(planInvocation('gateway_sandbox', { action: 'advance-clock', minutes: 90 }, local).confirmation!.title, /advance-clock by 90 minutes/);
});

test('a key the agent wrote into the request is hidden from the words shown', () => {
  const key = 'sk_live_abcdefghijklmnop1234';
  const plan = planInvocation('gateway_send_request', { text: `POST https://x.example/${key}/sale\n` }, local, [key]);
  assert.doesNotMatch(JSON.stringify(plan), new RegExp(key));
});

test('an environment the user does not have is said to be none of theirs', () => {
  const plan = planInvocation('gateway_send_request', { text: SALE }, { name: 'Nowhere', kind: 'unknown', readOnly: false });
  assert.match(plan.confirmation!.message, /"Nowhere", which is not one of your environments \(the call will be refused\)/);
});
