// The go-live report as the editor shows it: a line per check with ✓ or ✗, a failure's evidence
// in a code block no file name can close early or turn into Markdown, and the verdict.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { preflightMarkdown, preflightVerdict } from '../../src/core/preflight/preflightMarkdown';
import { check } from '../../src/core/preflight/preflightCheck';

describe('preflight Markdown report', () => {
  it('says ✓ or ✗ per line and the verdict; evidence only under a failure', () => {
    const checks = [check('settings', 'AVS filters are the same', []), check('files', 'no key is written in the 2 files under app', ['app/a.env:1: an environment\'s key (…WXYZ)'])];
    const text = preflightMarkdown(checks, 'Go-live check: Local sandbox → Live');
    assert.equal(text, [
      '# Go-live check: Local sandbox → Live', '', '**Not ready: 1 of 2 checks failed.**', '',
      '- ✓ **settings**: AVS filters are the same',
      '- ✗ **files**: no key is written in the 2 files under app', '', '  ```text', '  app/a.env:1: an environment\'s key (…WXYZ)', '  ```', '', '',
    ].join('\n'));
    assert.equal(preflightVerdict([checks[0]]), 'Ready: all 1 checks passed');
  });

  it('a name renders as written and evidence with backticks cannot close its block', () => {
    const text = preflightMarkdown([check('files', 'no key in <img src=x> *bold* [link](http://x)', ['```', 'x ```` y'])], 'T');
    assert.match(text, /no key in \\<img src=x\\> \\\*bold\\\* \\\[link\\\]\(http:\/\/x\)/);
    assert.match(text, /^ {2}`````text\n {2}```\n {2}x ```` y\n {2}`````$/m);
  });
});
