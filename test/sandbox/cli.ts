// `npm run sandbox`: starts the sandbox wiki for a person (or, with --json, for a script) and keeps it
// running until Ctrl+C. The token it prints belongs to this throwaway sandbox only.
import { addCliServiceAccount, cliEnvironmentLines, uniqueTitlesCommand, wikiEditCommand } from './tryItCommands';
import { startSandboxWorld } from './world';

interface CliOptions { port: number; controlPort: number; json: boolean }

const USAGE = 'Usage: node out/test/sandbox/cli.js [--port N] [--control-port N] [--json]';

function parseArgs(args: readonly string[]): CliOptions {
  const options: CliOptions = { port: 0, controlPort: 0, json: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--json') options.json = true;
    else if (arg === '--port' || arg === '--control-port') {
      const port = Number(args[++index]);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${arg} needs a port number (0-65535).`);
      options[arg === '--port' ? 'port' : 'controlPort'] = port;
    } else throw new Error(`Unknown argument "${arg}".`);
  }
  return options;
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const world = await startSandboxWorld({ wiki: { port: options.port, controlPort: options.controlPort } });
  const { sandbox, idp } = world;
  const { token } = sandbox.issueToken({ lifetime: '30d', owner: 'alice' });
  const ci = addCliServiceAccount(world);

  if (options.json) {
    const { importEndpoint, baseUrl, controlUrl, exportApiUrl } = sandbox;
    const { authUrl, clientId, clientSecret } = idp;
    console.log(JSON.stringify({ importEndpoint, baseUrl, controlUrl, exportApiUrl, token, authUrl, clientId, clientSecret, ciClientId: ci.clientId, ciClientSecret: ci.clientSecret }));
  } else {
    console.log([
      'Sandbox wiki running.',
      `  Import endpoint: ${sandbox.importEndpoint}`,
      `  Pages:           ${sandbox.baseUrl}/`,
      `  Control:         ${sandbox.controlUrl}`,
      `  API token (alice, 30 days, this sandbox only):`,
      `  ${token}`,
      '',
      'To publish to it from VS Code:',
      `  1. Set "wikiPublisher.importEndpoint": "${sandbox.importEndpoint}" in your user settings.`,
      '  2. Run "Wiki: Set API Token" and paste the token above',
      '     (or start VS Code with WIKI_PUBLISHER_API_TOKEN set to it).',
      '  3. Publish into space DOCS under parent page 123456 (ENG: 234567).',
      '',
      'To sign in to its export API (identity provider with an Approve page):',
      `  "wikiPublisher.export.authUrl": "${idp.authUrl}",`,
      `  "wikiPublisher.export.clientId": "${idp.clientId}",`,
      `  "wikiPublisher.export.apiUrl": "${sandbox.exportApiUrl}"`,
      `  and "Wiki: Set OAuth Client Secret" with: ${idp.clientSecret}`,
      '',
      'To publish to it from the command line, with the edit guard (page access through a service account):',
      ...cliEnvironmentLines(world, ci).map((line) => `  ${line}`),
      '  node dist/cli.js publish docs --space DOCS --parent 123456 --dry-run',
      '',
      'To make a colleague\'s edit of one line "on the wiki" (for Compare, Pull and the edit guard):',
      `  ${wikiEditCommand(sandbox.controlUrl)}`,
      '',
      'To make it refuse a title used anywhere in its space, as the platform long did (false turns it off):',
      `  ${uniqueTitlesCommand(sandbox.controlUrl)}`,
      '',
      'Press Ctrl+C to stop.',
    ].join('\n'));
  }

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    world.close().then(
      () => { process.exitCode = 0; },
      (error: unknown) => {
        console.error(`Could not close the sandbox cleanly: ${(error as Error).message}`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`The sandbox could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
