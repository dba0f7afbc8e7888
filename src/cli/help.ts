import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_SECONDS } from './args';

export const HELP_TEXT = `Usage: wiki-publisher publish <file|folder>... [options]
       wiki-publisher publish <folder> --tree [--space KEY --parent ID] [options]
       wiki-publisher plan <file|folder>... [options]   (publish --dry-run --format markdown)

Publishes Markdown files to the wiki through its Markdown import endpoint. Folders are walked recursively;
node_modules, dot-folders and files matched by .gitignore are skipped. Each file's target comes from its
front matter (wiki: spaceId, parentId, pageTitle, overwrite), else from the --state record of its last
publish, else from --space and --parent with the title from the file (front matter title, first "# "
heading, or file name).

Options:
  --space KEY          Space key or ID for files whose front matter does not name one.
  --parent ID          Parent page ID (digits) for files whose front matter does not name one.
  --overwrite          Update pages that already exist (without it, an existing page fails that file).
  --force              Publish files that did not change since the publish recorded in --state.
  --state FILE         Read and write a record of what was published (target and content hash per file,
                       keyed by path relative to FILE's folder), so unchanged files are skipped. Keep it in
                       your CI cache. A missing file starts an empty record.
  --retarget           Plan from --space, --parent and each file's own title even where the repository's
                       .wiki-pages.json records another place (with --tree: a new tree there) or the --state
                       record another title, as if never published. The old pages stay.
  --tree               Publish the one folder given as a page tree under --parent: subfolders become pages
                       (content from index.md, README.md or <folder>.md, else a list of their children),
                       links between files become links to their pages. Page IDs are recorded in the
                       folder's .wiki-pages.json (commit it). Needs page access, or IDs already recorded.
  --diagrams URL       Your organisation's diagram renderer (a Kroki server; default: WIKI_PUBLISHER_DIAGRAMS):
                       Mermaid code blocks become images from <URL>/mermaid/png/<diagram>, carrying their
                       source there. Without it they are published as code, with a caution.
  --no-record          With --tree: leave .wiki-pages.json as it is; the page IDs it would record are listed.
  --sibling-order ORDER
                       With --tree, the order new pages under one parent are created in, which the wiki lists
                       them in: links (default; a page after the new pages it links to, so it is written
                       once) or name (the folder's order; a page linking to a later sibling is sent twice).
  --overwrite-edited   Replace pages that were edited on the wiki since this tool last published them, and send
                       updates whose check for edits failed (the wiki could not be read) unchecked; without it,
                       those files are left out and reported. Needs page access (see Environment).
  --dry-run            Send nothing and need no token: print each file's target and preflight findings.
  --json               One JSON object per file per line, then a summary object (schema/wiki-publisher-json.schema.json).
  --format FORMAT      text (default for publish), json (as --json), or markdown (default for plan): one
                       Markdown document at the end, for a job summary or a pull request comment.
  --report FILE        Also write a JUnit XML report of the run (GitLab, Jenkins, Azure Pipelines read it).
  --markdown-file FILE Also write the run's Markdown document (the plan, or the results) to FILE.
                       Files are written only inside the working tree (the repository holding the working
                       folder, else that folder, never in its .git), never through a symbolic link, and never over another file
                       the run reads or writes (the state file, another output, a .wiki-pages.json, a Markdown
                       file in a folder it publishes): such a path is refused (exit 2).
  --expect-plan DIGEST Publish only the reviewed plan: the digest a plan printed (12 to 64 hex digits), or
                       @FILE with the reviewed plan's Markdown or --json output (then differences are named).
                       If the plan changed since (a file, or a page on the wiki), nothing is sent (exit 3).
  --no-notice          Publish pages without the notice at their end ("Published from docs/setup.md with Wiki
                       Publisher..."). Its link tells later runs what this one sent, so they leave unchanged pages
                       alone and tell a colleague's edit from a publish without any record; without it, a run
                       without --state holds every page back, unable to tell (default: WIKI_PUBLISHER_NOTICE=off).
  --source-url URL     The address a file's path in its repository is appended to for the notice's link, such as
                       https://github.com/acme/docs/blob/main/ (default: WIKI_PUBLISHER_SOURCE_URL, else the commit
                       GitHub Actions or GitLab CI builds).
  --concurrency N      Requests at once, 1-16 (default ${DEFAULT_CONCURRENCY}).
  --timeout SECONDS    Deadline of one request, 1-600 (default ${DEFAULT_TIMEOUT_SECONDS}).
  --endpoint URL       The import endpoint (default: WIKI_PUBLISHER_ENDPOINT). https:// only; http:// only
                       for 127.0.0.1, [::1] and localhost.
  --auth-url URL       The identity provider that issues the service account's access token (default:
                       WIKI_PUBLISHER_AUTH_URL).
  --base-url URL       The wiki site whose page routes are read, and whose page addresses --tree links
                       to, with or without page access (default: WIKI_PUBLISHER_BASE_URL).
  -h, --help           Show this help.
  -V, --version        Show the version.

Environment (every variable the command reads):
  WIKI_PUBLISHER_API_TOKEN   The import API token (never a flag). Not needed with --dry-run.
  WIKI_PUBLISHER_ENDPOINT    The import endpoint, when --endpoint is not given.
  WIKI_PUBLISHER_DIAGRAMS    The diagram renderer, when --diagrams is not given.
  WIKI_PUBLISHER_NOTICE      off (or false, 0, no): publish without the notice, as --no-notice does.
  WIKI_PUBLISHER_SOURCE_URL  Where the notice links a file's repository path, when --source-url is not given.
  GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_SHA
                             Set by GitHub Actions: without --source-url or WIKI_PUBLISHER_SOURCE_URL, the
                             notice links to the file in the commit being built.
  CI_PROJECT_URL, CI_COMMIT_SHA
                             Set by GitLab CI: the same.
  WIKI_PUBLISHER_REPOSITORY  Names the repository in each page's notice, so that a page a file of the same
                             path in another repository published is never taken for this file's; off: none.
                             Default: GitHub Actions' GITHUB_ACTIONS, GITHUB_SERVER_URL and GITHUB_REPOSITORY_ID
                             (else GITHUB_REPOSITORY); GitLab CI's GITLAB_CI, CI_SERVER_HOST (else CI_SERVER_URL)
                             and CI_PROJECT_ID; elsewhere none, and a page is known by its file's path alone.
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY
                             Proxy for the wiki's address (loopback addresses never use it); https_proxy,
                             http_proxy and no_proxy in lower case too.

  Page access: read access to the wiki's page routes, so a run can check for pages edited on the wiki since
  their last publish (the edit guard). Without it the run still publishes, and says the check was skipped.
  WIKI_PUBLISHER_CLIENT_ID       A service account's client ID, with WIKI_PUBLISHER_CLIENT_SECRET.
  WIKI_PUBLISHER_CLIENT_SECRET   Its client secret (never a flag); needs WIKI_PUBLISHER_AUTH_URL and
                                 WIKI_PUBLISHER_BASE_URL (or --auth-url and --base-url).
  WIKI_PUBLISHER_AUTH_URL        The identity provider, when --auth-url is not given.
  WIKI_PUBLISHER_BASE_URL        The wiki site, when --base-url is not given.
  WIKI_PUBLISHER_PLATFORM_TOKEN  Instead of a service account: a ready platform access token (never a flag);
                                 needs WIKI_PUBLISHER_BASE_URL.
  WIKI_PUBLISHER_SCOPE           Optional: the scopes to ask the service account's token for (space-separated).

Exit codes: 0 every file published or skipped as unchanged; 1 a file failed, was refused, was left out
because its page was edited on the wiki (or the wiki could not be read to check), or met "already exists"
after a retry on a page not proven to be its own, or the --state file or .wiki-pages.json could not be written
(with --dry-run: would be refused, left out, or met by
"already exists"); 2 usage or configuration error (refused page access credentials too); 3 --expect-plan: the
plan changed since it was reviewed, nothing sent; 130 interrupted (Ctrl+C); 143 stopped by SIGTERM (a cancelled
CI job). After 130 or 143 the output says which files landed, which may have landed and which never started.
`;
