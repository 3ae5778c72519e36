// A refund finds the earlier refunds of its sale through the sale's own list of children, and a
// sale with duplicate checking off reads no history: neither cost grows with the sandbox's history.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { operationById } from '../../src/catalog';
import { ControllableClock } from '../../src/sandbox/domain/clock';
import { ErrorAnswer, type Answer, type SandboxRequest } from '../../src/sandbox/domain/domain';
import type { CardsSlice } from '../../src/sandbox/cardTransactions/cardState';
import { sandboxModules } from '../../src/sandbox/domain/moduleTable';
import { LiveSandbox } from '../../src/sandbox/liveSandbox';
import { generateKeys, newState } from '../../src/sandbox/domain/state';
import { VISA } from './sandboxTestClient';

function live() {
  const clock = new ControllableClock('America/Chicago', new Date('2025-03-03T16:00:00Z').getTime() - Date.now());
  const rt = new LiveSandbox(sandboxModules, newState(sandboxModules, generateKeys(), clock.offsetMs), clock, 1000);
  const run = (opId: string, body: Record<string, unknown>): Answer => {
    const entry = rt.handlers.get(opId)!;
    const req: SandboxRequest = { op: operationById(opId)!, params: {}, query: new URLSearchParams(), body, headers: {}, merchant: rt.merchant };
    return entry.handler(req, rt.contextFor(entry.module));
  };
  return { rt, run };
}

describe('refund index', () => {
  it('sums earlier refunds without reading the other stored transactions', () => {
    const { rt, run } = live();
    const saleId = (run('transactions.sale', { amount: '30.00', card: VISA, 'exp-date': '1230' }).payload!.transaction as { id: string }).id;
    for (let i = 0; i < 300; i++) run('transactions.sale', { amount: '1.00', card: VISA, 'exp-date': '1230' });
    // Count every listing of the stored transactions (Object.values, Object.keys, for…in).
    const cards = rt.state.slices.cards as CardsSlice;
    let listings = 0;
    cards.transactions = new Proxy(cards.transactions, { ownKeys: t => { listings++; return Reflect.ownKeys(t); } });
    for (const amount of ['10.00', '10.00', '10.00']) {
      assert.equal(run('transactions.refund', { type: 'REFUND', id: saleId, amount }).status, 200);
    }
    assert.throws(() => run('transactions.refund', { type: 'REFUND', id: saleId, amount: '0.01' }),
      (e: ErrorAnswer) => e.resultCode === '025' && /30\.00 already refunded/.test(e.message));
    assert.equal(listings, 0, 'refunds listed every stored transaction');
    // With duplicate checking off (the default), a sale has no reason to look at history either.
    run('transactions.sale', { amount: '4.00', card: VISA, 'exp-date': '1230' });
    assert.equal(listings, 0, 'a sale listed every stored transaction');
  });
});
