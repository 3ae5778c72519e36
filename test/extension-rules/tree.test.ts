// The Gateway tree's pure parts: how records read as items, how responses are read, and the
// ITEM_ACTIONS table and tree contributions, held against the catalog.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { groups, operationById, operations } from '../../src/catalog';
import { COMMANDS, SANDBOX_FAILED_CONTEXT, TREE_VIEW_ID, VIEW_CONTAINER_ID, operationCommandId } from '../../src/extension/contracts';
import { treeCommands, treeMenus, views, viewsContainers, viewsWelcome } from '../../src/extension/tree/contributions';
import { ITEM_ACTIONS, operationsFor } from '../../src/extension/tree/itemActions';
import {
  achTransactionContext,
  achTransactionDescription,
  achTransactionLabel,
  batchDescription,
  capturedAuthId,
  cardTokenLabel,
  cardTransactionContext,
  cardTransactionDescription,
  cardTransactionLabel,
  merchantLabel,
  paymentPlanContext,
  paymentPlanDescription,
  paymentPlanLabel,
} from '../../src/extension/tree/itemLabels';
import { pageInfo, recordsAt, textsAt } from '../../src/extension/tree/responseReading';
import { settingsGroups } from '../../src/extension/tree/settingsGroups';

// Records as the Local sandbox answers them (see docs/sandbox.md).
const sale = {
  id: '100001', type: 'SALE', amount: '25.00', result: 'APPROVED', card: 'XXXXXXXXXXXX1111', 'last-four': '1111',
  'card-type': 'VISA', created: '2026-11-21 13:28:19.510', voided: 'false',
};
const token = { 'token-id': '1000000000134541111', 'card-type': 'VISA', 'exp-date': '1230', 'last-four-digits': '1111', description: 'Test Visa' };
// Times read in the Local sandbox's zone, on the afternoon of the sale (issue 35: zone named, date when not today).
const sameDay = { timeZone: 'America/Chicago', now: new Date('2026-11-21T20:00:00Z') };
const nextDay = { ...sameDay, now: new Date('2026-11-22T20:00:00Z') };
const returnedAch = {
  id: '1000001', type: 'Debit', amount: '25.00', status: 'Returned', 'account-number': '0001',
  'returned-code': 'R01', 'returned-message': 'Insufficient Funds', created: '2026-11-21 13:28:51.547',
};

describe('item labels', () => {
  test('a card transaction reads "SALE 25.00 · VISA 1111", result and time (in the zone, named; dated when not today) in the description', () => {
    assert.equal(cardTransactionLabel(sale), 'SALE 25.00 · VISA 1111');
    assert.equal(cardTransactionDescription(sale, sameDay), 'APPROVED · 7:28 AM CST');
    assert.equal(cardTransactionDescription({ ...sale, voided: 'true' }, nextDay), 'voided · APPROVED · Nov 21, 7:28 AM CST');
    assert.equal(cardTransactionDescription(sale, { ...sameDay, timeZone: 'UTC' }), 'APPROVED · 1:28 PM UTC');
  });

  test('a card transaction\'s contextValue names its type, and whether it was declined or voided', () => {
    assert.equal(cardTransactionContext(sale), 'gw.item.cardTransaction.sale');
    assert.equal(cardTransactionContext({ ...sale, type: 'FORCED SALE' }), 'gw.item.cardTransaction.forced-sale');
    assert.equal(cardTransactionContext({ ...sale, voided: 'true' }), 'gw.item.cardTransaction.sale.voided');
    assert.equal(cardTransactionContext({ ...sale, result: 'DECLINED' }), 'gw.item.cardTransaction.sale.declined');
  });

  test('a card token reads "VISA ···1111 exp 12/30 · Test Visa"', () => {
    assert.equal(cardTokenLabel(token), 'VISA ···1111 exp 12/30 · Test Visa');
    assert.equal(cardTokenLabel({ ...token, description: '' }), 'VISA ···1111 exp 12/30');
  });

  test('an ACH transaction shows only the account\'s last four, and a return its code and message', () => {
    assert.equal(achTransactionLabel({ ...returnedAch, 'account-number': '1234567890' }), 'Debit 25.00 · ···7890');
    assert.equal(achTransactionDescription(returnedAch, sameDay), 'Returned · R01 Insufficient Funds');
    assert.equal(achTransactionDescription({ ...returnedAch, status: 'Pending', 'status-change-date': '2026-11-21 13:28:51.547' }, nextDay), 'Pending · Nov 21, 7:28 AM CST');
    assert.equal(achTransactionContext({ ...returnedAch, status: 'Pending' }), 'gw.item.achTransaction.pending');
  });

  test('a payment plan reads "Gym · 50.00 monthly" and says when it charges next, or that it stopped', () => {
    const plan = { 'plan-key': 'plan_1', 'plan-name': 'Gym', 'payment-amount': '50.00', frequency: 'MONTHLY', status: 'Active', 'next-payment-date': '2030-01-15' };
    assert.equal(paymentPlanLabel(plan), 'Gym · 50.00 monthly');
    assert.equal(paymentPlanLabel({ ...plan, 'plan-name': '' }), 'plan_1 · 50.00 monthly');
    assert.equal(paymentPlanDescription(plan), 'next 2030-01-15');
    assert.equal(paymentPlanDescription({ ...plan, 'last-payment-result': 'DECLINED', 'last-payment-date': '2029-12-15' }), 'next 2030-01-15 · last DECLINED 2029-12-15');
    assert.equal(paymentPlanDescription({ ...plan, 'last-payment-result': 'APPROVED', 'last-payment-date': '2029-12-15' }), 'next 2030-01-15');
    assert.equal(paymentPlanDescription({ ...plan, 'next-payment-date': '' }), 'ended');
    assert.equal(paymentPlanDescription({ ...plan, status: 'Cancelled' }), 'Cancelled');
    assert.equal(paymentPlanContext(plan), 'gw.item.paymentPlan.active');
    assert.equal(paymentPlanContext({ ...plan, status: '' }), 'gw.item.paymentPlan.unknown');
  });

  test('the open batch shows counts and totals', () => {
    const batch = { 'sales-count': '12', 'sales-total': '300.00', 'refund-count': '1', 'refund-total': '25.00', 'net-amount': '275.00' };
    assert.equal(batchDescription(batch), '12 sales 300.00 · 1 refund 25.00 · net 275.00');
    assert.equal(batchDescription({ sales_count: '1', sales_total: '5.00', refund_count: '0', refund_total: '0.00', net_amount: '5.00' }), '1 sale 5.00 · 0 refunds 0.00 · net 5.00');
  });

  test('a merchant is labelled by its DBA name and number', () => {
    const answer = { merchant: { merchantInformation: { merchantNumber: '8582940000000001', dbaName: 'Blue Harbor Coffee' } } };
    assert.equal(merchantLabel(answer, '8582940000000001'), 'Blue Harbor Coffee (8582940000000001)');
    assert.equal(merchantLabel({}, '8582940000000001'), '8582940000000001');
  });
});

describe('reading list responses', () => {
  test('a list is read whether it holds many records, one (XML) or none', () => {
    assert.equal(recordsAt({ a: { b: [{ id: 1 }, { id: 2 }] } }, ['a', 'b']).length, 2);
    assert.deepEqual(recordsAt({ a: { b: { id: 1 } } }, ['a', 'b']), [{ id: 1 }]);
    assert.deepEqual(recordsAt({ a: {} }, ['a', 'b']), []);
    assert.deepEqual(recordsAt([{ id: 1 }], []), [{ id: 1 }]);
    assert.deepEqual(textsAt({ codes: { code: 'PPD' } }, ['codes', 'code']), ['PPD']);
  });

  test('the page object says whether "Load more" is needed', () => {
    assert.deepEqual(pageInfo({ page: { number: 1, last: false } }), { number: 1, last: false });
    assert.deepEqual(pageInfo({ page: { number: 2, last: true } }), { number: 2, last: true });
    assert.deepEqual(pageInfo({}), { number: 1, last: true });
  });
});

describe('settings groups', () => {
  test('the catalog\'s settings operations form the ten groups, each with a GET', () => {
    assert.deepEqual(
      settingsGroups.map((g) => g.key).sort(),
      ['avs', 'csc', 'device', 'duplicates', 'hpp', 'paylink', 'report', 'rps', 'terminal', 'transactionAlert'],
    );
    const grouped = settingsGroups.flatMap((g) => [g.read, ...g.writes]).map((op) => op.id).sort();
    assert.deepEqual(grouped, operations.filter((op) => op.group === 'settings').map((op) => op.id).sort());
    for (const g of settingsGroups) assert.equal(g.read.method, 'GET', g.key);
  });
});

describe('ITEM_ACTIONS', () => {
  test('every operation id exists in the catalog, and inline ones are in the menu too', () => {
    for (const action of ITEM_ACTIONS) {
      assert.doesNotThrow(() => new RegExp(action.contextValue), action.contextValue);
      for (const id of action.operations) assert.ok(operationById(id), `${action.contextValue}: unknown operation ${id}`);
      for (const id of action.inline ?? []) assert.ok(action.operations.includes(id), `${action.contextValue}: inline ${id} is not in its menu`);
    }
  });

  test('transactions offer refund, void, tip, a receipt and a signature; an auth offers capture; a voided or declined one nothing', () => {
    assert.deepEqual(operationsFor('gw.item.cardTransaction.sale'), ['transactions.refund', 'transactions.void', 'transactions.adjustTip', 'mobile.receipt', 'mobile.signature']);
    assert.deepEqual(operationsFor('gw.item.cardTransaction.auth'), ['transactions.capture', 'transactions.void']);
    assert.deepEqual(operationsFor('gw.item.cardTransaction.sale.voided'), []);
    assert.deepEqual(operationsFor('gw.item.cardTransaction.sale.declined'), []);
  });

  test('a plan starts from a customer\'s card on file; a plan offers its reads and writes', () => {
    assert.deepEqual(operationsFor('gw.item.customerToken').slice(0, 2), ['paymentPlans.create', 'transactions.sale']);
    assert.ok(!operationsFor('gw.item.customer').includes('paymentPlans.create'), 'a plan needs a token: offered on the card, not the customer');
    for (const status of ['active', 'cancelled']) {
      assert.deepEqual(operationsFor(`gw.item.paymentPlan.${status}`), ['paymentPlans.get', 'paymentPlans.update', 'paymentPlans.delete']);
    }
  });

  test('only a pending ACH transaction can be voided; the open batch can be closed; tokens updated and deleted', () => {
    assert.ok(operationsFor('gw.item.achTransaction.pending').includes('achTransactions.void'));
    assert.ok(!operationsFor('gw.item.achTransaction.settled').includes('achTransactions.void'));
    assert.ok(operationsFor('gw.item.batch.open').includes('batches.closeOpen'));
    for (const op of ['tokens.update', 'tokens.delete', 'transactions.sale']) assert.ok(operationsFor('gw.item.cardToken').includes(op), op);
    for (const op of ['achTokens.update', 'achTokens.delete']) assert.ok(operationsFor('gw.item.achToken').includes(op), op);
  });

  test('each settings group offers its read and all its writes', () => {
    for (const g of settingsGroups) {
      assert.deepEqual(operationsFor(`gw.item.settings.${g.key}`).sort(), [g.read, ...g.writes].map((op) => op.id).sort(), g.key);
    }
  });

  test('every group with create operations offers them on its node', () => {
    const creates = operations.filter((op) => op.method === 'POST' && op.group !== 'settings' && !['achTransactions.reversal', 'achTransactions.validate', 'transactions.capture', 'transactions.refund', 'transactions.void'].includes(op.id));
    for (const op of creates) assert.ok(operationsFor(`gw.group.${op.group}`).includes(op.id), `${op.id} is missing on gw.group.${op.group}`);
  });
});

describe('tree contributions', () => {
  const known = new Set<string>([...Object.values(COMMANDS), ...operations.map((op) => operationCommandId(op.id))]);

  test('the container, the view and its welcome content use the contract ids', () => {
    assert.equal(viewsContainers.activitybar[0].id, VIEW_CONTAINER_ID);
    assert.equal(viewsContainers.activitybar[0].icon, 'media/gateway.svg');
    assert.equal(views[VIEW_CONTAINER_ID][0].id, TREE_VIEW_ID);
    // Shown only when the tree is empty on purpose: the Local sandbox could not start and there
    // is nothing else (the e2e step 13c shows it); it offers what gets the user going again.
    assert.equal(viewsWelcome[0].when, SANDBOX_FAILED_CONTEXT);
    for (const command of [COMMANDS.refreshTree, COMMANDS.showLog, COMMANDS.addEnvironment]) {
      assert.match(viewsWelcome[0].contents, new RegExp(`command:${command.replace('.', '\\.')}\\)`));
    }
  });

  test('every tree command is a contract command with a title and an icon', () => {
    for (const c of treeCommands) {
      assert.ok((Object.values(COMMANDS) as string[]).includes(c.command), c.command);
      assert.ok(c.title && c.icon, c.command);
    }
  });

  test('item menus are ITEM_ACTIONS, each entry in our view, naming a known command', () => {
    const itemMenu = treeMenus['view/item/context'];
    for (const entry of itemMenu) {
      assert.ok(known.has(entry.command), entry.command);
      assert.match(entry.when ?? '', new RegExp(`^view == ${TREE_VIEW_ID.replace('.', '\\.')} && viewItem =~ /.+/$`));
    }
    for (const action of ITEM_ACTIONS) {
      for (const id of action.operations) {
        assert.ok(itemMenu.some((m) => m.command === operationCommandId(id) && m.when?.includes(action.contextValue) && m.group !== 'inline'), id);
      }
    }
  });

  test('the tree lists the catalog\'s groups: the interface\'s nine and those past it', () => {
    assert.equal(groups.length, 11);
  });
});

describe('a captured AUTH (issue 11, item 13)', () => {
  const auth = { id: '100010', type: 'AUTH', amount: '25.00', result: 'APPROVED', voided: 'false' };
  const capture = { id: '100011', type: 'CAPTURE', amount: '25.00', result: 'APPROVED', voided: 'false', 'ref-id': '100010' };

  test('a capture names the AUTH it captured; a voided or declined one does not', () => {
    assert.equal(capturedAuthId(capture), '100010');
    assert.equal(capturedAuthId({ ...capture, voided: 'true' }), undefined);
    assert.equal(capturedAuthId({ ...capture, result: 'DECLINED' }), undefined);
    assert.equal(capturedAuthId(auth), undefined);
  });

  test('no longer offers Capture, and says "captured"', () => {
    assert.ok(operationsFor(cardTransactionContext(auth)).includes('transactions.capture'));
    assert.ok(!operationsFor(cardTransactionContext(auth, true)).includes('transactions.capture'));
    assert.match(cardTransactionDescription(auth, sameDay, true), /^captured · APPROVED/);
  });
});
