import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operations, requireOperation } from '../../src/catalog';
import { allowedInWorkspace, confirmationProblem, describeAmount, extractAmount, guardDecision, needsConfirmation, safetyOf, type GuardDecision, type GuardedRequest } from '../../src/core/protection/guardPolicy';

// The list of operations a production environment must confirm.
const MUST_CONFIRM = [
  'transactions.sale', 'transactions.auth', 'transactions.capture', 'transactions.forcedSale',
  'transactions.refund', 'transactions.void', 'transactions.adjustTip',
  'achTransactions.create', 'achTransactions.credit', 'achTransactions.debit',
  'achTransactions.reversal', 'achTransactions.void',
  'tokens.delete', 'achTokens.delete', 'batches.closeOpen', 'merchants.create',
  // Past the interface (issue 33): a plan write schedules charges; a mobile charge moves money.
  'paymentPlans.create', 'paymentPlans.update', 'paymentPlans.delete', 'customers.delete',
  'mobile.sale', 'mobile.refund', 'mobile.achDebit', 'mobile.achCredit',
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

describe('guardDecision: the one policy of both front ends', () => {
  const sale = requireOperation('transactions.sale');
  const search = requireOperation('transactions.search');
  const tokenCreate = requireOperation('tokens.create');
  const settingsWrite = operations.find((op) => op.group === 'settings' && op.safety === 'write')!;
  const rawPost = { method: 'POST' };
  const rawGet = { method: 'get' };
  const PROD = { kind: 'production', readOnly: false } as const;
  const PROD_RO = { kind: 'production', readOnly: true } as const;
  const SANDBOX = { kind: 'sandbox', readOnly: false } as const;
  const SANDBOX_RO = { kind: 'sandbox', readOnly: true } as const;

  // [environment, request, extension ('confirm'), CLI ('refuse'), CLI --allow-production ('allow')]
  const TABLE: readonly [string, { kind: 'production' | 'sandbox'; readOnly: boolean }, GuardedRequest, GuardDecision, GuardDecision, GuardDecision][] = [
    ['read in production', PROD, { operation: search, method: 'GET' }, 'send', 'send', 'send'],
    ['read in read-only production', PROD_RO, { operation: search, method: 'GET' }, 'send', 'send', 'send'],
    ['sale in production', PROD, { operation: sale, method: 'POST' }, 'confirm', 'refuse-production', 'send'],
    ['token create in production', PROD, { operation: tokenCreate, method: 'POST' }, 'send', 'refuse-production', 'send'],
    ['settings write in production', PROD, { operation: settingsWrite, method: 'PUT' }, 'confirm', 'refuse-production', 'send'],
    ['sale in read-only production', PROD_RO, { operation: sale, method: 'POST' }, 'refuse-read-only', 'refuse-read-only', 'refuse-read-only'],
    ['token create in read-only production', PROD_RO, { operation: tokenCreate, method: 'POST' }, 'refuse-read-only', 'refuse-read-only', 'refuse-read-only'],
    ['sale in a read-only sandbox', SANDBOX_RO, { operation: sale, method: 'POST' }, 'refuse-read-only', 'refuse-read-only', 'refuse-read-only'],
    ['sale in a sandbox', SANDBOX, { operation: sale, method: 'POST' }, 'send', 'send', 'send'],
    ['unmatched POST in production', PROD, rawPost, 'refuse-unmatched', 'refuse-production', 'send'],
    ['unmatched POST in a read-only sandbox', SANDBOX_RO, rawPost, 'refuse-read-only', 'refuse-read-only', 'refuse-read-only'],
    ['unmatched GET in read-only production', PROD_RO, rawGet, 'send', 'send', 'send'],
    ['unmatched POST in a sandbox', SANDBOX, rawPost, 'send', 'send', 'send'],
  ];

  for (const [name, env, request, extension, cli, cliAllowed] of TABLE) {
    it(name, () => {
      assert.equal(guardDecision(env, request, 'confirm'), extension, 'extension');
      assert.equal(guardDecision(env, request, 'refuse'), cli, 'CLI');
      assert.equal(guardDecision(env, request, 'allow'), cliAllowed, 'CLI --allow-production');
    });
  }

  it('confirms money movements in production only, whatever else the kind', () => {
    for (const kind of ['local', 'sandbox', 'custom'] as const) {
      assert.equal(guardDecision({ kind, readOnly: false }, { operation: sale, method: 'POST' }, 'confirm'), 'send', kind);
    }
  });

  it('judges a request outside the catalog by its method', () => {
    assert.equal(safetyOf({ method: 'GET' }), 'read');
    assert.equal(safetyOf({ method: 'DELETE' }), 'write');
    assert.equal(safetyOf({ operation: sale, method: 'GET' }), 'moves-money');
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

  it('names the amount a payment plan charges each time', () => {
    assert.equal(extractAmount('{"plan-name":"Gym","payment-amount":"50.00"}'), '50.00');
    assert.equal(extractAmount('<payment-plan><payment-amount>50.00</payment-amount></payment-plan>'), '50.00');
    // A charge's own amount still comes first.
    assert.equal(extractAmount('{"payment-amount":"50.00","amount":"9.99"}'), '9.99');
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
