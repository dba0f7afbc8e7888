// The text of a page manifest (.wiki-pages.json, issue 14 section 1): which page each file and folder page of a
// published folder is, committed so that a teammate's clone and CI publish to the same pages. The layout is chosen
// for git: keys sorted, one entry per line, so adding a page adds one line and two people's additions rarely touch.
// Reading is strict on purpose: a manifest half-fixed after a merge is refused with a message, never read as fewer
// pages, because a page missing from it would be created a second time.
import { englishManifestMessages, type ManifestMessages } from '../messages/manifestMessages';
import { duplicateMember, memberCount, memberNameCount } from './jsonMembers';
import { keyNamesNoPage, manifestKeyProblem, PAGE_KEY_EXTENSIONS } from './manifestKeys';

export { keyNamesNoPage, manifestKeyProblem, PAGE_KEY_EXTENSIONS };

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
  /** The text it was read from, when read from a file: where each entry is written (entryLocation). */
  readonly text?: string;
  /**
   * Entries no walk can give (keyNamesNoPage: `__proto__`, `constructor`, `notes.txt`), set aside as read: not in
   * `pages`, so never an orphan, looked up, or given to a file. Each is said (its key, its line, the fix), and the
   * rest of the manifest is used: refusing the whole file made a flat publish create its pages a second time.
   */
  readonly setAside?: readonly string[];
}

export type ManifestParse = { ok: true; manifest: PageManifest } | { ok: false; message: string };

const PAGE_ID = /^\d+$/;
const TOP_LEVEL_FIELDS = new Set(['version', 'space', 'parent', 'pages']);
const ENTRY_FIELDS = new Set(['id', 'title']);
// diff3 style adds the ||||||| base section; a line of ======= alone is the divider.
const CONFLICT_MARKER = /^(?:<{7}|>{7}|\|{7})(?:[ \t]|$)|^={7}[ \t]*$/m;

/** The refusal for a manifest left mid-merge, naming the line of its first marker, or undefined when it has none. */
export function mergeConflictMessage(text: string, name: string = MANIFEST_FILE_NAME, messages: ManifestMessages = englishManifestMessages): string | undefined {
  // A plain search first: the multi-line expression over a manifest of 10,000 entries cost more than the rest of it.
  const mayHaveMarker = text.includes('<<<<<<<') || text.includes('>>>>>>>') || text.includes('|||||||') || text.includes('=======');
  const marker = mayHaveMarker ? CONFLICT_MARKER.exec(text) : null;
  return marker ? messages.conflictMarkers(atLine(name, text, marker.index)) : undefined;
}

/**
 * The manifest's name with the line that holds `index` (`docs/.wiki-pages.json:12`, the form terminals and editors
 * open at that line): a manifest of hundreds of entries refused for one of them is fixed where it says. The name
 * alone when the place is not known.
 */
function atLine(name: string, text: string, index: number | undefined): string {
  if (index === undefined || index < 0) return name;
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return `${name}:${line}`;
}

/**
 * Where JSON.parse stopped, from its message: "… at position 202", and in newer Node "(line 8 column 1)", whose line
 * is taken as it is. Undefined when the message says neither.
 */
function jsonErrorIndex(text: string, detail: string): number | undefined {
  const line = /\(line (\d+) column \d+\)/.exec(detail);
  if (line) {
    let at = 0;
    for (let n = Number(line[1]); n > 1 && at !== -1; n--) at = text.indexOf('\n', at) + 1 || -1;
    return at === -1 ? undefined : at;
  }
  const position = /at position (\d+)/.exec(detail);
  return position ? Number(position[1]) : undefined;
}

/**
 * Where the member `key` of the "pages" object is written: its first naming after "pages", or with `second`, the
 * one after that (a key listed twice). Undefined when it is not written as JSON.stringify writes it (escaped by hand).
 */
function keyIndex(text: string, key: string, second = false): number | undefined {
  const pages = text.indexOf('"pages"');
  const written = JSON.stringify(key);
  let from = pages === -1 ? 0 : pages + 7;
  for (let found = 0; ; ) {
    const at = text.indexOf(written, from);
    if (at === -1) return undefined;
    let next = at + written.length;
    while (' \t\r\n'.includes(text[next] ?? '.')) next++;
    if (text[next] === ':') {
      if (!second || found === 1) return at;
      found++;
    }
    from = at + written.length;
  }
}

/** The manifest in `text`; anything malformed, a single entry included, is refused with a message naming `name`. */
export function parseManifest(text: string, name: string = MANIFEST_FILE_NAME, messages: ManifestMessages = englishManifestMessages): ManifestParse {
  // A pull request controls the manifest: one of a million forged entries cost a run minutes, gigabytes and thousands of
  // lookups on the wiki. No tree a run can publish records more than MAX_MANIFEST_ENTRIES pages, in far less text.
  if (text.length > MAX_MANIFEST_CHARACTERS) return { ok: false, message: messages.tooLarge(name, `${text.length} characters`, `${MAX_MANIFEST_ENTRIES} pages, in ${MAX_MANIFEST_CHARACTERS} characters`) };
  // A text with a conflict marker is never in the written form: the strict reading names the marker.
  const asWritten = manifestAsWritten(text);
  const parsed = asWritten ? { ok: true as const, manifest: asWritten } : parseManifestStrictly(text, name, messages);
  if (!parsed.ok) return parsed;
  const entries = parsed.manifest.pages.size;
  if (entries > MAX_MANIFEST_ENTRIES) return { ok: false, message: messages.tooLarge(name, `${entries} pages`, `${MAX_MANIFEST_ENTRIES} pages`) };
  return { ok: true, manifest: { ...parsed.manifest, text } };
}

/**
 * The most pages a tree's manifest records: a page for each file a walk takes (walk/publishWalk.ts MAX_PUBLISH_FILES,
 * 10,000), and one for each folder above them. Written out, not imported: the editor's start reads manifests without
 * loading the walk.
 */
export const MAX_MANIFEST_ENTRIES = 20_000;
/** The most text a manifest of MAX_MANIFEST_ENTRIES holds, with room for long paths and titles. */
export const MAX_MANIFEST_CHARACTERS = 16 * 1024 * 1024;

/**
 * Where the manifest `text` (read as `name`) writes the entry `key`, as `docs/.wiki-pages.json:7`: a refusal of one
 * entry among hundreds names the line to fix. The name alone when the key is not written there (recorded since).
 */
export function entryLocation(text: string, name: string, key: string): string {
  return atLine(name, text, keyIndex(text, key));
}

/**
 * Where each entry of a manifest's "pages" is written (entryLocation for every key, in one pass over the text): what a
 * file's chain of recorded pages names, for many files of one manifest, without a search of the text for each.
 */
export function entryLocator(text: string, name: string, pages?: PageManifest['pages']): (key: string) => string {
  // The pages manifestAsWritten read from this text know their lines already: the text is not read again for them.
  let lines: ReadonlyMap<string, number> | undefined = pages === undefined ? undefined : linesAsWritten.get(pages);
  return (key) => {
    if (lines === undefined) {
      const found = new Map<string, number>();
      const pagesAt = text.indexOf('"pages"');
      let line = 1;
      for (let at = 0; at < text.length;) {
        const end = text.indexOf('\n', at);
        const stop = end === -1 ? text.length : end;
        const key = at > pagesAt ? writtenKey(text, at, stop) : undefined;
        if (key !== undefined && !found.has(key)) found.set(key, line);
        line++;
        at = stop + 1;
      }
      lines = found;
    }
    const line = lines.get(key);
    return line === undefined ? name : `${name}:${line}`;
  };
}

/**
 * The key a line of the manifest's text ([at, stop)) names, as JSON reads it, or undefined when it names none. A key as
 * serializeManifest writes it (indented, quoted, no escape or control character) is taken as it stands; any other line
 * is read by JSON's rules, a line at a time (a regular expression and JSON.parse for each of 10,000 lines cost more
 * than reading the manifest itself).
 */
function writtenKey(text: string, at: number, stop: number): string | undefined {
  let open = at;
  while (open < stop && text.charCodeAt(open) === 0x20) open++;
  if (text.charCodeAt(open) === 0x22) {
    let close = open + 1;
    while (close < stop && isPlainKeyCharacter(text.charCodeAt(close))) close++;
    if (close < stop && text.charCodeAt(close) === 0x22 && text.charCodeAt(close + 1) === 0x3a) return text.slice(open + 1, close);
  }
  const written = /^\s*("(?:[^"\\]|\\.)*")\s*:/.exec(text.slice(at, stop));
  if (!written) return undefined;
  try {
    return JSON.parse(written[1] as string) as string;
  } catch {
    // not a key JSON reads: the entry is named by the file alone
    return undefined;
  }
}

/** Not a quote, a backslash or a control character: what a key JSON reads as written may hold. */
function isPlainKeyCharacter(code: number): boolean {
  return code >= 0x20 && code !== 0x22 && code !== 0x5c;
}

/** parseManifest without its shortcut for the written form (manifestAsWritten): JSON.parse and every check. */
export function parseManifestStrictly(text: string, name: string = MANIFEST_FILE_NAME, messages: ManifestMessages = englishManifestMessages): ManifestParse {
  const refuse = (message: string): ManifestParse => ({ ok: false, message });
  const conflict = mergeConflictMessage(text, name, messages);
  if (conflict) return refuse(conflict);
  let value: unknown;
  try {
    // Editors on Windows may save a byte-order mark, which JSON.parse rejects.
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return refuse(messages.notJson(atLine(name, text, jsonErrorIndex(text, detail)), detail));
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
  const listed = value.pages;
  if (!isObject(listed)) return refuse(messages.noPages(name));
  // One walk over the entries checks them and counts the members JSON.parse kept, for the duplicate test below: the
  // top level's (its values are plain, as checked above), and each page's with its id and title. Walking the parsed
  // value a second time to count them cost as much as the checks.
  const pages = new Map<string, ManifestEntry>();
  // Which key holds each ID: one page claimed by two files (a hand edit, a bad merge) would be guarded, listed as an
  // orphan and published to twice over, so it is refused like any entry a teammate must fix.
  const keyOfId = new Map<string, string>();
  let idTwice: { id: string; first: string; second: string } | undefined;
  let members = Object.keys(value).length;
  let bad: { key: string; problem: string } | undefined;
  const setAside: string[] = [];
  for (const key of Object.keys(listed)) {
    const raw = listed[key];
    const keyProblem = manifestKeyProblem(key, messages);
    // Set aside whatever it holds: never used, so its ID claims no page and its value is not checked.
    if (keyProblem === undefined && keyNamesNoPage(key)) {
      setAside.push(key);
      continue;
    }
    const problem = keyProblem ?? entryProblem(raw, messages);
    if (problem) {
      bad = { key, problem };
      break;
    }
    const entry = raw as { id: string; title?: string };
    members += entry.title === undefined ? 2 : 3;
    pages.set(key, { id: entry.id, title: entry.title ?? '' });
    const first = keyOfId.get(entry.id);
    if (first === undefined) keyOfId.set(entry.id, key);
    else idTwice ??= { id: entry.id, first, second: key };
  }
  // A page listed twice is the refusal to give even when an entry is bad too. A bad entry can hold anything: then the
  // members are counted in every object, at any depth; so can an entry set aside.
  const parsedMembers = bad === undefined && setAside.length === 0 ? members : memberCount(value);
  // Names in the text beyond the members parsed: some object names one member twice (found and named the slow way).
  const twice = memberNameCount(text) > parsedMembers ? duplicateMember(text) : undefined;
  if (twice !== undefined) return refuse(messages.listedTwice(atLine(name, text, keyIndex(text, twice, true)), twice));
  if (bad !== undefined) return refuse(messages.badEntry(atLine(name, text, keyIndex(text, bad.key)), bad.key, bad.problem));
  if (idTwice !== undefined) return refuse(messages.idTwice(atLine(name, text, keyIndex(text, idTwice.second)), idTwice.first, idTwice.second, idTwice.id));
  // The page the folder maps to is never rewritten by a tree publish (issue 14 section 2): an entry naming it (a hand
  // edit) would send a file's page there and land a folder's pages beside the folder's, so it is refused like idTwice.
  const parentKey = root === undefined ? undefined : keyOfId.get(root.parent);
  if (root !== undefined && parentKey !== undefined) return refuse(messages.parentListed(atLine(name, text, keyIndex(text, parentKey)), parentKey, root.parent));
  if (setAside.length === 0) return { ok: true, manifest: { root, pages } };
  return { ok: true, manifest: { root, pages, setAside: setAside.map((key) => messages.keySetAside(atLine(name, text, keyIndex(text, key)), key, PAGE_KEY_EXTENSIONS)) } };
}

// Characters JSON.parse refuses raw inside a string: a line holding one is left to the strict reading to refuse.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f]/;
// A key JSON.parse would list before all others (an array index): the strict reading keeps that order.
const INDEX_LIKE = /^(?:0|[1-9]\d{0,9})$/;
const ENTRY_START = '    "';
const ENTRY_ID = '": {"id":"';
const ENTRY_TITLE = '","title":"';

/**
 * The line each entry is written on, by the pages manifestAsWritten read (entryLocator): known as they are read, one
 * entry a line, so a refusal naming its entry's line for each of 10,000 pages does not read the text a second time.
 */
const linesAsWritten = new WeakMap<PageManifest['pages'], ReadonlyMap<string, number>>();

/**
 * The manifest read line by line when its text is exactly what serializeManifest writes (as committed, the usual
 * case), or undefined for anything else: then the strict reading below reads it and gives any refusal. Reading the
 * written form directly skips JSON.parse of a file of 10,000 entries into an object of 10,000 members, which cost
 * more than the rest of planning's manifest work. Only a manifest the strict reading accepts, with the same pages in
 * the same order, is returned: a text with any backslash (an escaped character), a key listed twice, a key or ID the
 * strict reading refuses, or an ID claimed twice goes the strict way and is refused (or read) there.
 */
export function manifestAsWritten(text: string): PageManifest | undefined {
  if (text.includes('\\') || text.includes('\r') || RAW_CONTROL.test(text)) return undefined;
  const lines = text.split('\n');
  if (lines[0] !== '{' || lines[1] !== `  "version": ${MANIFEST_VERSION},`) return undefined;
  let at = 2;
  let root: ManifestRoot | undefined;
  if (lines[at]?.startsWith('  "space": "')) {
    const space = quotedValue(lines[at] ?? '', '  "space": "', '",');
    const parent = quotedValue(lines[at + 1] ?? '', '  "parent": "', '",');
    if (space === undefined || parent === undefined || space.trim() === '' || !PAGE_ID.test(parent)) return undefined;
    root = { space, parent };
    at += 2;
  }
  const pages = new Map<string, ManifestEntry>();
  const ids = new Set<string>();
  const lineOf = new Map<string, number>();
  if (lines[at] === '  "pages": {') {
    for (at++; ; at++) {
      const line = lines[at];
      if (line === undefined || !line.startsWith(ENTRY_START)) return undefined;
      const keyEnd = line.indexOf(ENTRY_ID, ENTRY_START.length);
      const idEnd = keyEnd === -1 ? -1 : line.indexOf(ENTRY_TITLE, keyEnd + ENTRY_ID.length);
      if (idEnd === -1) return undefined;
      const key = line.slice(ENTRY_START.length, keyEnd);
      const id = line.slice(keyEnd + ENTRY_ID.length, idEnd);
      const more = line.endsWith('"},');
      const titleEnd = line.length - (more ? 3 : 2);
      const titleStart = idEnd + ENTRY_TITLE.length;
      if ((!more && !line.endsWith('"}')) || titleEnd < titleStart) return undefined;
      const title = line.slice(titleStart, titleEnd);
      // A quote in any of them means the line is not one key and one entry as written.
      if (key.includes('"') || id.includes('"') || title.includes('"')) return undefined;
      if (pages.has(key) || INDEX_LIKE.test(key) || manifestKeyProblem(key) !== undefined || keyNamesNoPage(key)) return undefined;
      if (!PAGE_ID.test(id) || ids.has(id) || id === root?.parent) return undefined;
      pages.set(key, { id, title });
      lineOf.set(key, at + 1);
      ids.add(id);
      if (!more) break;
    }
    if (lines[++at] !== '  }') return undefined;
  } else if (lines[at] !== '  "pages": {}') return undefined;
  if (lines[at + 1] !== '}' || lines[at + 2] !== '' || lines.length !== at + 3) return undefined;
  linesAsWritten.set(pages, lineOf);
  return { root, pages };
}

/** The text between `before` and `after` when the line is exactly that, with no quote inside; else undefined. */
function quotedValue(line: string, before: string, after: string): string | undefined {
  if (!line.startsWith(before) || !line.endsWith(after) || line.length < before.length + after.length) return undefined;
  const value = line.slice(before.length, line.length - after.length);
  return value.includes('"') ? undefined : value;
}

/**
 * Each entry's line as serializeManifest last wrote it, by the entry (a record makes a new one): a tree's run writes
 * the manifest after each page lands, and 10,000 pages made 10,000 lines of JSON each time.
 */
const lineOfEntry = new WeakMap<ManifestEntry, { key: string; line: string }>();

/** The manifest as committed: stable, so the same pages always give the same bytes. */
export function serializeManifest(manifest: PageManifest): string {
  const keys = [...manifest.pages.keys()].sort();
  const lines = keys.map((key) => {
    const entry = manifest.pages.get(key) as ManifestEntry;
    const known = lineOfEntry.get(entry);
    // Entries are read-only (a record makes a new one), so a line made for this entry under this key still holds.
    if (known !== undefined && known.key === key) return known.line;
    const { id, title } = entry;
    // A fresh object so the fields are always in this order, whatever object the caller passed.
    const line = `    ${JSON.stringify(key)}: ${JSON.stringify({ id, title })}`;
    lineOfEntry.set(entry, { key, line });
    return line;
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
  for (const field in raw) if (!ENTRY_FIELDS.has(field)) return messages.entryUnknownField(field);
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
