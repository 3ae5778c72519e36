// The special values completion offers must be the ones the sandbox documents and runs on.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TEST_CARDS } from '../../src/language/data/testCards';
import { AVS_ZIPS, CSC_VALUES, DECLINE_AMOUNTS, RETURNING_ACCOUNTS } from '../../src/language/data/sandboxValues';
import { avsResult, cscResult } from '../../src/sandbox/cardTransactions/verificationTable';
import { valueChoices } from '../../src/language/completion/values';
import { cardBrand, luhnValid } from '../../src/core/checks/inputChecks';
import { declineFor } from '../../src/sandbox/cardTransactions/declineTable';
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

  it('each CSC and zip value gives the result it promises, and completion offers them', () => {
    for (const csc of CSC_VALUES) assert.ok(csc.meaning.includes(`csc-result-code ${cscResult(csc.value, '1.00')?.code} `), csc.value);
    for (const zip of AVS_ZIPS) assert.ok(zip.meaning.includes(`avs-result-code ${avsResult(zip.value, undefined)?.code} `), zip.value);
    assert.ok(valueChoices({ name: 'csc', type: 'string', check: 'csc', doc: '' }).some((c) => c.value === '000'));
    assert.ok(valueChoices({ name: 'zip', type: 'string', doc: '' }).some((c) => c.value === '40000'));
    assert.ok(valueChoices({ name: 'avs-zip', type: 'string', doc: '' }).some((c) => c.value === '40000' && c.detail.includes('avs-result-code N')));
    assert.ok(doc.includes('### AVS and CSC test values'));
  });
});
