// `npm run demo`: the packaged extension in a real VS Code (code-server) against the sandbox wiki, with a
// sample workspace and a sandbox token, running until Ctrl+C. Everything it starts it also stops.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';
import { startCodeServer, type RunningCodeServer } from './support/codeServer';
import { startIpv6Forwarder, type LoopbackForwarder } from './support/loopbackForwarder';
import { installExtension, runScript } from './support/runSetup';
import { readSampleDocs } from './support/sampleDocs';
import { QUIET_WORKBENCH_SETTINGS, writeUserSettings, writeWorkspace } from './support/session';

const USAGE = 'Usage: npm run demo [-- --port N]   (N = the code-server port on 127.0.0.1; default: any free port)';

function parsePort(args: readonly string[]): number {
  if (args.length === 0) return 0;
  const port = Number(args[1]);
  if (args[0] !== '--port' || args.length !== 2 || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(USAGE);
  return port;
}

async function main(): Promise<void> {
  const port = parsePort(process.argv.slice(2));
  runScript('ensure-code-server.mjs');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wiki-publisher-demo-'));
  let world: SandboxWorld | undefined;
  let codeServer: RunningCodeServer | undefined;
  let idpForwarder: LoopbackForwarder | undefined;
  const stopAll = async (): Promise<void> => {
    await codeServer?.stop();
    await idpForwarder?.close();
    await world?.close();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const extensionsDir = path.join(root, 'extensions');
    installExtension(extensionsDir);
    world = await startSandboxWorld();
    const { sandbox, idp } = world;
    const { token } = sandbox.issueToken({ lifetime: '30d', owner: 'alice', label: 'demo' });
    // code-server mangles 127.0.0.1 addresses that extensions open, so the browser reaches the identity provider
    // at [::1], as in the end-to-end tests (support/loopbackForwarder.ts).
    idpForwarder = await startIpv6Forwarder({ host: '127.0.0.1', port: Number(new URL(idp.authUrl).port) });
    const workspaceDir = path.join(root, 'sample-docs');
    writeWorkspace(workspaceDir, readSampleDocs());
    const userDataDir = path.join(root, 'user-data');
    writeUserSettings(userDataDir, { ...QUIET_WORKBENCH_SETTINGS, ...world.settings, 'wikiPublisher.export.authUrl': idpForwarder.origin });
    codeServer = await startCodeServer({
      userDataDir, extensionsDir, workspaceDir, port, stateDir: path.join(root, 'code-server-state'),
      env: { WIKI_PUBLISHER_API_TOKEN: token, WIKI_PUBLISHER_CLIENT_SECRET: idp.clientSecret },
    });
    console.log([
      '',
      'Wiki Publisher demo is running.',
      '',
      `  Open VS Code:        ${codeServer.origin}/?folder=${workspaceDir}`,
      `  Sandbox wiki pages:  ${sandbox.pageViewUrl('123456')}   (space DOCS, the parent of published pages)`,
      `  All sandbox pages:   ${sandbox.baseUrl}/`,
      '',
      'Open getting-started.md and press the cloud button at the top right of the editor ("Publish to Wiki"):',
      'its front matter names the target, so it publishes at once. release-process.md asks for the target:',
      'space DOCS, parent page 123456. Then reload the sandbox page to see the new pages.',
      '',
      'A 30-day sandbox token is provided through WIKI_PUBLISHER_API_TOKEN (it is valid for this sandbox only).',
      'Export API sign-in: run "Wiki: Sign In to Export API", let code-server open the sandbox\'s authorization page',
      '(in a browser on this machine) and press Approve. The sandbox\'s client secret comes through WIKI_PUBLISHER_CLIENT_SECRET.',
      `Once signed in, "Wiki: Compare with Wiki Page" and "Wiki: Open Wiki Page as Markdown" use the export API`,
      `(${sandbox.exportApiUrl}); try page 123456 or the address ${sandbox.pageAddress('123456')}`,
      '',
      'To play a colleague editing a published page on the wiki (the next publish then shows the edit guard):',
      `  curl -X POST ${sandbox.controlUrl}/pages/<page id>/edit -H 'Content-Type: application/json' -d '{"markdown":"# Edited on the wiki\\n"}'`,
      `  (page IDs: ${sandbox.baseUrl}/ or curl ${sandbox.controlUrl}/pages)`,
      '',
      'Press Ctrl+C to stop.',
    ].join('\n'));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const stopped = await new Promise<'signal' | 'exited'>((resolve) => {
    process.once('SIGINT', () => resolve('signal'));
    process.once('SIGTERM', () => resolve('signal'));
    void codeServer?.exited.then(() => resolve('exited'));
  });
  if (stopped === 'exited') {
    console.error(`code-server stopped unexpectedly:\n${codeServer.output().slice(-4000)}`);
    process.exitCode = 1;
  }
  console.log('\nStopping code-server and the sandbox...');
  await stopAll();
  console.log('Stopped.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
