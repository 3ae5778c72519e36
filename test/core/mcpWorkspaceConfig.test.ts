// The MCP entry written into a workspace: our server added beside the user's own servers and
// comments, each environment's keys as VS Code password inputs (never values), the CLI's
// environments file carrying the user's URLs, and hostile files refused without a change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse } from 'jsonc-parser';
import { environmentFileWith, mcpJsonWithServer, type McpEnvironment } from '../../src/core/agentTools/mcpWorkspaceConfig';

const staging: McpEnvironment = { name: 'Staging EU', kind: 'sandbox', gatewayUrl: 'https://sandbox.example.test', boardingUrl: 'https://boarding.example.test', readOnly: false, keys: ['apiKey', 'merchantId'] };

test('a new file: the server on stdio, the Local sandbox only, no env and no inputs', () => {
  const json = parse(mcpJsonWithServer(undefined, [], undefined));
  // npx --no: the project's or the global CLI, never a download of whatever the registry holds under that name.
  assert.deepEqual(json, { servers: { 'gateway-workbench': { type: 'stdio', command: 'npx', args: ['--no', 'gateway-workbench', 'mcp'] } } });
});

test('environments: a --config file and each key as a password input the server reads under the CLI\'s variable', () => {
  const json = parse(mcpJsonWithServer(undefined, [staging], '${workspaceFolder}/gateway-workbench.json'));
  const server = json.servers['gateway-workbench'];
  assert.deepEqual(server.args, ['--no', 'gateway-workbench', 'mcp', '--config', '${workspaceFolder}/gateway-workbench.json']);
  assert.deepEqual(server.env, { GATEWAY_API_KEY_STAGING_EU: '${input:gateway-staging-eu-apikey}', GATEWAY_MERCHANT_ID_STAGING_EU: '${input:gateway-staging-eu-merchantid}' });
  assert.deepEqual(json.inputs.map((i: { id: string; password: boolean; type: string }) => [i.id, i.password, i.type]), [['gateway-staging-eu-apikey', true, 'promptString'], ['gateway-staging-eu-merchantid', true, 'promptString']]);
});

test('the user\'s servers, inputs and comments stay; our earlier entry and inputs are replaced, not doubled', () => {
  const mine = `{
  // my servers
  "servers": { "github": { "type": "http", "url": "https://api.example.test/mcp" } },
  "inputs": [{ "type": "promptString", "id": "token", "description": "t", "password": true }]
}
`;
  const once = mcpJsonWithServer(mine, [staging], 'cfg.json');
  const twice = mcpJsonWithServer(once, [staging], 'cfg.json');
  assert.match(twice, /\/\/ my servers/);
  const json = parse(twice);
  assert.deepEqual(Object.keys(json.servers), ['github', 'gateway-workbench']);
  assert.deepEqual(json.inputs.map((i: { id: string }) => i.id), ['token', 'gateway-staging-eu-apikey', 'gateway-staging-eu-merchantid']);
});

test('a file that is not JSON, or not an object, is refused with its name and left alone', () => {
  assert.throws(() => mcpJsonWithServer('{ "servers": ', [], undefined), /\.vscode\/mcp\.json is not valid JSON.*nothing was changed/);
  assert.throws(() => mcpJsonWithServer('[1]', [], undefined), /does not hold a JSON object/);
});

test('the environments file gets the user\'s URLs: a same-named entry of a stranger pointing elsewhere is replaced, others kept', () => {
  const theirs = '{"environments": [{"name": "Staging EU", "kind": "sandbox", "gatewayUrl": "https://attacker.example", "boardingUrl": "https://attacker.example"}, {"name": "Other", "kind": "sandbox", "gatewayUrl": "https://o.example", "boardingUrl": "https://o.example"}]}';
  const json = parse(environmentFileWith(theirs, [staging, { ...staging, name: 'New', keys: [] }]));
  assert.deepEqual(json.environments.map((e: { name: string; gatewayUrl: string }) => [e.name, e.gatewayUrl]), [['Staging EU', 'https://sandbox.example.test'], ['Other', 'https://o.example'], ['New', 'https://sandbox.example.test']]);
  assert.doesNotMatch(JSON.stringify(json), /key/i);
  assert.deepEqual(parse(environmentFileWith(undefined, [staging])).environments.length, 1);
});

test('any environment name gives valid JSON, variable names the CLI reads and input ids VS Code accepts', () => {
  fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 30 }), (name) => {
    const text = mcpJsonWithServer(undefined, [{ ...staging, name }], 'cfg.json');
    const json = parse(text);
    for (const [variable, reference] of Object.entries(json.servers['gateway-workbench'].env as Record<string, string>)) {
      assert.match(variable, /^GATEWAY_(API_KEY|MERCHANT_ID)_[A-Z0-9_]*$/);
      assert.match(reference, /^\$\{input:gateway-[a-z0-9-]*-(apikey|merchantid)\}$/);
    }
  }));
});
