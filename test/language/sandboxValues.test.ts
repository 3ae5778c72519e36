// The special values completion offers must be the ones the sandbox documents and runs on.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TEST_CARDS } from '../../src/language/data/testCards';
import { DECLINE_AMOUNTS, RETURNING_ACCOUNTS } from '../../src/language/data/sandboxValues';
import { cardBrand, luhnValid } from '../../src/core/inputChecks';
import { declineFor } from '../../src/sandbox/cards/declineTable';
import { returnOutcomeFor } from '../../src/sandbox/ach/achReturnRules';

const doc = readFileSync(path.join(__dirname, '../../docs/sandbox.md'), 'utf8');

describe('sandbox values offered by completion', () => {
  it('the test cards are docs/sandbox.md\'s "Test cards" table, Luhn-valid and of their brand', () => {
    const section = doc.slice(doc.indexOf('### Test cards'));
    const rows = section.split('\n').filter((l) => /^\| [A-Z ]+ \| \d/.test(l));
    const documented = rows.flatMap((row) => {
      const [brand, numbers] = row.split('|').slice(1, 3).map((c) => c.trim());
      return numbers.split(',').map((n) => ({ number: n.trim(), brand }));
    });
    assert.deepEqual(TEST_CARDS, documented);
    for (const card of TEST_CARDS) {
      assert.ok(luhnValid(card.number), `${card.brand} card passes Luhn`);
      assert.equal(cardBrand(card.number), card.brand);
    }
  });

  it('each decline amount means what the sandbox does with it', () => {
    for (const amount of DECLINE_AMOUNTS) {
      const rule = declineFor(amount.value);
      assert.ok(rule ? amount.meaning.includes(`declined ${rule.resultCode}`) : amount.meaning.includes('approved'), amount.value);
    }
  });

  it('each returning account comes back with the R-code it promises', () => {
    for (const account of RETURNING_ACCOUNTS) {
      const outcome = returnOutcomeFor(account.value);
      assert.ok(outcome && account.meaning.includes(outcome.code), account.value);
    }
  });
});
