// While a result editor is active, the status bar shows its status, time, size, payloadType and
// exchange-id; the tooltip adds the attempts and the (redacted) response headers.
import * as vscode from 'vscode';
import { COMMANDS, RESULT_SCHEME } from '../contracts';
import type { ResultDocuments, ResultEntry } from './resultDocuments';
import { sizeShort } from './responseHeadersText';

function statusText(entry: ResultEntry): string {
  const parts = [`${entry.status} ${entry.statusText}`.trim(), `${Math.round(entry.timingMs)} ms`];
  if (entry.sizeBytes !== undefined) parts.push(sizeShort(entry.sizeBytes));
  if (entry.payloadType) parts.push(`payloadType ${entry.payloadType}`);
  if (entry.exchangeId) parts.push(`exchange-id ${entry.exchangeId}`);
  return parts.join(' · ');
}

function tooltipOf(entry: ResultEntry): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown(`**${entry.title}** on ${entry.environmentName}\n\n`);
  md.appendMarkdown(`${statusText(entry)} · ${entry.attempts} attempt${entry.attempts === 1 ? '' : 's'}\n\n`);
  md.appendCodeblock(Object.entries(entry.headers).map(([k, v]) => `${k}: ${v}`).join('\n'), 'http');
  return md;
}

export function createResultStatusBar(documents: ResultDocuments): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('gatewayWorkbench.result', vscode.StatusBarAlignment.Left, 10);
  item.name = 'Gateway result';
  const refresh = () => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const entry = uri?.scheme === RESULT_SCHEME ? documents.get(uri) : undefined;
    if (!entry) {
      item.hide();
      return;
    }
    item.text = `${entry.status >= 400 ? '$(error)' : '$(pass)'} ${statusText(entry)}`;
    item.tooltip = tooltipOf(entry);
    item.command = { command: COMMANDS.showResponseHeaders, title: 'Show Response Headers', arguments: [uri] };
    item.show();
  };
  refresh();
  return vscode.Disposable.from(
    item,
    vscode.window.onDidChangeActiveTextEditor(refresh),
    documents.onDidChange(refresh),
  );
}
