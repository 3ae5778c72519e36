// The active environment, always visible in the status bar; production stands out in the
// error colour. A click switches environments.
import * as vscode from 'vscode';
import { COMMANDS, type EnvironmentEntry, type EnvironmentService } from '../contracts';

export function createEnvironmentStatusBar(environments: EnvironmentService): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('gatewayWorkbench.environment', vscode.StatusBarAlignment.Left, 50);
  item.name = 'Gateway Environment';
  item.command = COMMANDS.switchEnvironment;
  const render = () => {
    const env = environments.active();
    const production = env.kind === 'production';
    item.text = production ? `$(warning) ${env.name} (production)` : `$(plug) ${env.name}`;
    item.backgroundColor = production ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    item.tooltip = tooltipFor(env, environments.kindLabel(env.kind));
    item.accessibilityInformation = { label: `Gateway environment: ${env.name}${production ? ', production' : ''}. Click to switch.` };
  };
  render();
  item.show();
  const subscription = environments.onDidChange(render);
  return vscode.Disposable.from(subscription, item);
}

function tooltipFor(env: EnvironmentEntry, kindLabel: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendMarkdown(`**Gateway environment: ${escape(env.name)}** (${escape(kindLabel)})\n\n`);
  if (env.kind === 'local' && !env.gatewayUrl) {
    md.appendMarkdown('Starts on a free loopback port on first use.\n\n');
  } else {
    md.appendMarkdown(`Gateway: \`${env.gatewayUrl}\`  \nBoarding: \`${env.boardingUrl}\`\n\n`);
  }
  md.appendMarkdown(env.readOnly ? '$(lock) Read-only: only reads are sent.\n\n' : '');
  md.appendMarkdown('Click to switch environment.');
  return md;
}

const escape = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
