import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.cache/**', 'action/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The core runs without the editor (tests, benchmarks, a future CLI): it may never import vscode.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/core must run without VS Code.' }],
        patterns: [{ group: ['**/cli', '**/cli/**', '**/action', '**/action/**', '**/editor', '**/editor/**'], message: 'src/core imports no front end.' }],
      }],
    },
  },
  {
    // The command-line tool is a front end over the core like the editor, and neither reaches into the other.
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/cli runs on plain Node, without VS Code.' }],
        patterns: [
          { group: ['**/editor', '**/editor/**'], message: 'src/cli must not import src/editor; share code through src/core.' },
          { group: ['**/action', '**/action/**'], message: 'src/cli must not import src/action: the action is a front end over the CLI, not the other way round.' },
        ],
      }],
    },
  },
  {
    // The GitHub Action is a third front end, over the command line (it may import src/cli and src/core).
    files: ['src/action/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/action runs on the runner\'s Node, without VS Code.' }],
        patterns: [{ group: ['**/editor', '**/editor/**'], message: 'src/action must not import src/editor.' }],
      }],
    },
  },
  {
    files: ['src/editor/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/cli', '**/cli/**'], message: 'src/editor must not import src/cli; share code through src/core.' },
          { group: ['**/action', '**/action/**'], message: 'src/editor must not import src/action.' },
        ],
      }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // VS Code turns [label](command:…) in a message into a link that runs the command, and messages carry text
    // we do not control: every notification goes through src/editor/notify.ts, which neutralises it.
    files: ['src/**/*.ts'],
    ignores: ['src/editor/notify.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['showInformationMessage', 'showWarningMessage', 'showErrorMessage'].map((property) => ({
          property,
          message: 'Use showInfo/showWarning/showError/showModal from src/editor/notify.ts: it neutralises untrusted text.',
        })),
      ],
    },
  },
);
