// The sandbox's pages and spaces: a small seeded wiki held in memory, with the access rules the import
// endpoint, the platform lookups and the export API share. Every change bumps the page's version and
// records when (the sandbox clock) and by whom, as the platform's page route reports it; every version is kept
// (deleted pages keep theirs), as the platform's history routes give them.

export interface SandboxPage {
  id: string;
  spaceId: string;
  spaceKey: string;
  parentId: string | null;
  title: string;
  markdown: string;
  version: number;
  /** ISO time of the change that made the current version. */
  versionCreatedAt: string;
  /** Who made the current version: an import's token owner (or the app account, see ImportAuthor), WIKI_EDITOR on the wiki. */
  authorId: string;
  deleted: boolean;
}

/**
 * A page as a test looks at it (Sandbox.pages): `markdown` is the page's text without the publish notice a publisher may
 * end it with, `notice` that notice's last paragraph, `imported` the text as the wiki holds it (what its bodies and its
 * export are made from).
 */
export interface SeenPage extends SandboxPage {
  notice: string | undefined;
  imported: string;
}

/** A notice at the end of a page's text, as a publisher writes one: a rule, then a paragraph that carries its marker. */
const TRAILING_NOTICE = /(\r\n|\r|\n)(?:\r\n|\r|\n)(?:---|\*\*\*|___)(?:\r\n|\r|\n){2}([^\r\n]*wiki-publisher\.v\d+\.[0-9a-f]{20}\.[0-9a-f]{8}[^\r\n]*)(?:\r\n|\r|\n)*$/;

/** The page with its text apart from a trailing publish notice (SeenPage). */
export function seenPage(page: SandboxPage): SeenPage {
  const { text, notice } = apartFromNotice(page.markdown);
  return { ...page, markdown: text, notice, imported: page.markdown };
}

/** Markdown as a publisher sent it (an import's content), apart from the publish notice that ends it, if any. */
export function apartFromNotice(markdown: string): { text: string; notice: string | undefined } {
  const notice = TRAILING_NOTICE.exec(markdown);
  if (!notice) return { text: markdown, notice: undefined };
  // The text up to the line end that ended it (the notice's blank line and rule follow that).
  return { text: markdown.slice(0, notice.index + (notice[1] as string).length), notice: notice[2] };
}

/** The author of seeded pages and of edits made "on the wiki" through editOnWiki. */
export const WIKI_EDITOR = 'wiki-editor';

/** One version of a page as it was made: what the page held then, who made it and when. */
export interface SandboxVersion {
  number: number;
  title: string;
  markdown: string;
  /** The parent when this version was made (a move makes no version, so a later move is not in it). */
  parentId: string | null;
  authorId: string;
  /** ISO time of the change. */
  createdAt: string;
  /** The version message: '' for imports and, unless one is given, for edits on the wiki. */
  message: string;
}

export interface SandboxSpace {
  id: string;
  key: string;
  name: string;
  homePageId: string;
  /** Owners who may see the space; undefined means everyone. */
  onlyFor?: readonly string[];
}

const SPACES: readonly SandboxSpace[] = [
  { id: '1001', key: 'DOCS', name: 'Documentation', homePageId: '123456' },
  { id: '1002', key: 'ENG', name: 'Engineering', homePageId: '234567' },
  { id: '1003', key: 'SECRET', name: 'Secret', homePageId: '345678', onlyFor: ['carol'] },
];

function seedPages(createdAt: string): SandboxPage[] {
  const page = (id: string, space: string, parentId: string | null, title: string, markdown: string, deleted = false) => ({
    id, spaceId: spaceByKey(space).id, spaceKey: space, parentId, title, markdown,
    version: 1, versionCreatedAt: createdAt, authorId: WIKI_EDITOR, deleted,
  });
  return [
    page('123456', 'DOCS', null, 'Documentation home', '# Documentation\n\nPublish pages under this one.\n'),
    page('123457', 'DOCS', '123456', 'Old notes', 'These notes were deleted.\n', true),
    page('234567', 'ENG', null, 'Engineering home', '# Engineering\n'),
    page('345678', 'SECRET', null, 'Secret home', '# Secret\n\nOnly carol can see this space.\n'),
  ];
}

function spaceByKey(key: string): SandboxSpace {
  const space = SPACES.find((candidate) => candidate.key === key);
  if (!space) throw new Error(`No seeded space ${key}`);
  return space;
}

// Created pages get ids above every seeded one, so they never collide.
const FIRST_CREATED_ID = 1_000_000;

export class SandboxWiki {
  private pagesById = new Map<string, SandboxPage>();
  /** Each page's versions, oldest first; kept apart so page copies stay small and their shape stays as it was. */
  private versionsById = new Map<string, SandboxVersion[]>();
  private nextId = FIRST_CREATED_ID;

  constructor(private readonly now: () => number = Date.now) {
    this.reset();
  }

  reset(): void {
    this.pagesById = new Map(seedPages(this.isoNow()).map((page) => [page.id, page]));
    this.versionsById = new Map([...this.pagesById.values()].map((page) => [page.id, [versionOf(page, '')]]));
    this.nextId = FIRST_CREATED_ID;
  }

  spaces(): readonly SandboxSpace[] {
    return SPACES;
  }

  /** Copies, so callers cannot change the wiki behind its back. */
  pages(): SandboxPage[] {
    return [...this.pagesById.values()].map((page) => ({ ...page }));
  }

  page(id: string): SandboxPage | undefined {
    const page = this.pagesById.get(id);
    return page && { ...page };
  }

  /** Every version of the page, oldest first, deleted pages' too (copies); empty for an unknown page. */
  versions(pageId: string): SandboxVersion[] {
    return (this.versionsById.get(pageId) ?? []).map((version) => ({ ...version }));
  }

  /** One version of the page (a copy), or undefined when the page or that version does not exist. */
  version(pageId: string, number: number): SandboxVersion | undefined {
    const version = this.versionsById.get(pageId)?.[number - 1];
    return version && { ...version };
  }

  /** A space by id or key, if it exists and the owner may see it. */
  accessibleSpace(idOrKey: string, owner: string): SandboxSpace | undefined {
    const space = SPACES.find((candidate) => candidate.id === idOrKey || candidate.key === idOrKey);
    return space && canSee(space, owner) ? space : undefined;
  }

  /** A live page the owner may see, or undefined. */
  accessiblePage(id: string, owner: string): SandboxPage | undefined {
    const page = this.pagesById.get(id);
    if (!page || page.deleted) return undefined;
    const space = SPACES.find((candidate) => candidate.id === page.spaceId);
    return space && canSee(space, owner) ? { ...page } : undefined;
  }

  /** The live page with exactly this title under the parent. */
  findChild(parentId: string, title: string): SandboxPage | undefined {
    for (const page of this.pagesById.values()) {
      if (page.parentId === parentId && page.title === title && !page.deleted) return { ...page };
    }
    return undefined;
  }

  findPageByTitle(spaceKeyOrId: string, parentId: string, title: string): SandboxPage | undefined {
    const found = this.findChild(parentId, title);
    return found && (found.spaceId === spaceKeyOrId || found.spaceKey === spaceKeyOrId) ? found : undefined;
  }

  /** The children of a page, deleted ones included, in creation order (the map keeps insertion order). */
  childrenInOrder(parentId: string): SandboxPage[] {
    return [...this.pagesById.values()].filter((page) => page.parentId === parentId).map((page) => ({ ...page }));
  }

  create(space: SandboxSpace, parentId: string, title: string, markdown: string, authorId: string): SandboxPage {
    const page: SandboxPage = {
      id: String(this.nextId++), spaceId: space.id, spaceKey: space.key, parentId, title, markdown,
      version: 1, versionCreatedAt: this.isoNow(), authorId, deleted: false,
    };
    this.pagesById.set(page.id, page);
    this.versionsById.set(page.id, [versionOf(page, '')]);
    return { ...page };
  }

  /** A new version: new Markdown (and title, when given), by this author, now, with this message ('' by default). */
  update(pageId: string, markdown: string, authorId: string, title?: string, message = ''): SandboxPage {
    const page = this.livePage(pageId);
    page.markdown = markdown;
    if (title !== undefined) page.title = title;
    page.version += 1;
    page.versionCreatedAt = this.isoNow();
    page.authorId = authorId;
    this.versionsById.get(pageId)?.push(versionOf(page, message));
    return { ...page };
  }

  /** A page made on the wiki by someone else, under a live parent of the space: by WIKI_EDITOR; a clashing title throws. */
  createOnWiki(spaceKey: string, parentId: string, title: string, markdown: string): SandboxPage {
    const space = spaceByKey(spaceKey);
    if (this.livePage(parentId).spaceId !== space.id) throw new Error(`Page ${parentId} is not in space ${spaceKey}.`);
    if (this.findChild(parentId, title)) throw new Error(`Another page under ${parentId} is titled "${title}".`);
    return this.create(space, parentId, title, markdown, WIKI_EDITOR);
  }

  /** An edit made on the wiki by someone else: a new version by WIKI_EDITOR; a clashing new title throws. */
  editOnWiki(pageId: string, markdown: string, title?: string, message = ''): SandboxPage {
    const page = this.livePage(pageId);
    const clash = title === undefined || page.parentId === null ? undefined : this.findChild(page.parentId, title);
    if (clash && clash.id !== page.id) throw new Error(`Another page under ${page.parentId} is titled "${title}".`);
    return this.update(pageId, markdown, WIKI_EDITOR, title, message);
  }

  /**
   * A move made on the wiki by someone else: the page, with its children, under another parent of the same space. The
   * version stays as it is, the harder case for a publisher: only the page's parent tells that it moved.
   */
  moveOnWiki(pageId: string, parentId: string): SandboxPage {
    const page = this.livePage(pageId);
    const parent = this.livePage(parentId);
    if (parent.spaceId !== page.spaceId) throw new Error(`Page ${parentId} is in another space than page ${pageId}.`);
    for (let above: SandboxPage | undefined = parent; above; above = above.parentId === null ? undefined : this.pagesById.get(above.parentId)) {
      if (above.id === page.id) throw new Error(`Page ${parentId} is page ${pageId} or below it.`);
    }
    const clash = this.findChild(parentId, page.title);
    if (clash && clash.id !== page.id) throw new Error(`Another page under ${parentId} is titled "${page.title}".`);
    page.parentId = parentId;
    return { ...page };
  }

  /** Marks the page deleted (deleting twice is harmless); an unknown id is a test's mistake and throws. */
  delete(pageId: string): void {
    const page = this.pagesById.get(pageId);
    if (!page) throw new Error(`No page ${pageId} in the sandbox`);
    page.deleted = true;
  }

  private isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  private livePage(pageId: string): SandboxPage {
    const page = this.pagesById.get(pageId);
    if (!page || page.deleted) throw new Error(`No live page ${pageId} in the sandbox`);
    return page;
  }
}

function versionOf(page: SandboxPage, message: string): SandboxVersion {
  const { version: number, title, markdown, parentId, authorId, versionCreatedAt: createdAt } = page;
  return { number, title, markdown, parentId, authorId, createdAt, message };
}

function canSee(space: SandboxSpace, owner: string): boolean {
  return space.onlyFor === undefined || space.onlyFor.includes(owner);
}
