// The .bru reader the importer bundles (src/core/import/bruFormat.ts) against Bruno's own parser
// (@usebruno/lang, a development dependency only: too large to ship): on the test collection's
// files and on the forms Bruno writes that those do not use, both give the same requests.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { bruToEnvJsonV2, bruToJsonV2 } from '@usebruno/lang';
import { readBru, readBruEnvironment } from '../../src/core/import/bruFormat';

const COLLECTION = path.resolve(__dirname, '../fixtures/import/bruno/Gateway Payments');

const MORE = `meta {
  name: Tokens: look one up
  type: http
  seq: 3
}

get {
  url: {{baseUrl}}/rest/v2/tokens/:tokenId?include=card
  body: none
  auth: none
}

params:query {
  include: card
  ~page: 2
}

params:path {
  tokenId: 1188888888888888
}

headers {
  Accept: application/xml
  ~X-Debug: 1
}

body:xml {
  <transaction>
    <amount>1.00</amount>
  </transaction>
}

body:form-urlencoded {
  type: SALE
  ~amount: 2.00
}

vars:pre-request {
  invoice: INV-9
}

script:post-response {
  bru.setVar("x", res.body.a);
  if (x) {
    console.log(x);
  }
}

docs {
  Looks up a card token.
}
`;

/** The fields the importer reads, from either parser's answer. */
function used(doc: Record<string, unknown>): unknown {
  const d = doc as Record<string, any>;
  const pick = (list: Array<Record<string, unknown>> | undefined, type?: boolean) => (list ?? []).map((e) => ({ name: e.name, value: e.value, enabled: e.enabled, ...(type ? { type: e.type } : {}) }));
  return {
    meta: { name: d.meta?.name, type: d.meta?.type, seq: String(d.meta?.seq) },
    http: { method: d.http?.method, url: d.http?.url, body: d.http?.body, auth: d.http?.auth },
    headers: pick(d.headers),
    params: pick(d.params, true),
    body: { json: d.body?.json, xml: d.body?.xml, text: d.body?.text, formUrlEncoded: pick(d.body?.formUrlEncoded) },
    vars: { req: pick(d.vars?.req), res: pick(d.vars?.res) },
    assertions: pick(d.assertions),
    script: { req: d.script?.req || undefined, res: d.script?.res || undefined },
    tests: d.tests || undefined,
  };
}

describe('.bru reader', () => {
  const files = readdirSync(path.join(COLLECTION, 'Sales')).filter((f) => f.endsWith('.bru') && f !== 'folder.bru').map((f) => readFileSync(path.join(COLLECTION, 'Sales', f), 'utf8'));

  it('reads every request of the test collection as Bruno does', () => {
    assert.ok(files.length >= 2);
    for (const text of [...files, MORE]) assert.deepEqual(used(readBru(text)), used(bruToJsonV2(text) as Record<string, unknown>));
  });

  it('reads an environment\'s variables and secret names as Bruno does', () => {
    const text = readFileSync(path.join(COLLECTION, 'environments/Sandbox.bru'), 'utf8');
    const ours = readBruEnvironment(text).variables.map((v) => ({ name: v.name, value: v.value, enabled: v.enabled, secret: v.secret }));
    const theirs = (bruToEnvJsonV2(text) as { variables: Array<{ name: string; value: string; enabled: boolean; secret: boolean }> }).variables.map((v) => ({ name: v.name, value: v.value, enabled: v.enabled, secret: v.secret }));
    assert.deepEqual(ours, theirs);
  });

  it('says which block is not closed', () => {
    assert.throws(() => readBru('meta {\n  name: x\n'), /the block "meta" is not closed/);
  });
});
