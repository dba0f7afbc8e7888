import { setting, userSetting } from '../settings';

export const IMPORT_ENDPOINT_SETTING = 'wikiPublisher.importEndpoint';

export function importEndpointSetting(): string | undefined {
  return userSetting<string>(IMPORT_ENDPOINT_SETTING);
}

export function requestDeadlineMs(): number {
  return Math.max(5, setting<number>('wikiPublisher.requestTimeoutSeconds', 60)) * 1000;
}

/** Whether pages are published without the notice (the setting): the guard then cannot tell a page found without one. */
export function pageNoticeOff(): boolean {
  return !setting<boolean>('wikiPublisher.pageNotice', true);
}

export function omitTitleHeadingSetting(): boolean {
  return setting<boolean>('wikiPublisher.omitTitleHeading', false);
}

/** How a tree's new sibling pages are ordered (core/tree/sendOrder.ts): after the pages they link to, or by name. */
export function siblingOrderSetting(): 'links' | 'name' {
  return setting<string>('wikiPublisher.tree.siblingOrder', 'links') === 'name' ? 'name' : 'links';
}

/** The diagram renderer, from user settings only: a repository must not send diagram source to a host it names. */
export function diagramRendererSetting(): string | undefined {
  return userSetting<string>('wikiPublisher.diagrams')?.trim() || undefined;
}

export function rendererOption(): { diagramRenderer?: string } {
  const renderer = diagramRendererSetting();
  return renderer ? { diagramRenderer: renderer } : {};
}
