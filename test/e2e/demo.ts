// `npm run demo`: the packaged extension in a real VS Code (code-server) against the sandbox wiki, with a
// sample workspace and a sandbox token, running until Ctrl+C. Everything it starts it also stops.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { addCliServiceAccount } from '../sandbox/tryItCommands';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';
import { demoInstructions } from './demoInstructions';
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
  const forwarders: LoopbackForwarder[] = [];
  const stopAll = async (): Promise<void> => {
    await codeServer?.stop();
    await Promise.all(forwarders.map((forwarder) => forwarder.close()));
    await world?.close();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const extensionsDir = path.join(root, 'extensions');
    installExtension(extensionsDir);
    world = await startSandboxWorld();
    const { sandbox, idp } = world;
    const { token } = sandbox.issueToken({ lifetime: '30d', owner: 'alice', label: 'demo' });
    const cliAccount = addCliServiceAccount(world);
    // code-server mangles 127.0.0.1 addresses that extensions open (Open Page would show the sandbox's page list,
    // the sign-in its authorization page without the query), so the browser reaches the identity provider and the
    // wiki's pages at [::1], as in the end-to-end tests (support/loopbackForwarder.ts).
    const idpForwarder = await startIpv6Forwarder({ host: '127.0.0.1', port: Number(new URL(idp.authUrl).port) });
    forwarders.push(idpForwarder);
    const wikiForwarder = await startIpv6Forwarder({ host: '127.0.0.1', port: Number(new URL(sandbox.baseUrl).port) });
    forwarders.push(wikiForwarder);
    const workspaceDir = path.join(root, 'sample-docs');
    writeWorkspace(workspaceDir, readSampleDocs());
    const userDataDir = path.join(root, 'user-data');
    // Auto-save off, as desktop VS Code ships (code-server's default saves after a delay): Pull's merge then stays an
    // unsaved, undoable edit, as the README describes; with auto-save on Pull says the merge is saved (issue 83).
    writeUserSettings(userDataDir, {
      ...QUIET_WORKBENCH_SETTINGS, ...world.settings, 'wikiPublisher.export.authUrl': idpForwarder.origin, 'wikiPublisher.baseUrl': wikiForwarder.origin,
      'files.autoSave': 'off',
    });
    codeServer = await startCodeServer({
      userDataDir, extensionsDir, workspaceDir, port, stateDir: path.join(root, 'code-server-state'),
      env: { WIKI_PUBLISHER_API_TOKEN: token, WIKI_PUBLISHER_CLIENT_SECRET: idp.clientSecret },
    });
    console.log(demoInstructions({ world, cliAccount, codeServerOrigin: codeServer.origin, workspaceDir, root }).join('\n'));
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
  console.log(`\nStopping code-server and the sandbox, and deleting ${root} (the sample workspace with your edits, the VS Code profile)...`);
  await stopAll();
  console.log('Stopped.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
