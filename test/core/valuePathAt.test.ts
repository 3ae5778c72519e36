// "Copy Value as Variable": the path read at a cursor in a shown answer must, put in a
// reference, read back the very value under the cursor (checked through the same lookup a
// request file's `{{name.path}}` uses), for JSON and XML, at every value of the answer.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseXml, prettyJson, prettyXml } from '../../src/core/codecs/codecs';
import { responseValueText } from '../../src/core/requestFile/variables';
import { jsonValuePathAt, xmlValuePathAt } from '../../src/core/answers/valuePathAt';

const ANSWER = {
  payloadType: 'transaction',
  payload: { transaction: { id: '8812', 'result-code': '000', result: 'APPROVED', lines: [{ sku: 'A-1' }, { sku: 'B-2' }] } },
};

const pathOf = (r: ReturnType<typeof jsonValuePathAt>) => {
  assert.ok('path' in r, 'problem' in r ? r.problem : '');
  return r.path;
};

describe('the value path at a cursor in a JSON answer', () => {
  const text = prettyJson(ANSWER);
  it('reads back the value under the cursor, on its value and on its key', () => {
    for (const [needle, expected] of [['"8812"', '8812'], ['"APPROVED"', 'APPROVED'], ['"B-2"', 'B-2'], ['"result-code"', '000']] as const) {
      const offset = text.indexOf(needle) + 2;
      assert.equal(responseValueText(ANSWER, pathOf(jsonValuePathAt(text, offset))), expected, needle);
    }
    assert.equal(pathOf(jsonValuePathAt(text, text.indexOf('"B-2"') + 1)), 'payload.transaction.lines[1].sku');
  });

  it('says why for a key a reference cannot hold, and for the outermost brackets', () => {
    const odd = prettyJson({ 'a.b': { c: 1 } });
    const found = jsonValuePathAt(odd, odd.indexOf('1'));
    assert.ok('problem' in found && /a\.b/.test(found.problem), JSON.stringify(found));
    assert.ok('problem' in jsonValuePathAt(text, 0));
  });
});

describe('the value path at a cursor in an XML answer', () => {
  const xml = prettyXml('<?xml version="1.0"?><response><payloadType>transaction</payloadType><payload><transaction><id>8812</id><!-- <id>no</id> --><line><sku>A-1</sku></line><line sku2="x"><sku>B-2</sku></line><result>APPROVED</result></transaction></payload></response>');
  const parsed = parseXml(xml);
  assert.ok(parsed.ok);
  const tree = parsed.value;

  it('reads back the element under the cursor, the root left out, an index only where a name repeats', () => {
    for (const [needle, expected] of [['8812', '8812'], ['APPROVED', 'APPROVED'], ['B-2', 'B-2'], ['A-1', 'A-1']] as const) {
      const path = pathOf(xmlValuePathAt(xml, xml.indexOf(needle) + 1));
      assert.equal(responseValueText(tree, path), expected, `${needle} at ${path}`);
    }
    assert.equal(pathOf(xmlValuePathAt(xml, xml.indexOf('B-2'))), 'payload.transaction.line[1].sku');
    assert.equal(pathOf(xmlValuePathAt(xml, xml.indexOf('8812'))), 'payload.transaction.id');
  });

  it('refuses text that does not nest', () => {
    assert.ok('problem' in xmlValuePathAt('<a><b></a>', 4));
  });
});
