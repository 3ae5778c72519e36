// The Testing view's tree of request files: file → request → expectation, for every .gwreq in
// the workspace with at least one `# @expect` line. Requests are labelled as the CLI's reports
// label them (requestLabel), files by their workspace-relative path as `gateway-workbench run`
// is given them from the workspace root, so a JUnit failure on CI names the same item.
import * as vscode from 'vscode';
import { parseRequestFile, type RequestFile } from '../../core/requestFile';
import { requestLabel } from '../../core/runner/requestLabel';

/** What an item stands for, kept beside the controller's items. */
export type ItemData =
  | { kind: 'file'; uri: vscode.Uri }
  | { kind: 'request'; uri: vscode.Uri; index: number }
  | { kind: 'expectation'; uri: vscode.Uri; index: number; expectation: number };

const toRange = (r: { start: { line: number; character: number }; end: { line: number; character: number } }): vscode.Range =>
  new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

export class RequestTestItems {
  readonly data = new WeakMap<vscode.TestItem, ItemData>();

  constructor(private readonly controller: vscode.TestController) {}

  /** Replaces a file's items from its text; a file without expectations is removed. */
  update(uri: vscode.Uri, text: string): void {
    const file = parseRequestFile(text);
    const key = uri.toString();
    if (!file.requests.some((r) => r.expectations.length > 0)) {
      this.controller.items.delete(key);
      return;
    }
    const fileItem = this.controller.items.get(key) ?? this.controller.createTestItem(key, vscode.workspace.asRelativePath(uri), uri);
    fileItem.label = vscode.workspace.asRelativePath(uri);
    this.data.set(fileItem, { kind: 'file', uri });
    fileItem.children.replace(this.requestItems(uri, file));
    this.controller.items.add(fileItem);
  }

  remove(uri: vscode.Uri): void {
    this.controller.items.delete(uri.toString());
  }

  /** Removes the items of every file at or below `uri` (a folder deleted whole). */
  removeUnder(uri: vscode.Uri): void {
    const key = uri.toString();
    const below = key.endsWith('/') ? key : `${key}/`;
    const gone: string[] = [];
    this.controller.items.forEach((item) => {
      if (item.id === key || item.id.startsWith(below)) gone.push(item.id);
    });
    for (const id of gone) this.controller.items.delete(id);
  }

  private requestItems(uri: vscode.Uri, file: RequestFile): vscode.TestItem[] {
    return file.requests.flatMap((request, index) => {
      if (request.expectations.length === 0) return [];
      const item = this.controller.createTestItem(`${uri.toString()}#${index}`, requestLabel(request), uri);
      item.range = toRange(request.methodRange);
      item.sortText = String(index).padStart(5, '0');
      this.data.set(item, { kind: 'request', uri, index });
      item.children.replace(request.expectations.map((expectation, k) => {
        const child = this.controller.createTestItem(`${uri.toString()}#${index}#${k}`, expectation.text, uri);
        child.range = toRange(expectation.range);
        child.sortText = String(k).padStart(5, '0');
        this.data.set(child, { kind: 'expectation', uri, index, expectation: k });
        return child;
      }));
      return [item];
    });
  }
}
