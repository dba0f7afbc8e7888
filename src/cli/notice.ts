// The publish notice on the command line (core/publish/publishNotice.ts): on unless --no-notice or
// WIKI_PUBLISHER_NOTICE=off; its link goes to the file in the repository's web view when the CI system says where that
// is (GitHub Actions: the commit being built; GitLab CI: the same), or --source-url / WIKI_PUBLISHER_SOURCE_URL names
// the address a file's repository path is appended to. Without one, the notice still carries its marker.
import type { NoticeSettings } from '../core/run/pageNotice';
import { checkEndpoint } from '../core/http/endpoint';

/** Where a file at a repository path is shown, from the flags and the CI system's environment; undefined when unknown. */
export function sourceBase(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const named = flag ?? (env.WIKI_PUBLISHER_SOURCE_URL?.trim() || undefined);
  if (named !== undefined) return named.endsWith('/') ? named : `${named}/`;
  const server = env.GITHUB_SERVER_URL?.trim();
  const repository = env.GITHUB_REPOSITORY?.trim();
  const sha = env.GITHUB_SHA?.trim();
  if (server && repository && sha) return `${server.replace(/\/+$/, '')}/${repository}/blob/${sha}/`;
  const project = env.CI_PROJECT_URL?.trim();
  const commit = env.CI_COMMIT_SHA?.trim();
  if (project && commit) return `${project.replace(/\/+$/, '')}/-/blob/${commit}/`;
  return undefined;
}

/**
 * The notice settings of a run. A file's label is its path from the repository's root (files.ts walkArguments), which
 * the source link appends to `base`.
 */
export function noticeSettings(off: boolean, base: string | undefined, repository?: string): NoticeSettings {
  if (off) return { off: true };
  const known = repository === undefined ? {} : { repository };
  // Written onto pages readers click: an https:// address only (http:// for loopback), as the endpoints take them.
  if (base === undefined || !checkEndpoint(base, '--source-url').ok) return known;
  return { ...known, sourceUrl: (label) => `${base}${label.split('/').map(encodeURIComponent).join('/')}` };
}

/** Whether WIKI_PUBLISHER_NOTICE turns the notice off. */
export function noticeOffInEnvironment(env: NodeJS.ProcessEnv): boolean {
  return /^(?:off|false|0|no)$/i.test(env.WIKI_PUBLISHER_NOTICE?.trim() ?? '');
}
