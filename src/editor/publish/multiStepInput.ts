import * as vscode from 'vscode';

// A run of quick inputs with a Back button, in the shape of VS Code's own multi-step input sample
// (microsoft/vscode-extension-samples, quickinput-sample): one quick input at a time, each step returns the
// next. Back and cancel are values here, not exceptions: a step hands them on with `if (isMove(answer))`.

/** The user's move instead of an answer: Back (the title bar button) or a cancel (Escape, focus elsewhere). */
export type Move = 'back' | 'cancel';

export function isMove(answer: unknown): answer is Move {
  return answer === 'back' || answer === 'cancel';
}

/** A step shows one quick input and says what comes next: another step, 'done', or the user's move. */
export type InputStep = (input: MultiStepInput) => Promise<InputStep | 'done' | Move>;

interface Frame {
  title: string;
  step: number;
  totalSteps: number;
  placeholder?: string;
}

export interface PickParameters<T extends vscode.QuickPickItem> extends Frame {
  /** The box's text when the step opens. */
  value?: string;
  /** The items for what is typed, recomputed as the user types. */
  items(typed: string): readonly T[];
  /** The item to focus among those of the opening value. */
  active?(items: readonly T[]): T | undefined;
  /** Whether Enter on this item answers the step; an item that only explains a problem does not. */
  accepts?(item: T): boolean;
}

export interface BoxParameters extends Frame {
  value: string;
  prompt: string;
  /** An error message blocks Enter; a warning is shown and lets it through. */
  validate(text: string): vscode.InputBoxValidationMessage | undefined;
}

export class MultiStepInput {
  private current: vscode.QuickInput | undefined;
  private history: InputStep[] = [];

  /** Runs the steps from `first`; resolves true when the last step is done, false on cancel. */
  static async run(first: InputStep): Promise<boolean> {
    const input = new MultiStepInput();
    try {
      return await input.stepThrough(first);
    } finally {
      input.current?.dispose();
    }
  }

  private async stepThrough(first: InputStep): Promise<boolean> {
    let step: InputStep | undefined = first;
    while (step) {
      const next: InputStep | 'done' | Move = await step(this);
      if (next === 'cancel') return false;
      if (next === 'back') {
        step = this.history.pop();
        continue;
      }
      this.history.push(step);
      if (next === 'done') return true;
      if (this.current) {
        // Between steps the last box stays up, greyed, so the widget does not flicker.
        this.current.enabled = false;
        this.current.busy = true;
      }
      step = next;
    }
    return false;
  }

  showQuickPick<T extends vscode.QuickPickItem>(parameters: PickParameters<T>): Promise<T | Move> {
    const pick = vscode.window.createQuickPick<T>();
    this.frame(pick, parameters);
    pick.placeholder = parameters.placeholder;
    pick.value = parameters.value ?? '';
    pick.items = parameters.items(pick.value);
    const active = parameters.active?.(pick.items);
    if (active) pick.activeItems = [active];
    return this.settle<T>(pick, (resolve) => [
      pick.onDidChangeValue((typed) => {
        pick.items = parameters.items(typed);
      }),
      pick.onDidAccept(() => {
        const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
        if (chosen && (parameters.accepts?.(chosen) ?? true)) resolve(chosen);
      }),
    ]);
  }

  showInputBox(parameters: BoxParameters): Promise<string | Move> {
    const box = vscode.window.createInputBox();
    this.frame(box, parameters);
    box.placeholder = parameters.placeholder;
    box.prompt = parameters.prompt;
    box.value = parameters.value;
    // An empty box is not an error yet; a prefilled one is checked at once.
    if (parameters.value) box.validationMessage = parameters.validate(parameters.value);
    return this.settle<string>(box, (resolve) => [
      box.onDidChangeValue((text) => {
        box.validationMessage = parameters.validate(text);
      }),
      box.onDidAccept(() => {
        const message = parameters.validate(box.value);
        box.validationMessage = message;
        if (message?.severity !== vscode.InputBoxValidationSeverity.Error) resolve(box.value);
      }),
    ]);
  }

  private frame(input: vscode.QuickInput & { buttons: readonly vscode.QuickInputButton[] }, frame: Frame): void {
    input.title = frame.title;
    input.step = frame.step;
    input.totalSteps = frame.totalSteps;
    input.ignoreFocusOut = true;
    input.buttons = this.history.length > 0 ? [vscode.QuickInputButtons.Back] : [];
  }

  /** Shows `input` in place of the previous step's and resolves with its answer, Back, or a cancel. */
  private settle<T>(input: vscode.QuickInput & Pick<vscode.InputBox, 'onDidTriggerButton'>, listen: (resolve: (answer: T) => void) => vscode.Disposable[]): Promise<T | Move> {
    return new Promise<T | Move>((resolve) => {
      let settled = false;
      const listeners: vscode.Disposable[] = [];
      const finish = (answer: T | Move): void => {
        if (settled) return;
        settled = true;
        // Stop listening before the next step replaces this input: its hide must not read as a cancel.
        for (const listener of listeners) listener.dispose();
        resolve(answer);
      };
      listeners.push(
        ...listen(finish),
        input.onDidTriggerButton((button) => {
          if (button === vscode.QuickInputButtons.Back) finish('back');
        }),
        input.onDidHide(() => finish('cancel')),
      );
      this.current?.dispose();
      this.current = input;
      input.show();
    });
  }
}
