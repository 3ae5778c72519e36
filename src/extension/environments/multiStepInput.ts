// One step of a multi-step input: an InputBox or a QuickPick with "n/total" in its title and a
// Back button from step 2 on. Each call resolves to the value, BACK, or undefined (Escape).
import * as vscode from 'vscode';

export const BACK = Symbol('back');
export type StepResult<T> = T | typeof BACK | undefined;

interface StepFrame {
  title: string;
  step: number;
  totalSteps: number;
}

interface TextStep extends StepFrame {
  value?: string;
  prompt: string;
  placeholder?: string;
  password?: boolean;
  /** Runs on every keystroke; a message blocks Enter. */
  validate?: (value: string) => string | undefined;
}

export function askText(opts: TextStep): Promise<StepResult<string>> {
  const box = vscode.window.createInputBox();
  frame(box, opts);
  box.value = opts.value ?? '';
  box.prompt = opts.prompt;
  box.placeholder = opts.placeholder;
  box.password = opts.password ?? false;
  box.ignoreFocusOut = true;
  const check = () => { box.validationMessage = box.value ? opts.validate?.(box.value) : undefined; };
  check();
  return run(box, resolve => [
    box.onDidChangeValue(check),
    box.onDidAccept(() => {
      const message = opts.validate?.(box.value);
      if (message) {
        box.validationMessage = message;
        return;
      }
      resolve(box.value);
    }),
  ]);
}

interface PickStep<T extends vscode.QuickPickItem> extends StepFrame {
  items: readonly T[];
  active?: T;
  placeholder?: string;
}

export function askPick<T extends vscode.QuickPickItem>(opts: PickStep<T>): Promise<StepResult<T>> {
  const pick = vscode.window.createQuickPick<T>();
  frame(pick, opts);
  pick.items = opts.items;
  if (opts.active) pick.activeItems = [opts.active];
  pick.placeholder = opts.placeholder;
  pick.ignoreFocusOut = true;
  return run(pick, resolve => [
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
      if (chosen) resolve(chosen);
    }),
  ]);
}

function frame(input: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>, opts: StepFrame): void {
  input.title = opts.title;
  input.step = opts.step;
  input.totalSteps = opts.totalSteps;
  input.buttons = opts.step > 1 ? [vscode.QuickInputButtons.Back] : [];
}

function run<T>(
  input: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>,
  wire: (resolve: (value: T) => void) => vscode.Disposable[],
): Promise<StepResult<T>> {
  return new Promise(resolve => {
    let done = false;
    const finish = (value: StepResult<T>) => {
      if (done) return;
      done = true;
      for (const d of disposables) d.dispose();
      input.dispose();
      resolve(value);
    };
    const disposables = [
      ...wire(value => finish(value)),
      input.onDidTriggerButton(button => { if (button === vscode.QuickInputButtons.Back) finish(BACK); }),
      input.onDidHide(() => finish(undefined)),
    ];
    input.show();
  });
}
