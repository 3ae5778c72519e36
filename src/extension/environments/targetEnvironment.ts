// The environment a command or a request document targets: the one named, else the active one.
import * as vscode from 'vscode';
import type { EnvironmentEntry, EnvironmentService } from '../contracts';

/** Undefined (and said) when `name` names no environment. */
export function targetEnvironment(environments: EnvironmentService, name?: string): EnvironmentEntry | undefined {
  if (!name) return environments.active();
  const env = environments.get(name);
  if (!env) void vscode.window.showErrorMessage(`There is no gateway environment named "${name}". Add it with "Gateway: Add Environment…", or pick another.`);
  return env;
}
