// A node whose children come from the gateway: loaded on first expand, kept until refreshed,
// and never empty — a failure becomes one error item with a retry, nothing becomes a note.
import { GatewayNode } from './treeNode';
import { ErrorNode, MessageNode } from './nodes/messageNodes';
import type { TreeContext } from './treeContext';

export abstract class LoadingNode extends GatewayNode {
  private loaded?: GatewayNode[];
  private pending?: Promise<GatewayNode[]>;

  constructor(parent: GatewayNode | undefined, id: string, environmentName: string, protected readonly ctx: TreeContext) {
    super(parent, id, environmentName);
  }

  /** Fetches the children; throws (TreeLoadFailure or anything else) on failure. */
  protected abstract load(): Promise<GatewayNode[]>;

  /** Shown when the load succeeded with nothing in it. */
  protected abstract emptyText(): string;

  override children(): GatewayNode[] | Promise<GatewayNode[]> {
    if (this.loaded) return this.loaded;
    this.pending ??= this.loadSafely().finally(() => (this.pending = undefined));
    return this.pending;
  }

  override invalidate(): void {
    this.loaded = undefined;
  }

  /** Replaces the loaded children (e.g. after "Load more") and tells the view. */
  protected replaceChildren(children: GatewayNode[]): void {
    this.loaded = children;
    this.ctx.changed(this);
  }

  protected loadedChildren(): readonly GatewayNode[] | undefined {
    return this.loaded;
  }

  private async loadSafely(): Promise<GatewayNode[]> {
    try {
      const children = await this.load();
      this.loaded = children.length ? children : [new MessageNode(this, this.emptyText())];
      return this.loaded;
    } catch (err) {
      // Not kept: the next expand or refresh tries again.
      return [new ErrorNode(this, err instanceof Error ? err.message : String(err), () => this.reload())];
    }
  }

  reload(): void {
    this.invalidate();
    this.ctx.changed(this);
  }
}
