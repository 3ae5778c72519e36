// Merchant documents below the Documents group (groupRows.ts): the types the gateway names;
// monthly statements by year (the current year on the environment's clock, back three years)
// then month; other types list their documents (document and month items: itemRows.ts).
import * as vscode from 'vscode';
import type { OperationVars } from '../../contracts';
import { fetchList, TreeLoadFailure } from '../listLoading';
import { LoadingNode } from '../loadingNode';
import { recordsAt, text, type GatewayRecord } from '../responseReading';
import type { TreeContext } from '../treeContext';
import { GatewayNode } from '../treeNode';
import { ITEM_ROWS } from './itemRows';
import { recordNode } from './recordNode';

const MONTHLY_STATEMENT = 'Monthly Statement';
const YEARS_BACK = 3;

class StatementYearNode extends LoadingNode {
  constructor(parent: GatewayNode, readonly year: string, private readonly merchantNumber: string, ctx: TreeContext) {
    super(parent, `${parent.id}/${year}`, parent.environmentName, ctx);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.year, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.iconPath = new vscode.ThemeIcon('calendar');
    item.contextValue = 'gw.item.statementYear';
    return item;
  }

  protected emptyText(): string {
    return `No statements for ${this.year}`;
  }

  protected async load(): Promise<GatewayNode[]> {
    let result;
    try {
      result = await fetchList(this.ctx, this.environmentName, 'documents.statementsByYear', {
        params: { merchantNumber: this.merchantNumber, year: this.year },
      });
    } catch (err) {
      // The gateway answers 404 for a year without statements: that is an empty year, not a failure.
      if (err instanceof TreeLoadFailure && err.status === 404) return [];
      throw err;
    }
    const byMonth = new Map<string, GatewayRecord[]>();
    for (const doc of recordsAt(result.parsed, ['content'])) {
      const month = /^\d{4}-(\d{2})/.exec(text(doc, 'period'))?.[1] ?? '00';
      byMonth.set(month, [...(byMonth.get(month) ?? []), doc]);
    }
    return [...byMonth.keys()].sort().reverse().map((month) =>
      recordNode(this, ITEM_ROWS.statementMonth, { year: this.year, month, documents: byMonth.get(month) ?? [], merchantNumber: this.merchantNumber }));
  }

  protected override vars(): OperationVars {
    return { merchantNumber: this.merchantNumber, year: this.year };
  }
}

class StatementsNode extends LoadingNode {
  constructor(parent: GatewayNode, readonly type: GatewayRecord, private readonly merchantNumber: string, ctx: TreeContext) {
    super(parent, `${parent.id}/type-${text(type, 'documentTypeId')}`, parent.environmentName, ctx);
  }

  treeItem(): vscode.TreeItem {
    return documentTypeItem(this, this.type);
  }

  protected emptyText(): string {
    return 'No statements';
  }

  /** The sandbox's own clock decides "this year" for the Local sandbox; real time elsewhere. */
  private async currentYear(): Promise<number> {
    const env = this.ctx.environments.get(this.environmentName);
    if (env?.kind === 'local') return (await this.ctx.environments.localSandboxControl()).now().getUTCFullYear();
    return new Date().getFullYear();
  }

  protected async load(): Promise<GatewayNode[]> {
    const year = await this.currentYear();
    return Array.from({ length: YEARS_BACK + 1 }, (_, i) => new StatementYearNode(this, String(year - i), this.merchantNumber, this.ctx));
  }

  protected override vars(): OperationVars {
    return { merchantNumber: this.merchantNumber, documentType: text(this.type, 'documentTypeId') };
  }
}

class DocumentTypeNode extends LoadingNode {
  constructor(parent: GatewayNode, readonly type: GatewayRecord, private readonly merchantNumber: string, ctx: TreeContext) {
    super(parent, `${parent.id}/type-${text(type, 'documentTypeId')}`, parent.environmentName, ctx);
  }

  treeItem(): vscode.TreeItem {
    return documentTypeItem(this, this.type);
  }

  protected emptyText(): string {
    return `No ${text(this.type, 'name')} documents`;
  }

  protected async load(): Promise<GatewayNode[]> {
    const result = await fetchList(this.ctx, this.environmentName, 'documents.byType', {
      params: { merchantNumber: this.merchantNumber },
      query: { documentType: text(this.type, 'documentTypeId') },
    });
    return recordsAt(result.parsed, ['content']).map((record) => recordNode(this, ITEM_ROWS.document, { record, merchantNumber: this.merchantNumber }));
  }

  protected override vars(): OperationVars {
    return { merchantNumber: this.merchantNumber, documentType: text(this.type, 'documentTypeId') };
  }
}

function documentTypeItem(node: GatewayNode, type: GatewayRecord): vscode.TreeItem {
  const item = new vscode.TreeItem(text(type, 'name'), vscode.TreeItemCollapsibleState.Collapsed);
  item.id = node.id;
  item.tooltip = text(type, 'description');
  item.iconPath = new vscode.ThemeIcon('file-submodule');
  item.contextValue = 'gw.item.documentType';
  return item;
}

/** A document type under the Documents group: monthly statements by year, others by type. */
export function documentTypeNode(parent: GatewayNode, type: GatewayRecord, merchantNumber: string, ctx: TreeContext): GatewayNode {
  return text(type, 'name') === MONTHLY_STATEMENT
    ? new StatementsNode(parent, type, merchantNumber, ctx)
    : new DocumentTypeNode(parent, type, merchantNumber, ctx);
}
