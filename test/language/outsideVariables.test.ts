// The editor's help with `{{$processEnv NAME}}` and `{{$dotenv NAME}}` (issue 35, item 14): the
// names there are (the language server's environment, which is VS Code's; the `.env` beside the
// document, then its workspace folder's), and whether a name is set — never a value, in
// completion, hover or anywhere in what the server answers. Real files in a temporary workspace.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionItem, Hover, MarkupContent, TextEdit } from 'vscode-languageserver-types';
import { analyzeDocument, languageHandlers } from '../../src/language/handlers';
import { changeWorkspaceFolders } from '../../src/language/workspaceFolders';

const DOTENV_SECRET = 'dotenv-secret-value-7781';
const ENV_SECRET = 'process-env-secret-3345';

describe('outside variables in the editor: names, and set or not, never values', () => {
  let workspace: string;
  let uri: string;
  before(() => {
    workspace = mkdtempSync(path.join(tmpdir(), 'gw-outside-lsp-'));
    mkdirSync(path.join(workspace, 'api'));
    writeFileSync(path.join(workspace, 'api', '.env'), `MERCHANT_TOKEN=${DOTENV_SECRET}\nSHARED=beside\n`);
    writeFileSync(path.join(workspace, '.env'), 'SHARED=root\nROOT_TOKEN=abc123456\n');
    uri = pathToFileURL(path.join(workspace, 'api', 'checkout.gwreq')).toString();
    changeWorkspaceFolders([pathToFileURL(workspace).toString()]);
    process.env.GW_OUTSIDE_TEST_TOKEN = ENV_SECRET;
  });
  after(() => {
    changeWorkspaceFolders([], [pathToFileURL(workspace).toString()]);
    delete process.env.GW_OUTSIDE_TEST_TOKEN;
    rmSync(workspace, { recursive: true, force: true });
  });

  let version = 0;
  function at(lines: readonly string[]): { doc: ReturnType<typeof analyzeDocument>; position: { line: number; character: number } } {
    const joined = lines.join('\n');
    const cursor = joined.indexOf('|');
    const text = joined.slice(0, cursor) + joined.slice(cursor + 1);
    const before = text.slice(0, cursor);
    return { doc: analyzeDocument(text, uri, ++version), position: { line: before.split('\n').length - 1, character: cursor - (before.lastIndexOf('\n') + 1) } };
  }
  const complete = (lines: readonly string[]): CompletionItem[] => {
    const { doc, position } = at(lines);
    return languageHandlers.completion(doc, position);
  };
  const hover = (lines: readonly string[]): string => {
    const { doc, position } = at(lines);
    return ((languageHandlers.hover(doc, position) as Hover | null)?.contents as MarkupContent | undefined)?.value ?? '';
  };
  const noValues = (what: unknown): void => {
    const text = JSON.stringify(what);
    for (const value of [DOTENV_SECRET, ENV_SECRET, 'abc123456']) assert.ok(!text.includes(value), `no value in ${text}`);
  };

  it('completes the .env names after {{$dotenv: beside the document first, then the workspace folder\'s, each once', () => {
    const items = complete(['GET {{gatewayUrl}}/rest/v2/transactions', 'X-Token: {{$dotenv |']);
    assert.deepEqual(items.map((i) => i.label), ['MERCHANT_TOKEN', 'SHARED', 'ROOT_TOKEN']);
    assert.equal(items[1].detail, `in ${path.join(workspace, 'api', '.env')}`);
    assert.equal((items[0].textEdit as TextEdit).newText, 'MERCHANT_TOKEN}}');
    noValues(items);
  });

  it('completes the process\'s environment names after {{$processEnv, and file variables after %', () => {
    const items = complete(['GET {{gatewayUrl}}/rest/v2/transactions', 'X-Token: {{$processEnv GW_OUTSIDE|}}']);
    const item = items.find((i) => i.label === 'GW_OUTSIDE_TEST_TOKEN');
    assert.ok(item);
    assert.equal((item.textEdit as TextEdit).newText, 'GW_OUTSIDE_TEST_TOKEN', 'the }} already there is not written again');
    noValues(items);
    const indirect = complete(['@tokenName = GW_OUTSIDE_TEST_TOKEN', 'GET {{gatewayUrl}}/rest/v2/transactions', 'X-Token: {{$processEnv %|']);
    assert.deepEqual(indirect.map((i) => i.label), ['tokenName']);
  });

  it('hover says set, with the length, or not set and where it looked — never the value', () => {
    const set = hover(['GET {{gatewayUrl}}/rest/v2/transactions', 'X-Token: {{$dotenv MERCH|ANT_TOKEN}}']);
    assert.match(set, new RegExp(`\\*\\*set\\*\\* in ${path.join(workspace, 'api', '.env').replace(/[.\\\\/]/g, '\\$&')} \\(${DOTENV_SECRET.length} characters\\)`));
    const root = hover(['GET {{gatewayUrl}}/rest/v2/transactions', 'X-Token: {{$dotenv ROOT|_TOKEN}}']);
    assert.match(root, /\*\*set\*\* in .*\.env \(9 characters\)/);
    assert.ok(root.includes(path.join(workspace, '.env')));
    const unset = hover(['GET {{gatewayUrl}}/rest/v2/transactions', 'X-Token: {{$dotenv NO|PE}}']);
    assert.match(unset, /\*\*not set\*\*: no NOPE in .*api.*\.env, then .*\.env/);
    const env = hover(['GET {{gatewayUrl}}/rest/v2/transactions', 'X-Token: {{$processEnv GW_OUTSIDE|_TEST_TOKEN}}']);
    assert.match(env, new RegExp(`\\*\\*set\\*\\* in VS Code's environment \\(${ENV_SECRET.length} characters\\)`));
    const indirect = hover(['@tokenName = GW_OUTSIDE_TEST_TOKEN', 'GET {{gatewayUrl}}/rest/v2/transactions', 'X-Token: {{$processEnv %token|Name}}']);
    assert.match(indirect, /\*\*set\*\* in VS Code's environment/);
    assert.match(hover(['GET {{gatewayUrl}}/rest/v2/transactions', 'X-Token: {{$processEnv GW_NOT_|THERE_9}}']), /\*\*not set\*\* in VS Code's environment/);
    for (const text of [set, root, unset, env, indirect]) {
      noValues(text);
      assert.match(text, /sent only to the environment's own gateway and boarding URLs/);
    }
  });

  it('a document that is not saved has no .env: completion offers nothing, hover says why', () => {
    const doc = analyzeDocument('GET {{gatewayUrl}}/rest/v2/transactions\nX-Token: {{$dotenv A}}', 'untitled:Untitled-1', 1);
    assert.deepEqual(languageHandlers.completion(doc, { line: 1, character: 19 }).map((i) => i.label), []);
    const text = ((languageHandlers.hover(doc, { line: 1, character: 20 }) as Hover | null)?.contents as MarkupContent | undefined)?.value ?? '';
    assert.match(text, /\*\*not read\*\*: the document is not saved on disk/);
  });
});
