// Customers below the Customers group (issue 33): each customer opens on its stored cards and
// its payment plans, loaded when expanded (the gateway lists each with its own call), so a user
// sees what a plan will charge, on which card, and when — the question recurring billing asks.
import * as vscode from 'vscode';
import { operationCommandId } from '../../contracts';
import { cardTokenLabel, paymentPlanContext, paymentPlanDescription, paymentPlanLabel } from '../itemLabels';
import { ITEM_VARS } from '../itemVars';
import { fetchList } from '../listLoading';
import { LoadingNode } from '../loadingNode';
import { recordsAt, text, type GatewayRecord } from '../responseReading';
import type { TreeContext } from '../treeContext';
import type { GatewayNode } from '../treeNode';
import type { OperationVars } from '../../contracts';
import { recordTooltip } from './groupItem';
import { recordNode, type ItemRow } from './recordNode';

const icon = (id: string, color?: string) => new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);

/** A customer's token, with the customer it belongs to (a new plan needs both). */
interface CustomerTokenData { customerKey: string; token: GatewayRecord }

const customerToken: ItemRow<CustomerTokenData> = {
  key: ({ token }) => text(token, 'token-id'),
  label: ({ token }) => cardTokenLabel(token),
  description: ({ token }) => (text(token, 'default') === 'true' ? 'default' : undefined),
  icon: () => icon('key'),
  contextValue: () => 'gw.item.customerToken',
  click: ({ token }, node) => ({
    command: operationCommandId('tokens.get'),
    title: 'Open card token',
    arguments: [{ environmentName: node.environmentName, vars: { tokenId: text(token, 'token-id') } }],
  }),
  tooltip: ({ token }) => recordTooltip(`Card token ${text(token, 'token-id')}`, [
    ['status', text(token, 'status')],
    ['times used', text(token, 'times-used')],
    ['default', text(token, 'default')],
  ]),
  vars: ({ customerKey, token }) => ITEM_VARS.customerToken(customerKey, token),
};

const PLAN_ICONS: Readonly<Record<string, [icon: string, color?: string]>> = {
  active: ['calendar', 'charts.green'],
  inactive: ['debug-pause'],
  cancelled: ['circle-slash'],
};

const paymentPlan: ItemRow<GatewayRecord> = {
  key: (plan) => text(plan, 'plan-key'),
  label: (plan) => paymentPlanLabel(plan),
  description: (plan) => paymentPlanDescription(plan),
  icon: (plan) => {
    if (text(plan, 'last-payment-result') === 'DECLINED') return icon('warning', 'list.warningForeground');
    const [id, color] = PLAN_ICONS[text(plan, 'status').toLowerCase()] ?? ['calendar'];
    return icon(id, color);
  },
  contextValue: (plan) => paymentPlanContext(plan),
  click: (plan, node) => ({
    command: operationCommandId('paymentPlans.get'),
    title: 'Open payment plan',
    arguments: [{ environmentName: node.environmentName, vars: { planKey: text(plan, 'plan-key') } }],
  }),
  tooltip: (plan) => recordTooltip(`Payment plan ${text(plan, 'plan-key')}`, [
    ['status', text(plan, 'status')],
    ['charges', `${text(plan, 'payment-amount')} ${text(plan, 'frequency').toLowerCase()}`.trim()],
    ['from', text(plan, 'start-date')],
    ['until', text(plan, 'end-date')],
    ['next charge', text(plan, 'next-payment-date')],
    ['last charge', [text(plan, 'last-payment-date'), text(plan, 'last-payment-result'), text(plan, 'last-payment-result-code')].filter(Boolean).join(' ')],
    ['last transaction', text(plan, 'last-payment-transaction-id')],
    ['approved charges', text(plan, 'payment-count')],
    ['token', text(plan, 'token-id')],
  ]),
  vars: (plan) => ITEM_VARS.paymentPlan(plan),
};

/** One of a customer's two lists: its tokens or its plans, loaded on expand. */
abstract class CustomerListNode extends LoadingNode {
  constructor(parent: GatewayNode, key: string, readonly customerKey: string, ctx: TreeContext) {
    super(parent, `${parent.id}/${key}`, parent.environmentName, ctx);
  }

  protected folderItem(label: string, iconId: string, contextValue: string): vscode.TreeItem {
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = icon(iconId);
    item.contextValue = contextValue;
    return item;
  }

  protected override vars(): OperationVars {
    return ITEM_VARS.customer({ 'customer-key': this.customerKey });
  }
}

class CustomerTokensNode extends CustomerListNode {
  treeItem(): vscode.TreeItem {
    return this.folderItem('Cards on file', 'credit-card', 'gw.customer.tokens');
  }

  protected emptyText(): string {
    return 'No cards on file: create a token with this customer\'s key';
  }

  protected async load(): Promise<GatewayNode[]> {
    const result = await fetchList(this.ctx, this.environmentName, 'customers.tokens', { params: { customerKey: this.customerKey } });
    return recordsAt(result.parsed, ['payload', 'tokens', 'token'])
      .map((token) => recordNode(this, customerToken, { customerKey: this.customerKey, token }));
  }
}

class CustomerPlansNode extends CustomerListNode {
  treeItem(): vscode.TreeItem {
    return this.folderItem('Payment plans', 'calendar', 'gw.customer.plans');
  }

  protected emptyText(): string {
    return 'No payment plans: create one from a card on file';
  }

  protected async load(): Promise<GatewayNode[]> {
    const result = await fetchList(this.ctx, this.environmentName, 'paymentPlans.list', { query: { 'customer-key': this.customerKey } });
    // The list is not filtered by every gateway: keep only this customer's plans.
    return recordsAt(result.parsed, ['payload', 'payment-plans', 'payment-plan'])
      .filter((plan) => text(plan, 'customer-key') === this.customerKey)
      .map((plan) => recordNode(this, paymentPlan, plan));
  }
}

/** A listed customer, and the tree's context its two lists load with. */
interface CustomerData { record: GatewayRecord; ctx: TreeContext }

export const customer: ItemRow<CustomerData> = {
  key: ({ record: c }) => text(c, 'customer-key'),
  label: ({ record: c }) => `${text(c, 'first-name')} ${text(c, 'last-name')}`.trim() || text(c, 'customer-key'),
  description: ({ record: c }) => text(c, 'email') || undefined,
  icon: () => icon('account'),
  contextValue: () => 'gw.item.customer',
  click: ({ record: c }, node) => ({
    command: operationCommandId('customers.get'),
    title: 'Open customer',
    arguments: [{ environmentName: node.environmentName, vars: { customerKey: text(c, 'customer-key') } }],
  }),
  tooltip: ({ record: c }) => recordTooltip(`Customer ${text(c, 'customer-key')}`, [
    ['e-mail', text(c, 'email')],
    ['phone', text(c, 'phone')],
    ['status', text(c, 'status')],
  ]),
  vars: ({ record: c }) => ITEM_VARS.customer(c),
  children: ({ record: c, ctx }, node) => {
    const key = text(c, 'customer-key');
    return [new CustomerTokensNode(node, 'tokens', key, ctx), new CustomerPlansNode(node, 'plans', key, ctx)];
  },
};
