// Which repository a run publishes from, as its CI system names it, for the publish notice's marker
// (core/publish/publishNotice.ts): two repositories that each hold docs/setup.md with one title under one parent page
// would otherwise each take the other's page for their own file's (the path digest alone names no repository). The
// identity is the CI system's ID for the repository, which stays the same when the repository is renamed or moved to
// another owner on the same host: GitHub Actions' GITHUB_REPOSITORY_ID (its name where an older server gives no ID),
// GitLab CI's CI_PROJECT_ID. WIKI_PUBLISHER_REPOSITORY names it elsewhere (any text that names one repository), or is
// "off" for a run that should not tell repositories apart. Unknown (a run on a laptop, another CI system): markers
// carry none, and pages are known by their files' paths, as before.
import { repositoryDigest } from '../core/publish/publishNotice';

export const REPOSITORY_ENV_VAR = 'WIKI_PUBLISHER_REPOSITORY';

/** The repository's identity from the environment, or undefined when no CI system names it (or it is turned off). */
export function repositoryIdentity(env: NodeJS.ProcessEnv): string | undefined {
  const named = env[REPOSITORY_ENV_VAR]?.trim();
  // As written: `github:github.com:123` names what GitHub Actions names so (a mirror, or a repository moved to another host).
  if (named !== undefined && named !== '') return /^(?:off|false|0|no)$/i.test(named) ? undefined : named;
  const githubServer = hostOf(env.GITHUB_SERVER_URL);
  const githubId = env.GITHUB_REPOSITORY_ID?.trim() || env.GITHUB_REPOSITORY?.trim().toLowerCase();
  if (env.GITHUB_ACTIONS === 'true' && githubServer !== undefined && githubId) return `github:${githubServer}:${githubId}`;
  const gitlabServer = env.CI_SERVER_HOST?.trim().toLowerCase() || hostOf(env.CI_SERVER_URL);
  const gitlabId = env.CI_PROJECT_ID?.trim();
  if (env.GITLAB_CI === 'true' && gitlabServer && gitlabId) return `gitlab:${gitlabServer}:${gitlabId}`;
  return undefined;
}

/** The digest the markers of this run carry for its repository; undefined when the repository is not known. */
export function repositoryOf(env: NodeJS.ProcessEnv): string | undefined {
  const identity = repositoryIdentity(env);
  return identity === undefined ? undefined : repositoryDigest(identity);
}

function hostOf(url: string | undefined): string | undefined {
  try {
    return url === undefined || url.trim() === '' ? undefined : new URL(url.trim()).host.toLowerCase();
  } catch {
    return undefined;
  }
}
