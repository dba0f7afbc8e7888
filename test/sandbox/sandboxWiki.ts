// The sandbox's pages and spaces: a small seeded wiki held in memory, with the access rules the import
// endpoint and the platform lookups share.

export interface SandboxPage {
  id: string;
  spaceId: string;
  spaceKey: string;
  parentId: string | null;
  title: string;
  markdown: string;
  version: number;
  deleted: boolean;
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

function seedPages(): SandboxPage[] {
  const page = (id: string, space: string, parentId: string | null, title: string, markdown: string, deleted = false) => ({
    id, spaceId: spaceByKey(space).id, spaceKey: space, parentId, title, markdown, version: 1, deleted,
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
  private nextId = FIRST_CREATED_ID;

  constructor() {
    this.reset();
  }

  reset(): void {
    this.pagesById = new Map(seedPages().map((page) => [page.id, page]));
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

  create(space: SandboxSpace, parentId: string, title: string, markdown: string): SandboxPage {
    const page: SandboxPage = {
      id: String(this.nextId++), spaceId: space.id, spaceKey: space.key, parentId, title, markdown, version: 1, deleted: false,
    };
    this.pagesById.set(page.id, page);
    return { ...page };
  }

  update(pageId: string, markdown: string): SandboxPage {
    const page = this.livePage(pageId);
    page.markdown = markdown;
    page.version += 1;
    return { ...page };
  }

  /** Marks the page deleted (deleting twice is harmless); an unknown id is a test's mistake and throws. */
  delete(pageId: string): void {
    const page = this.pagesById.get(pageId);
    if (!page) throw new Error(`No page ${pageId} in the sandbox`);
    page.deleted = true;
  }

  private livePage(pageId: string): SandboxPage {
    const page = this.pagesById.get(pageId);
    if (!page || page.deleted) throw new Error(`No live page ${pageId} in the sandbox`);
    return page;
  }
}

function canSee(space: SandboxSpace, owner: string): boolean {
  return space.onlyFor === undefined || space.onlyFor.includes(owner);
}
