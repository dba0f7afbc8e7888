// The baseline for the activation ratio: an extension whose activate and deactivate do nothing.
export function activate(): void {}

export function deactivate(): void {}
