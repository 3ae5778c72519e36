// vscode://gateway-workbench.gateway-workbench/run?operation=<id>&environment=<name>: what the
// link may do is core/linkPolicy.ts's decision (open a request document, run a read, or ask
// first); this file only shows its question as a modal dialog, logs what became of the link, and
// hands the operation to the runner (which asks for ids and applies the production guard).
import * as vscode from 'vscode';
import { linkPolicy, readLink, unknownEnvironmentProblem, type LinkQuestion } from '../../core/protection/linkPolicy';
import type { EnvironmentService, OperationRunner } from '../contracts';

/** Whether the user chose the question's action; why not, for the log, when the dialog failed. */
async function confirmLink(question: LinkQuestion): Promise<{ confirmed: boolean; failure?: string }> {
  try {
    const choice = await vscode.window.showWarningMessage(question.message, { modal: true, detail: question.detail }, question.action);
    return { confirmed: choice === question.action };
  } catch (err) {
    // A dialog that cannot be shown (VS Code refuses them in automation) has not said yes.
    return { confirmed: false, failure: err instanceof Error ? err.message : String(err) };
  }
}

export function registerUriHandler(runner: OperationRunner, environments: EnvironmentService, log: vscode.LogOutputChannel): vscode.Disposable {
  const notFollowed = (problem: string): void => {
    log.warn(`Link not followed: ${problem}`);
    void vscode.window.showErrorMessage(problem);
  };
  return vscode.window.registerUriHandler({
    async handleUri(uri) {
      const reading = readLink(uri.path, uri.query);
      if ('problem' in reading) return notFollowed(reading.problem);
      const { operation, environmentName } = reading.request;
      const env = environmentName === undefined ? environments.active() : environments.get(environmentName);
      if (!env) return notFollowed(unknownEnvironmentProblem(environmentName ?? ''));
      const decision = linkPolicy(operation, env);
      if (decision === 'run') log.info(`Link runs ${operation.id} on "${env.name}" (a read)`);
      else if (decision === 'open') log.info(`Link opens ${operation.id} for "${env.name}" as a request document`);
      else {
        const answer = await confirmLink(decision.ask);
        if (!answer.confirmed) {
          const why = answer.failure ? ` (the dialog could not be shown: ${answer.failure})` : '';
          log.info(`Link asked "${decision.ask.message}": not confirmed, nothing was sent${why}`);
          return;
        }
        log.info(`Link asked "${decision.ask.message}": confirmed`);
      }
      await runner.run(operation, { environmentName: env.name });
    },
  });
}
