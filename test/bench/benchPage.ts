// The 1 MB page the export benches read: a sandbox world, an export session's access token, and a page created
// through the import endpoint, whose stored Markdown the bench then sets.
import { importBody, postImport } from '../sandbox/sandboxTestKit';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';

export interface BenchPage {
  world: SandboxWorld;
  /** The export session's access token. */
  token: string;
  pageId: string;
}

export async function startBenchPage(title: string): Promise<BenchPage> {
  const world = await startSandboxWorld();
  try {
    const { sandbox, idp } = world;
    const token = idp.issueSessionDirectly().access_token;
    const importToken = sandbox.issueToken({ label: 'bench' }).token;
    const created = await postImport(sandbox, importBody({ pageTitle: title, content: '# Placeholder\n' }), importToken);
    if (created.status !== 201) throw new Error(`creating the bench page answered HTTP ${created.status}`);
    const pageId = sandbox.findPageByTitle('DOCS', '123456', title)?.id;
    if (!pageId) throw new Error('the bench page was not created');
    return { world, token, pageId };
  } catch (error) {
    await world.close();
    throw error;
  }
}
