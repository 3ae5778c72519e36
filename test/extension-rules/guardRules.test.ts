import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operations, requireOperation } from '../../src/catalog';
import { allowedInWorkspace, confirmationProblem, describeAmount, extractAmount, guardDecision, needsConfirmation } from '../../src/extension/environments/guardRules';

// The list of operations a production environment must confirm.
const MUST_CONFIRM = [
  'transactions.sale', 'transactions.auth', 'transactions.capture', 'transactions.forcedSale',
  'transactions.refund', 'transactions.void', 'transactions.adjustTip',
  'achTransactions.create', 'achTransactions.credit', 'achTransactions.debit',
  'achTransactions.reversal', 'achTransactions.void',
  'tokens.delete', 'achTokens.delete', 'batches.closeOpen', 'merchants.create',
];

describe('needsConfirmation', () => {
  it('covers every operation the issue lists', () => {
    for (const id of MUST_CONFIRM) assert.ok(needsConfirmation(requireOperation(id)), id);
  });

  it('covers every settings write and no read', () => {
    for (const op of operations) {
      if (op.group === 'settings' && op.safety !== 'read') assert.ok(needsConfirmation(op), op.id);
      if (op.safety === 'read') assert.equal(needsConfirmation(op), false, op.id);
    }
  });

  it('lets plain token writes through', () => {
    assert.equal(needsConfirmation(requireOperation('tokens.create')), false);
    assert.equal(needsConfirmation(requireOperation('achTokens.update')), false);
  });
});

describe('guardDecision', () => {
  const sale = requireOperation('transactions.sale');
  const search = requireOperation('transactions.search');
  const tokenCreate = requireOperation('tokens.create');

  it('refuses non-reads in a read-only environment and allows reads', () => {
    assert.equal(guardDecision({ kind: 'production', readOnly: true }, sale), 'refuse-read-only');
    assert.equal(guardDecision({ kind: 'production', readOnly: true }, tokenCreate), 'refuse-read-only');
    assert.equal(guardDecision({ kind: 'production', readOnly: true }, search), 'send');
    assert.equal(guardDecision({ kind: 'sandbox', readOnly: true }, sale), 'refuse-read-only');
  });

  it('confirms money movements in production only', () => {
    assert.equal(guardDecision({ kind: 'production', readOnly: false }, sale), 'confirm');
    assert.equal(guardDecision({ kind: 'production', readOnly: false }, tokenCreate), 'send');
    for (const kind of ['local', 'sandbox', 'custom'] as const) {
      assert.equal(guardDecision({ kind, readOnly: false }, sale), 'send', kind);
    }
  });
});

describe('extractAmount', () => {
  it('reads the catalog samples', () => {
    assert.equal(extractAmount(requireOperation('transactions.sale').sample), '25.00');
    assert.equal(extractAmount(requireOperation('achTransactions.debit').sample), '25.00');
    assert.equal(extractAmount(requireOperation('transactions.adjustTip').sample), '5.00');
    assert.equal(extractAmount(requireOperation('transactions.void').sample), undefined);
  });

  it('reads XML and prefers a top-level JSON amount', () => {
    assert.equal(extractAmount('<transaction><amount> 12.34 </amount></transaction>'), '12.34');
    assert.equal(extractAmount('{"nested":{"amount":"1.00"},"amount":"9.99"}'), '9.99');
    assert.equal(extractAmount('{"amount": 7.5}'), '7.5');
  });

  it('finds the amount in a draft that is not JSON yet', () => {
    assert.equal(extractAmount('{ "id": {{transactionId}}, "amount": "3.00" }'), '3.00');
  });

  it('says "no amount" when there is none', () => {
    assert.equal(describeAmount(undefined), 'no amount');
    assert.equal(describeAmount(''), 'no amount');
    assert.equal(describeAmount('<batch/>'), 'no amount');
    assert.equal(describeAmount('{"amount":"25.00"}'), 'amount 25.00');
  });
});

describe('Restricted Mode', () => {
  it('sends to the Local sandbox only while the workspace is untrusted', () => {
    assert.equal(allowedInWorkspace({ builtIn: true }, false), true);
    assert.equal(allowedInWorkspace({ builtIn: false }, false), false);
    assert.equal(allowedInWorkspace({ builtIn: false }, true), true);
  });
});

describe('confirmationProblem (a production send is typed, never a bare Enter)', () => {
  it('accepts the environment name or the amount, nothing else', () => {
    assert.equal(confirmationProblem('Prod EU', 'Prod EU', '25.00'), undefined);
    assert.equal(confirmationProblem('  Prod EU ', 'Prod EU', undefined), undefined);
    assert.equal(confirmationProblem('25.00', 'Prod EU', '25.00'), undefined);
    assert.equal(confirmationProblem('', 'Prod EU', '25.00'), 'Type "Prod EU" or the amount 25.00 to send; Escape cancels.');
    assert.equal(confirmationProblem('prod eu', 'Prod EU', undefined), 'Type "Prod EU" to send; Escape cancels.');
    assert.notEqual(confirmationProblem('25.00', 'Prod EU', undefined), undefined);
  });
});
