// What each of the catalog's groups lists, one row per group: a paged search, a list
// loaded once, or fixed children (settings groups; the ids the extension remembers where the
// gateway cannot list). The nodes themselves are the three classes at the end.
import * as vscode from 'vscode';
import type { GroupId, GroupInfo } from '../../../catalog/types';
import { COMMANDS, operationCommandId, type KnownResourceKind } from '../../contracts';
import { capturedAuthId } from '../itemLabels';
import { fetchList, merchantNumberOf } from '../listLoading';
import { LoadingNode } from '../loadingNode';
import { PagedListNode } from '../pagedListNode';
import { recordAt, recordsAt, text, type GatewayRecord } from '../responseReading';
import { settingsGroups } from '../settingsGroups';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { customer } from './customerNodes';
import { documentTypeNode } from './documentNodes';
import { groupTreeItem } from './groupItem';
import { ITEM_ROWS, KNOWN_RESOURCE_ROWS } from './itemRows';
import { ActionNode } from './messageNodes';
import { recordNode } from './recordNode';

type GroupRow =
  | { list: 'paged'; recordsPath: readonly string[]; emptyText: string; items(ctx: TreeContext): (list: GatewayNode, record: GatewayRecord) => GatewayNode }
  | { list: 'once'; emptyText: string; load(node: LoadedGroupNode, ctx: TreeContext): Promise<GatewayNode[]> }
  | { list: 'fixed'; remembers?: KnownResourceKind; children(node: FixedGroupNode, ctx: TreeContext): GatewayNode[] };

/** Remembered ids of `kind`, then the actions that add to them. */
const remembered = (kind: KnownResourceKind, actions: (node: FixedGroupNode) => GatewayNode[]): GroupRow => ({
  list: 'fixed',
  remembers: kind,
  children: (node, ctx) => [
    ...ctx.knownResources.list(node.environmentName, kind).map((r) => recordNode(node, KNOWN_RESOURCE_ROWS[kind], r)),
    ...actions(node),
  ],
});

const GROUP_ROWS: Readonly<Record<GroupId, GroupRow>> = {
  'card-transactions': {
    list: 'paged',
    recordsPath: ['payload', 'transactions', 'transaction'],
    emptyText: 'No card transactions yet: run a sale from this group’s menu',
    items: () => {
      // Newest first: a capture comes before its AUTH, which then shows as captured.
      const capturedAuths = new Set<string>();
      return (list, record) => {
        const captures = capturedAuthId(record);
        if (captures) capturedAuths.add(captures);
        const captured = text(record, 'type') === 'AUTH' && capturedAuths.has(text(record, 'id'));
        return recordNode(list, ITEM_ROWS.cardTransaction, { record, captured });
      };
    },
  },
  'card-tokens': {
    list: 'paged',
    recordsPath: ['payload', 'tokens', 'token'],
    emptyText: 'No card tokens yet: create one from this group’s menu',
    items: () => (list, record) => recordNode(list, ITEM_ROWS.cardToken, record),
  },
  customers: {
    list: 'paged',
    recordsPath: ['payload', 'customers', 'customer'],
    emptyText: 'No customers yet: create one from this group’s menu',
    items: (ctx) => (list, record) => recordNode(list, customer, { record, ctx }),
  },
  'ach-providers': {
    list: 'once',
    emptyText: 'No ACH providers are configured for this merchant',
    load: async (node, ctx) => {
      const result = await fetchList(ctx, node.environmentName, 'achProviders.list');
      return recordsAt(result.parsed, ['payload', 'ach-providers', 'ach-provider']).map((r) => recordNode(node, ITEM_ROWS.achProvider, r));
    },
  },
  'ach-transactions': {
    list: 'paged',
    recordsPath: ['payload', 'ach-transactions', 'ach-transaction'],
    emptyText: 'No ACH transactions yet: create one from this group’s menu',
    items: () => (list, record) => recordNode(list, ITEM_ROWS.achTransaction, record),
  },
  // The interface cannot search ACH tokens: the ids created or retrieved here, and a lookup.
  'ach-tokens': remembered('ach-token', (node) => [
    new ActionNode(node, 'get', 'Get ACH token by id…', 'search', {
      command: operationCommandId('achTokens.get'),
      title: 'Get ACH token by id',
      arguments: [{ environmentName: node.environmentName }],
    }),
  ]),
  // Expanding sends nothing: a settings group's click reads it.
  settings: { list: 'fixed', children: (node) => settingsGroups.map((settings) => recordNode(node, ITEM_ROWS.settingsGroup, settings)) },
  batches: {
    list: 'once',
    emptyText: 'No open batch',
    load: async (node, ctx) => {
      const result = await fetchList(ctx, node.environmentName, 'batches.getOpen');
      // Batches answer XML (`<object><batch>`); a JSON answer would carry it under `payload`.
      const batch = recordAt(result.parsed, ['object', 'batch']) ?? recordAt(result.parsed, ['payload', 'batch']);
      return batch ? [recordNode(node, ITEM_ROWS.openBatch, batch)] : [];
    },
  },
  documents: {
    list: 'once',
    emptyText: 'The gateway lists no document types',
    load: async (node, ctx) => {
      const merchantNumber = await merchantNumberOf(ctx, node.environmentName);
      const result = await fetchList(ctx, node.environmentName, 'documents.types', { params: { merchantNumber } });
      return recordsAt(result.parsed, []).map((type) => documentTypeNode(node, type, merchantNumber, ctx));
    },
  },
  // The interface cannot list merchants: those created or retrieved here, create and retrieve.
  onboarding: remembered('merchant', (node) => [
    new ActionNode(node, 'create', 'Create merchant…', 'add', {
      command: operationCommandId('merchants.create'),
      title: 'Create merchant',
      arguments: [{ environmentName: node.environmentName }],
    }),
    new ActionNode(node, 'retrieve', 'Retrieve merchant by number…', 'search', {
      command: COMMANDS.retrieveMerchant,
      title: 'Retrieve merchant by number',
      arguments: [node],
    }),
  ]),
  // Nothing lists mobile JWTs (each is used once): the actions that mint one, for a card or a
  // bank account. Their sales, refunds, debits and credits are card or ACH transactions and show
  // in those groups.
  mobile: {
    list: 'fixed',
    children: (node) => [
      new ActionNode(node, 'manualToken', 'Tokenize typed card…', 'add', {
        command: operationCommandId('mobile.manualToken'),
        title: 'Tokenize typed card',
        arguments: [{ environmentName: node.environmentName }],
      }),
      new ActionNode(node, 'achToken', 'Tokenize typed bank account…', 'add', {
        command: operationCommandId('mobile.achToken'),
        title: 'Tokenize typed bank account',
        arguments: [{ environmentName: node.environmentName }],
      }),
    ],
  },
};

/** A group loaded once when first expanded (kept until refreshed). */
class LoadedGroupNode extends LoadingNode {
  constructor(parent: GatewayNode, readonly group: GroupInfo, ctx: TreeContext, private readonly row: Extract<GroupRow, { list: 'once' }>) {
    super(parent, `${parent.id}/${group.id}`, parent.environmentName, ctx);
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }

  protected emptyText(): string {
    return this.row.emptyText;
  }

  protected load(): Promise<GatewayNode[]> {
    return this.row.load(this, this.ctx);
  }
}

/** A group whose children need no request (built again on each expand). */
export class FixedGroupNode extends GatewayNode {
  constructor(parent: GatewayNode, readonly group: GroupInfo, private readonly ctx: TreeContext, private readonly row: Extract<GroupRow, { list: 'fixed' }>) {
    super(parent, `${parent.id}/${group.id}`, parent.environmentName);
  }

  /** The kind of remembered ids it shows, if any: it redraws when they change. */
  get remembers(): KnownResourceKind | undefined {
    return this.row.remembers;
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }

  override children(): GatewayNode[] {
    return this.row.children(this, this.ctx);
  }
}

/** The node for `group` under an environment, as its row says. */
export function groupNode(parent: GatewayNode, group: GroupInfo, ctx: TreeContext): GatewayNode {
  const row = GROUP_ROWS[group.id];
  switch (row.list) {
    case 'paged':
      return new PagedListNode(parent, group, ctx, row);
    case 'once':
      return new LoadedGroupNode(parent, group, ctx, row);
    case 'fixed':
      return new FixedGroupNode(parent, group, ctx, row);
  }
}
