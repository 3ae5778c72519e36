import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { prettyXml } from '../../src/core/codecs/codecs';
import { indentXml } from '../../src/core/codecs/xmlIndent';

describe('indentXml', () => {
  it('indents as prettyXml does, an element holding only text on one line, empty elements as written', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><response><exchange-id>ID-1</exchange-id><payload type="transaction">'
      + '<transaction><card>XXXXXXXXXXXX1111</card><amount>1.00</amount><e/></transaction></payload><!-- note --></response>';
    assert.equal(indentXml(xml), prettyXml(xml));
    assert.equal(indentXml('<a><b></b></a>'), '<a>\n  <b></b>\n</a>');
  });

  it('keeps attributes (a quoted ">" too), entities, CDATA, comments and mixed text as written', () => {
    assert.equal(indentXml('<a x="1>2" y=\'3\'>t<b>u &amp; v</b>w<![CDATA[<x>]]><!-- <c> --></a>'),
      '<a x="1>2" y=\'3\'>\n  t\n  <b>u &amp; v</b>\n  w\n  <![CDATA[<x>]]>\n  <!-- <c> -->\n</a>');
  });

  it('gives text that is not well-formed back unchanged', () => {
    for (const bad of ['<a><b></a>', '<a>', '<not xml', '<a></b>', '<a><!-- open</a>', 'a < b']) assert.equal(indentXml(bad), bad);
  });

  it('indenting twice changes nothing more', () => {
    const once = indentXml('<r><a><b>1</b><c/></a>text<d>2</d></r>');
    assert.equal(indentXml(once), once);
  });
});
