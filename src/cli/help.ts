import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_SECONDS } from './args';

export const HELP_TEXT = `Usage: wiki-publisher publish <file|folder>... [options]

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
  --dry-run            Send nothing and need no token: print each file's target and preflight findings.
  --json               One JSON object per file per line, then a summary object.
  --concurrency N      Requests at once, 1-16 (default ${DEFAULT_CONCURRENCY}).
  --timeout SECONDS    Deadline of one request, 1-600 (default ${DEFAULT_TIMEOUT_SECONDS}).
  --endpoint URL       The import endpoint (default: WIKI_PUBLISHER_ENDPOINT). https:// only; http:// only
                       for 127.0.0.1, [::1] and localhost.
  -h, --help           Show this help.
  -V, --version        Show the version.

Environment:
  WIKI_PUBLISHER_API_TOKEN   The import API token (never a flag). Not needed with --dry-run.
  WIKI_PUBLISHER_ENDPOINT    The import endpoint, when --endpoint is not given.
  HTTPS_PROXY, NO_PROXY      Proxy for the wiki's address (loopback addresses never use it).

Exit codes: 0 every file published or skipped as unchanged; 1 a file failed or was refused (with
--dry-run: would be refused); 2 usage or configuration error; 130 interrupted (Ctrl+C).
`;
