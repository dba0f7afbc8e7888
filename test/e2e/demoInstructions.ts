// What `npm run demo` prints once everything runs: where to open VS Code, what to try in it (one file, then the docs
// folder as a page tree with links between its pages), how to play a colleague editing one line of a page on the wiki
// and then see it with Compare and Pull, a command that reads a page as the wiki holds it, how to point the command
// line at the sandbox, and what Ctrl+C deletes. The commands come from test/sandbox/tryItCommands.ts, and
// test/cli/demoCommands.test.ts runs them as printed.
import { cliEnvironmentLines, readPageCommand, uniqueTitlesCommand, wikiEditCommand, type CliServiceAccount } from '../sandbox/tryItCommands';
import type { SandboxWorld } from '../sandbox/world';

export interface DemoFacts {
  world: SandboxWorld;
  cliAccount: CliServiceAccount;
  codeServerOrigin: string;
  workspaceDir: string;
  /** The temporary folder Ctrl+C deletes, holding the workspace, the VS Code profile and the extension. */
  root: string;
}

export function demoInstructions({ world, cliAccount, codeServerOrigin, workspaceDir, root }: DemoFacts): string[] {
  const { sandbox } = world;
  return [
    '',
    'Wiki Publisher demo is running.',
    '',
    `  Open VS Code:   ${codeServerOrigin}/?folder=${workspaceDir}`,
    `  Sandbox wiki:   ${sandbox.baseUrl}/   (every space and page)`,
    `  Parent page:    ${sandbox.pageAddress('123456')}   (space DOCS, page 123456)`,
    '',
    'A 30-day sandbox token is provided through WIKI_PUBLISHER_API_TOKEN (valid for this sandbox only).',
    '',
    'What to try:',
    '',
    '1. Publish one file: open getting-started.md and press the cloud button at the top right of the editor ("Publish',
    '   to Wiki"): its front matter names the target, so it publishes at once. release-process.md asks for the target:',
    '   space DOCS, parent page 123456 (or paste the parent page\'s address above). Open Page shows the page on the wiki.',
    '',
    '2. Sign in to the export API ("Wiki: Sign In to Export API", then Approve on the sandbox\'s page in the browser) for',
    '   the Wiki Pages view\'s states, the edit guard, Compare with Wiki Page, Pull and Open Wiki Page as Markdown.',
    '',
    '3. Publish a docs tree: right-click the docs folder in the Explorer, "Publish to Wiki", "As a page tree", space DOCS,',
    '   parent page 123456. The confirmation shows the tree; its four files and two folders become pages, the links between',
    '   the files become links between the pages (headings included), and docs/.wiki-pages.json records the pages\' IDs',
    '   (commit it, in a real repository). Open Page opens the tree\'s top page, "Orders service".',
    '',
    '4. Play a colleague editing one line of a published page on the wiki: the page ID is the number in its address, as',
    '   Open Page shows it ("Set up a development machine", say):',
    `     ${wikiEditCommand(sandbox.controlUrl)}`,
    '   Then refresh the Wiki Pages view (the file is changed on the wiki), and on the file: Compare with Wiki Page shows',
    '   that one line, Pull brings it into the file, and publishing without pulling first is held back by the edit guard.',
    '',
    '5. Read a page as the wiki holds it now (its title, version, who wrote it and its Markdown):',
    `     ${readPageCommand(sandbox.controlUrl)}`,
    '',
    'Make the sandbox refuse a title used anywhere in its space, as the platform long did (a moved file\'s old page keeps',
    'its title; "inSpace": false turns it off):',
    `  ${uniqueTitlesCommand(sandbox.controlUrl)}`,
    '',
    'The command line against this sandbox, from this repository\'s folder in another terminal:',
    ...cliEnvironmentLines(world, cliAccount).map((line) => `  ${line}`),
    `  node dist/cli.js publish ${workspaceDir} --space DOCS --parent 123456 --dry-run`,
    `  node dist/cli.js plan ${workspaceDir}/docs --tree --space DOCS --parent 123456`,
    '',
    `Press Ctrl+C to stop code-server and the sandbox. That deletes ${root}:`,
    'the sample workspace with your edits and the VS Code profile; the sandbox wiki\'s pages live in memory and go too.',
  ];
}
