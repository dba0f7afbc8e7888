// What GitHub makes of plain words wherever it shows our text: its Markdown (the job summary, the pull request's
// comment) and its annotations. One rule for both, applied to text from files and the wiki before each target's own
// escaping (markdownText.ts, annotations.ts).
//
// GitHub's Markdown (cmark-gfm) links bare `http://`, `https://`, `ftp://` addresses, `www.` names and e-mail
// addresses after backslash escapes are resolved, so an escape does not stop them; GitHub then links `@user` and
// `@org/team` (and notifies them), `#123` and `GH-123` (a cross-reference on that issue). Its annotations are text, but
// addresses in them are links. A U+2060 WORD JOINER inside each trigger breaks it and shows nothing: the text reads as
// written (see src/core/text/neutralise.ts for why that character). Commit SHAs are left alone: GitHub links only
// those of this repository, which notify no one, and breaking every run of seven hex digits would put joiners into
// ordinary words and digests.
import { showBidiControls } from '../core/text/bidiControls';

const JOINER = '\u2060';

// `://` of any scheme, the `www.` of a bare host name (any case), every `@` (mentions, e-mail addresses), `#` and
// `GH-` before a digit. The empty matches (after `www`, `gh-`) take the joiner where they stand.
const GITHUB_TRIGGERS = /:(?=\/\/)|(?<=www)(?=\.)|@|#(?=\d)|(?<=\bgh-)(?=\d)/gi;

/**
 * Text that GitHub shows as written: no link, mention or reference can come of it, and no bidirectional control
 * reorders what is around it (shown as "<U+202E>"). Plain text for the target to escape by its own rules.
 */
export function inertOnGitHub(text: string): string {
  return showBidiControls(text).replace(GITHUB_TRIGGERS, (trigger) => `${trigger}${JOINER}`);
}
