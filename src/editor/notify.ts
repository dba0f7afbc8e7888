// The only place in the extension that calls vscode.window.show{Information,Warning,Error}Message (a lint rule
// keeps it so). Messages carry text we do not control (front matter, file names, the service's body, error
// texts), and VS Code turns `[label](command:…)` in a message into a link that runs the command, so every
// message and modal detail is neutralised here, whole: parts that are safe alone cannot form a link together.
// Button labels are ours and come back as given, so they are passed through untouched.
import * as vscode from 'vscode';
import { neutralise } from '../core/text/neutralise';

export type NotifySeverity = 'info' | 'warning' | 'error';

type Show = <T extends string>(message: string, options: vscode.MessageOptions, ...items: T[]) => Thenable<T | undefined>;

function showerFor(severity: NotifySeverity): Show {
  switch (severity) {
    case 'info':
      return vscode.window.showInformationMessage;
    case 'warning':
      return vscode.window.showWarningMessage;
    case 'error':
      return vscode.window.showErrorMessage;
  }
}

/** A notification of the given severity; resolves to the button chosen, if any. */
export function notify<T extends string>(severity: NotifySeverity, message: string, ...items: T[]): Thenable<T | undefined> {
  return showerFor(severity)(neutralise(message), {}, ...items);
}

export function showInfo<T extends string>(message: string, ...items: T[]): Thenable<T | undefined> {
  return notify('info', message, ...items);
}

export function showWarning<T extends string>(message: string, ...items: T[]): Thenable<T | undefined> {
  return notify('warning', message, ...items);
}

export function showError<T extends string>(message: string, ...items: T[]): Thenable<T | undefined> {
  return notify('error', message, ...items);
}

/** A modal dialog with a detail line; resolves to the button chosen, or undefined for Cancel. */
export function showModal<T extends string>(severity: NotifySeverity, message: string, detail: string | undefined, ...items: T[]): Thenable<T | undefined> {
  const options: vscode.MessageOptions = detail === undefined ? { modal: true } : { modal: true, detail: neutralise(detail) };
  return showerFor(severity)(neutralise(message), options, ...items);
}
