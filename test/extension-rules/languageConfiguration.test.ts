// language-configuration.json for request files: what the editor treats as a word (double-click,
// completion replace ranges) and which pairs it closes.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

interface LanguageConfiguration {
  comments: { lineComment: string };
  autoClosingPairs: { open: string; close: string }[];
  folding: { markers: { start: string; end: string } };
  wordPattern: string;
}

const config = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../language-configuration.json'), 'utf8')) as LanguageConfiguration;
const words = (text: string) => text.match(new RegExp(config.wordPattern, 'g')) ?? [];

describe('request-file language configuration', () => {
  it('a {{variable.path}} is one word', () => {
    assert.deepEqual(words('"id": "{{sale1.payload.transaction.id}}"'), ['id', '{{sale1.payload.transaction.id}}']);
  });

  it('hyphenated field names and amounts are one word each', () => {
    assert.deepEqual(words('"account-type": "checking", "amount": 25.00'), ['account-type', 'checking', 'amount', '25.00']);
    assert.deepEqual(words('<sec-code>WEB</sec-code>'), ['sec-code', 'WEB', 'sec-code']);
  });

  it('# comments, {{ closes with }}, folding starts on ###', () => {
    assert.equal(config.comments.lineComment, '#');
    assert.ok(config.autoClosingPairs.some((p) => p.open === '{{' && p.close === '}}'));
    assert.match('### Sale', new RegExp(config.folding.markers.start));
    assert.doesNotMatch('## not a separator', new RegExp(config.folding.markers.start));
  });
});
