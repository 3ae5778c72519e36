// src/catalog/xmlSamples.ts is generated (scripts/generate-xml-samples.ts) so that the catalog
// needs no XML library at run time; these tests keep it current and complete.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { operations } from '../../src/catalog';
import { parseXml } from '../../src/core/codecs/codecs';
import { XML_SAMPLES_FILE, renderXmlSamples, xmlSamplesSource } from '../../scripts/generate-xml-samples';

describe('XML samples rendered at build time', () => {
  it('src/catalog/xmlSamples.ts equals what the generator renders (run "npm run xml-samples")', () => {
    assert.equal(fs.readFileSync(XML_SAMPLES_FILE, 'utf8'), xmlSamplesSource(renderXmlSamples()));
  });

  it('every operation that takes a body has its sample text, XML ones well-formed under their root', () => {
    for (const op of operations.filter((o) => o.bodyFormat !== 'none')) {
      assert.ok(op.sample, `${op.id} has no sample text`);
      if (op.bodyFormat !== 'xml') continue;
      const parsed = parseXml(op.sample);
      assert.ok(parsed.ok && op.xmlRoot && op.xmlRoot in parsed.value, `${op.id}: the sample is not a <${op.xmlRoot}> document`);
    }
  });
});
