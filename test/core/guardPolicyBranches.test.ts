// Every branch of the production guard, one row each, with operations described by the three
// facts the guard reads (id, group, safety): guardPolicy.test.ts checks the catalog's real
// operations; this file checks the rule itself, so that no branch can change unseen.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Operation } from '../../src/catalog/types';
import { confirmationProblem, extractAmount, guardDecision, needsConfirmation, safetyOf, type GuardDecision, type GuardedRequest } from '../../src/core/protection/guardPolicy';

type Judged = Pick<Operation, 'id' | 'group' | 'safety'>;
const op = (id: string, group: Operation['group'], safety: Operation['safety']): Judged => ({ id, group, safety });

describe('needsConfirmation: which operations a production environment confirms', () => {
  // [operation, confirmed]
  const ROWS: readonly [Judged, boolean][] = [
    [op('transactions.search', 'card-transactions', 'read'), false],
    [op('settings.hpp.get', 'settings', 'read'), false], // a settings read changes nothing
    [op('transactions.sale', 'card-transactions', 'moves-money'), true],
    [op('tokens.delete', 'card-tokens', 'destructive'), true],
    [op('settings.hpp.update', 'settings', 'write'), true], // settings writes change how the account behaves
    [op('tokens.create', 'card-tokens', 'write'), false],
    [op('merchants.create', 'onboarding', 'write'), true], // named on its own: boards a real merchant
    [op('onboarding.anotherWrite', 'onboarding', 'write'), false], // only that one id, not its group
  ];
  for (const [operation, confirmed] of ROWS) {
    it(`${operation.id} (${operation.group}, ${operation.safety}): ${confirmed ? 'confirmed' : 'sent'}`, () => {
      assert.equal(needsConfirmation(operation), confirmed);
    });
  }
});

describe('guardDecision: each branch, in the order the rule takes them', () => {
  const sale: GuardedRequest = { operation: op('transactions.sale', 'card-transactions', 'moves-money'), method: 'POST' };
  const tokenCreate: GuardedRequest = { operation: op('tokens.create', 'card-tokens', 'write'), method: 'POST' };
  const catalogRead: GuardedRequest = { operation: op('transactions.search', 'card-transactions', 'read'), method: 'POST' };
  const rawGet: GuardedRequest = { method: 'Get' };
  const rawPut: GuardedRequest = { method: 'PUT' };
  const prod = { kind: 'production', readOnly: false } as const;
  // [why, environment, request, front end, decision]
  const ROWS: readonly [string, { kind: 'local' | 'sandbox' | 'production' | 'custom'; readOnly: boolean }, GuardedRequest, 'confirm' | 'allow' | 'refuse', GuardDecision][] = [
    ['a catalog read goes anywhere, even a read-only production environment, whatever its method', { kind: 'production', readOnly: true }, catalogRead, 'refuse', 'send'],
    ['an unmatched GET is a read', { kind: 'production', readOnly: true }, rawGet, 'refuse', 'send'],
    ['read-only refuses a write in a sandbox', { kind: 'sandbox', readOnly: true }, tokenCreate, 'allow', 'refuse-read-only'],
    ['read-only refuses a write on the Local sandbox too', { kind: 'local', readOnly: true }, rawPut, 'confirm', 'refuse-read-only'],
    ['read-only wins over --allow-production', { kind: 'production', readOnly: true }, sale, 'allow', 'refuse-read-only'],
    ['a custom environment sends a sale unasked', { kind: 'custom', readOnly: false }, sale, 'refuse', 'send'],
    ['the Local sandbox sends an unmatched write', { kind: 'local', readOnly: false }, rawPut, 'confirm', 'send'],
    ['--allow-production sends a production sale', prod, sale, 'allow', 'send'],
    ['--allow-production sends an unmatched production write', prod, rawPut, 'allow', 'send'],
    ['the CLI without --allow-production refuses a production write', prod, tokenCreate, 'refuse', 'refuse-production'],
    ['the CLI refuses an unmatched production write as a production write', prod, rawPut, 'refuse', 'refuse-production'],
    ['the extension refuses an unmatched production write: nothing to judge it by', prod, rawPut, 'confirm', 'refuse-unmatched'],
    ['the extension confirms a production sale', prod, sale, 'confirm', 'confirm'],
    ['the extension sends a production token write unasked', prod, tokenCreate, 'confirm', 'send'],
  ];
  for (const [why, env, request, frontEnd, decision] of ROWS) {
    it(why, () => {
      assert.equal(guardDecision(env, request, frontEnd), decision);
    });
  }
});

describe('safetyOf: a request outside the catalog is judged by its method alone', () => {
  it('counts GET (any case) as a read and everything else as a write; a catalog operation keeps its own class', () => {
    assert.equal(safetyOf({ method: 'get' }), 'read');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']) assert.equal(safetyOf({ method }), 'write', method);
    assert.equal(safetyOf({ operation: op('tokens.delete', 'card-tokens', 'destructive'), method: 'GET' }), 'destructive');
  });
});

describe('extractAmount: the money a confirmation names', () => {
  // [body, amount]
  const ROWS: readonly [string | undefined, string | undefined][] = [
    ['\n  <transaction><amount>5.00</amount></transaction>\n', '5.00'], // a request file's body starts on a new line
    ['<transaction><tip-amount>1.50</tip-amount></transaction>', '1.50'],
    ['<transaction><amount></amount><tip-amount>1.00</tip-amount></transaction>', '1.00'], // an empty amount names none
    ['{"tip-amount":"2.00","card":"4111111111111111"}', '2.00'],
    ['{"amount":null,"tip-amount":"2.50"}', '2.50'],
    ['[{"amount":"3.00"}]', '3.00'],
    ['{ "id": {{saleId}}, "tip-amount": "4.00" }', '4.00'], // a draft: not JSON until variables are filled
    ['{ "id": {{saleId}} }', undefined],
    ['   ', undefined],
    [undefined, undefined],
  ];
  for (const [body, amount] of ROWS) {
    it(`${JSON.stringify(body)} → ${amount ?? 'no amount'}`, () => {
      assert.equal(extractAmount(body), amount);
    });
  }
});

describe('confirmationProblem: the typed confirmation', () => {
  it('accepts the environment name as the user reads it, without stray spaces around it', () => {
    assert.equal(confirmationProblem('Prod EU', ' Prod EU  ', undefined), undefined);
    assert.equal(confirmationProblem('Prod', 'Prod EU', undefined), 'Type "Prod EU" to send; Escape cancels.');
  });
});
