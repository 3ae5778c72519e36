// `gateway_generate_code` over MCP, as an agent calls it (the SDK's client over stdio, the server
// a real `gateway-workbench mcp` process): a request text carrying a full card number, a CSC and
// a bank account number, in every language, answers with a program that holds none of them.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LANGUAGES } from '../../src/core/codegen/programs';
import { CARD_DATA_REQUESTS, assertNoCardData } from '../codegen/cardDataRequests';

const root = path.resolve(__dirname, '../..');

describe('gateway_generate_code over MCP: no card data in the answer', () => {
  let client: Client;

  before(async () => {
    client = new Client({ name: 'mcp-card-data-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', path.join(root, 'src/cli/main.ts'), 'mcp'],
      cwd: root,
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    }));
  });

  after(async () => {
    await client?.close();
  });

  for (const language of LANGUAGES) {
    it(`${language.id}: no CSC, full card number or account number in the program`, async () => {
      // Every request tried before failing: the message names each one that leaks.
      const leaks: string[] = [];
      for (const request of CARD_DATA_REQUESTS) {
        const result = (await client.callTool({ name: 'gateway_generate_code', arguments: { text: request.text, language: language.id } })) as { isError?: boolean; content: Array<{ text: string }> };
        const text = result.content.map((c) => c.text).join('\n');
        assert.notEqual(result.isError, true, `${request.name}: ${text}`);
        try {
          assertNoCardData(JSON.stringify(result), `${language.id}, ${request.name} (the raw answer)`);
          assertNoCardData(text, `${language.id}, ${request.name}`);
        } catch (err) {
          leaks.push((err as Error).message);
        }
      }
      assert.deepEqual(leaks, []);
    });
  }
});
