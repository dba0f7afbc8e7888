// The text of a page manifest (.wiki-pages.json, issue 14 section 1): which page each file and folder page of a
// published folder is, committed so that a teammate's clone and CI publish to the same pages. The layout is chosen
// for git: keys sorted, one entry per line, so adding a page adds one line and two people's additions rarely touch.
// Reading is strict on purpose: a manifest half-fixed after a merge is refused with a message, never read as fewer
// pages, because a page missing from it would be created a second time.

import { englishManifestMessages, type ManifestMessages } from '../messages/manifestMessages';

export const MANIFEST_FILE_NAME = '.wiki-pages.json';
export const MANIFEST_VERSION = 1;

export interface ManifestEntry {
  readonly id: string;
  /** Informative: for people reading a diff, and for noticing a page that moved. */
  readonly title: string;
}

/** Where the folder itself hangs: the space and the parent page its top-level pages are created under. */
export interface ManifestRoot {
  readonly space: string;
  readonly parent: string;
}

export interface PageManifest {
  readonly root: ManifestRoot | undefined;
  /** Keyed by '/'-separated paths relative to the manifest's folder; folders end with '/'. */
  readonly pages: ReadonlyMap<string, ManifestEntry>;
}

export type ManifestParse = { ok: true; manifest: PageManifest } | { ok: false; message: string };

const PAGE_ID = /^\d+$/;
const TOP_LEVEL_FIELDS = new Set(['version', 'space', 'parent', 'pages']);
const ENTRY_FIELDS = new Set(['id', 'title']);
// diff3 style adds the ||||||| base section; a line of ======= alone is the divider.
const CONFLICT_MARKER = /^(?:<{7}|>{7}|\|{7})(?:[ \t]|$)|^={7}[ \t]*$/m;

/** The refusal for a manifest left mid-merge, or undefined when it has no conflict markers. */
export function mergeConflictMessage(text: string, name: string = MANIFEST_FILE_NAME, messages: ManifestMessages = englishManifestMessages): string | undefined {
  return CONFLICT_MARKER.test(text)
    ? messages.conflictMarkers(name)
    : undefined;
}

/** Why `key` cannot be a manifest key, or undefined when it can. */
export function manifestKeyProblem(key: string, messages: ManifestMessages = englishManifestMessages): string | undefined {
  if (key === '') return messages.keyEmpty();
  if (key.includes('\\')) return messages.keyBackslash();
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) return messages.keyAbsolute();
  const parts = (key.endsWith('/') ? key.slice(0, -1) : key).split('/');
  if (parts.includes('..')) return messages.keyLeaves();
  if (parts.some((part) => part === '' || part === '.')) return messages.keyNotNormalised();
  return undefined;
}

/** The manifest in `text`; anything malformed, a single entry included, is refused with a message naming `name`. */
export function parseManifest(text: string, name: string = MANIFEST_FILE_NAME, messages: ManifestMessages = englishManifestMessages): ManifestParse {
  const refuse = (message: string): ManifestParse => ({ ok: false, message });
  const conflict = mergeConflictMessage(text, name, messages);
  if (conflict) return { ok: false, message: conflict };
  let value: unknown;
  try {
    // Editors on Windows may save a byte-order mark, which JSON.parse rejects.
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return refuse(messages.notJson(name, error instanceof Error ? error.message : String(error)));
  }
  if (!isObject(value)) return refuse(messages.notObject(name));
  if (value.version !== MANIFEST_VERSION) {
    return refuse(typeof value.version === 'number' && value.version > MANIFEST_VERSION
      ? messages.newerVersion(name, value.version, MANIFEST_VERSION)
      : messages.notAManifest(name, MANIFEST_VERSION));
  }
  const unknown = Object.keys(value).find((field) => !TOP_LEVEL_FIELDS.has(field));
  if (unknown !== undefined) return refuse(messages.unknownField(name, unknown));
  const root = parseRoot(value.space, value.parent, name, messages);
  if (typeof root === 'string') return refuse(root);
  if (!isObject(value.pages)) return refuse(messages.noPages(name));
  const twice = duplicateMember(text);
  if (twice !== undefined) return refuse(messages.listedTwice(name, twice));
  const pages = new Map<string, ManifestEntry>();
  for (const [key, raw] of Object.entries(value.pages)) {
    const problem = manifestKeyProblem(key, messages) ?? entryProblem(raw, messages);
    if (problem) return refuse(messages.badEntry(name, key, problem));
    const entry = raw as { id: string; title?: string };
    pages.set(key, { id: entry.id, title: entry.title ?? '' });
  }
  return { ok: true, manifest: { root, pages } };
}

/** The manifest as committed: stable, so the same pages always give the same bytes. */
export function serializeManifest(manifest: PageManifest): string {
  const keys = [...manifest.pages.keys()].sort();
  const lines = keys.map((key) => {
    const { id, title } = manifest.pages.get(key) as ManifestEntry;
    // A fresh object so the fields are always in this order, whatever object the caller passed.
    return `    ${JSON.stringify(key)}: ${JSON.stringify({ id, title })}`;
  });
  const root = manifest.root ? [`  "space": ${JSON.stringify(manifest.root.space)},`, `  "parent": ${JSON.stringify(manifest.root.parent)},`] : [];
  const pages = lines.length === 0 ? '{}' : `{\n${lines.join(',\n')}\n  }`;
  return ['{', `  "version": ${MANIFEST_VERSION},`, ...root, `  "pages": ${pages}`, '}', ''].join('\n');
}

function parseRoot(space: unknown, parent: unknown, name: string, messages: ManifestMessages): ManifestRoot | undefined | string {
  if (space === undefined && parent === undefined) return undefined;
  if (typeof space !== 'string' || space.trim() === '') return messages.noSpace(name);
  if (typeof parent !== 'string' || !PAGE_ID.test(parent)) return messages.noParent(name);
  return { space, parent };
}

function entryProblem(raw: unknown, messages: ManifestMessages): string | undefined {
  if (!isObject(raw)) return messages.entryNotObject();
  if (raw.id === undefined) return messages.entryNoId();
  if (typeof raw.id !== 'string' || !PAGE_ID.test(raw.id)) return messages.entryBadId(JSON.stringify(raw.id));
  if (raw.title !== undefined && typeof raw.title !== 'string') return messages.entryBadTitle();
  const unknown = Object.keys(raw).find((field) => !ENTRY_FIELDS.has(field));
  return unknown === undefined ? undefined : messages.entryUnknownField(unknown);
}

/**
 * The first member name used twice in one object of (valid) JSON. JSON.parse keeps the last of two equal names without
 * a word, and a hand-resolved merge of two people who published the same new file gives exactly that.
 */
function duplicateMember(text: string): string | undefined {
  const objects: (Set<string> | undefined)[] = [];
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '{') objects.push(new Set());
    else if (char === '[') objects.push(undefined);
    else if (char === '}' || char === ']') objects.pop();
    else if (char === '"') {
      const end = endOfString(text, at);
      const names = objects[objects.length - 1];
      let next = end + 1;
      while (' \t\r\n'.includes(text[next] ?? '.')) next++;
      if (names && text[next] === ':') {
        // The text already parsed as JSON: a name without a backslash is its characters as written.
        const written = text.slice(at + 1, end);
        const name = written.includes('\\') ? (JSON.parse(text.slice(at, end + 1)) as string) : written;
        if (names.has(name)) return name;
        names.add(name);
      }
      at = end;
    }
  }
  return undefined;
}

/** The index of the quote closing the string that opens at `start`. */
function endOfString(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
