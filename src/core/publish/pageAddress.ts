/**
 * Turns what a person pastes into a page prompt (a page ID, or the page's address copied from the browser) into
 * the page's ID. The host is not checked: only the ID is taken, and the service checks the ID. What is taken must
 * still clearly be a page: anything else is refused with a sentence the prompt shows inline.
 */
import { englishAddressMessages, type AddressMessages } from '../messages/addressMessages';

export interface PageReference {
  pageId: string;
  /** The space key the address names (`/spaces/DOCS/pages/…`); absent for a bare ID or a `?pageId=` address. */
  spaceKey?: string;
  /** The site the address points to; absent for a bare ID or a path without a host. */
  origin?: string;
}

export type PageReferenceResult = { ok: true; reference: PageReference } | { ok: false; reason: string };

const PAGE_ID = /^\d{1,20}$/;
// What the publish flags and front matter take as a space's numeric ID rather than its key (addressSpaceKey agrees).
const SPACE_ID = /^\d+$/;
// Personal spaces have keys like `~dana` or `~557058:0f3c…`; team spaces letters and digits.
const SPACE_KEY = /^~?[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$/;
// `/wiki/spaces/KEY/pages/ID[/Title]`, the editor's `/pages/edit-v2/ID`, under any context path.
const SPACE_PAGE_PATH = /^(?:\/[^/]+)*?\/spaces\/([^/]+)\/pages\/(?:edit-v2\/|edit\/)?(\d+)(?:\/[^/]*)?\/?$/;
// `/wiki/pages/viewpage.action?pageId=ID` and the other page actions (`editpage`, `viewinfo`, `diffpagesbyversion`).
const PAGE_ACTION_PATH = /\/[A-Za-z]+\.action$/;

export function parsePageReference(text: string, messages: AddressMessages = englishAddressMessages): PageReferenceResult {
  const trimmed = text.trim();
  if (!trimmed) return refuse(messages.notAPage());
  if (PAGE_ID.test(trimmed)) return { ok: true, reference: { pageId: trimmed } };
  if (/^\d+$/.test(trimmed)) return refuse(messages.tooLong());
  const url = parseAddress(trimmed);
  if (!url) return refuse(messages.notDigits());
  const origin = /^https?:\/\//i.test(trimmed) ? url.origin : undefined;
  const fromPath = SPACE_PAGE_PATH.exec(url.pathname);
  if (fromPath) return fromSpacePath(fromPath[1] ?? '', fromPath[2] ?? '', origin, messages);
  const ids = url.searchParams.getAll('pageId');
  if (ids.length > 0) {
    const pageId = ids.length === 1 ? ids[0]?.trim() ?? '' : '';
    if (!PAGE_ID.test(pageId)) return refuse(messages.pageIdParameterNotDigits());
    if (!PAGE_ACTION_PATH.test(url.pathname)) return refuse(explainOther(url.pathname, messages));
    return { ok: true, reference: withOrigin({ pageId }, origin) };
  }
  return refuse(explainOther(url.pathname, messages));
}

/**
 * The space key of a space's own address (`/wiki/spaces/DOCS`, `/wiki/spaces/DOCS/overview`, `/display/DOCS`),
 * for the space prompt; undefined for anything else, page addresses included (parsePageReference reads those).
 */
export function parseSpaceAddress(text: string): string | undefined {
  const url = parseAddress(text.trim());
  const match = url && /^(?:\/[^/]+)*?\/(?:spaces|display)\/([^/]+)(?:\/overview)?\/?$/.exec(url.pathname);
  if (!match) return undefined;
  try {
    const spaceKey = decodeURIComponent(match[1] ?? '');
    return SPACE_KEY.test(spaceKey) ? spaceKey : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page's address as the platform's own links give it, `<site>/wiki/spaces/<KEY>/pages/<id>/<Title+slug>`: the
 * ID finds the page and the slug is decorative, so the address keeps working after a rename on the wiki. The slug
 * follows addresses seen on the platform's sites (`…/pages/229378/How-to+write+a+valid+commit`): words joined
 * by `+`, other punctuation left out. Undefined when no reader's address can be made: a key or ID that is not one,
 * or a base that is an API gateway (`api.<platform>/ex/…`, `<site>/gateway/…`), whose addresses no browser opens.
 *
 * A space known only by its numeric ID (`--space 98304` without page access to look up its key) gets the platform's
 * page-ID address, `<site>/wiki/pages/viewpage.action?pageId=<id>`, which the platform sends on to the page's own
 * address: `/spaces/98304/…` would name a space key that does not exist. Like the ID form, it survives a title change.
 */
export function pageAddress(baseUrl: string, spaceKey: string, pageId: string, title: string): string | undefined {
  if (!PAGE_ID.test(pageId) || !SPACE_KEY.test(spaceKey)) return undefined;
  const site = siteAddress(baseUrl);
  if (site === undefined) return undefined;
  if (SPACE_ID.test(spaceKey)) return `${site}/wiki/pages/viewpage.action?pageId=${pageId}`;
  const slug = title.split(/[^\p{L}\p{M}\p{N}._~-]+/u).filter((word) => word !== '').map(encodeURIComponent).join('+');
  return `${site}/wiki/spaces/${encodeURIComponent(spaceKey)}/pages/${pageId}${slug === '' ? '' : `/${slug}`}`;
}

/** The site's address without a trailing `/` or `/wiki`, keeping a context path; undefined for a gateway or non-web base. */
function siteAddress(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') return undefined;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/wiki$/i, '');
  if (/^\/(?:ex|gateway)(?:\/|$)/i.test(path)) return undefined;
  return `${url.origin}${path}`;
}

/** An `http:`/`https:` address or a path on the site (`/wiki/…`); every other scheme (`javascript:`, `file:`) is refused. */
function parseAddress(text: string): URL | undefined {
  if (/\s/.test(text)) return undefined;
  const isWebAddress = /^https?:\/\/[^/]/i.test(text);
  const isSitePath = text.startsWith('/') && !text.startsWith('//');
  if (!isWebAddress && !isSitePath) return undefined;
  try {
    const url = new URL(text, 'https://site.invalid');
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function fromSpacePath(encodedKey: string, pageId: string, origin: string | undefined, messages: AddressMessages): PageReferenceResult {
  if (!PAGE_ID.test(pageId)) return refuse(messages.tooLong());
  let spaceKey: string;
  try {
    spaceKey = decodeURIComponent(encodedKey);
  } catch {
    return refuse(messages.spaceKeyUnreadable());
  }
  if (!SPACE_KEY.test(spaceKey)) return refuse(messages.notASpaceKey());
  return { ok: true, reference: withOrigin({ pageId, spaceKey }, origin) };
}

function withOrigin(reference: PageReference, origin: string | undefined): PageReference {
  return origin === undefined ? reference : { ...reference, origin };
}

/** Why a web address that is not a page's is refused, naming what it is where that helps the user find the page's. */
function explainOther(pathname: string, messages: AddressMessages): string {
  if (/\/spaces\/[^/]+\/blog\//.test(pathname)) return messages.blogPost();
  if (/\/display\//.test(pathname)) return messages.byTitle();
  if (/\/x\/[^/]+\/?$/.test(pathname)) return messages.shortLink();
  if (/\/spaces\/[^/]+(?:\/(?:overview)?)?\/?$/.test(pathname)) return messages.spaceAddress();
  return messages.notAPageAddress();
}

function refuse(reason: string): PageReferenceResult {
  return { ok: false, reason };
}
