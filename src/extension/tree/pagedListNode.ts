// A group whose list operation is a paged search (card transactions, card tokens, ACH
// transactions): newest first, 25 a page from page 1 (the gateway numbers pages from 1), with "Load more…" while the gateway says
// the page is not the last. "Load more" appends the next page to what is shown.
import type * as vscode from 'vscode';
import type { GroupInfo } from '../../catalog/types';
import { fetchList } from './listLoading';
import { LoadingNode } from './loadingNode';
import { groupTreeItem } from './nodes/groupItem';
import { ErrorNode, LoadMoreNode, type Pageable } from './nodes/messageNodes';
import { pageInfo, recordsAt, type GatewayRecord } from './responseReading';
import type { TreeContext } from './treeContext';
import type { GatewayNode } from './treeNode';

const PAGE_SIZE = 25;

interface PagedListSpec {
  /** Where the records sit in the search answer, e.g. ['payload', 'transactions', 'transaction']. */
  recordsPath: readonly string[];
  emptyText: string;
  /**
   * The item maker for one load (from page 1 on): it may remember what earlier pages showed;
   * items that load their own children (a customer's cards and plans) need `ctx`.
   */
  items(ctx: TreeContext): (list: PagedListNode, record: GatewayRecord) => GatewayNode;
}

export class PagedListNode extends LoadingNode implements Pageable {
  private items: GatewayNode[] = [];
  private itemFor: ReturnType<PagedListSpec['items']>;
  /** The page "Load more" fetches; undefined once the last page is shown. */
  private nextPage?: number;
  /** The lock: the "Load more" in flight, which a second click joins instead of repeating. */
  private loadingMore?: Promise<void>;

  constructor(parent: GatewayNode, readonly group: GroupInfo, ctx: TreeContext, private readonly spec: PagedListSpec) {
    super(parent, `${parent.id}/${group.id}`, parent.environmentName, ctx);
    this.itemFor = spec.items(ctx);
  }

  treeItem(): vscode.TreeItem {
    return groupTreeItem(this, this.group);
  }

  protected emptyText(): string {
    return this.spec.emptyText;
  }

  protected async load(): Promise<GatewayNode[]> {
    this.items = [];
    this.itemFor = this.spec.items(this.ctx);
    return this.fetchPage(1);
  }

  /**
   * Appends page `page` (the one the clicked "Load more…" offered). A double click joins the
   * load in flight; a click on an item whose page is already shown does nothing.
   */
  loadMore(page = this.nextPage): Promise<void> {
    if (this.loadingMore) return this.loadingMore;
    if (page === undefined || page !== this.nextPage) return Promise.resolve();
    this.loadingMore = this.appendPage(page).finally(() => (this.loadingMore = undefined));
    return this.loadingMore;
  }

  private async appendPage(page: number): Promise<void> {
    try {
      this.replaceChildren(await this.fetchPage(page));
    } catch (err) {
      // Keep what is shown; the failed "load more" becomes an error item whose retry repeats it.
      const reason = err instanceof Error ? err.message : String(err);
      this.replaceChildren([...this.items, new ErrorNode(this, reason, () => this.loadMore(page), 'more-error')]);
    }
  }

  private async fetchPage(page: number): Promise<GatewayNode[]> {
    const listOperation = this.group.listOperation;
    if (!listOperation) throw new Error(`The catalog gives ${this.group.title} no list operation.`);
    const result = await fetchList(this.ctx, this.environmentName, listOperation, {
      query: { isDescending: 'true', 'page-size': PAGE_SIZE, page },
    });
    // Records created since the first page shift later pages; an item already shown is skipped
    // (VS Code refuses two items with one id).
    const shown = new Set(this.items.map((n) => n.id));
    const fresh = recordsAt(result.parsed, this.spec.recordsPath)
      .map((r) => this.itemFor(this, r))
      .filter((n) => !shown.has(n.id) && shown.add(n.id));
    this.items = [...this.items, ...fresh];
    const info = pageInfo(result.parsed);
    this.nextPage = info.last ? undefined : info.number + 1;
    return this.nextPage === undefined ? [...this.items] : [...this.items, new LoadMoreNode(this, this.nextPage)];
  }
}
