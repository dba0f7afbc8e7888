import { setting, userSetting } from '../settings';

export const IMPORT_ENDPOINT_SETTING = 'wikiPublisher.importEndpoint';

export function importEndpointSetting(): string | undefined {
  return userSetting<string>(IMPORT_ENDPOINT_SETTING);
}

export function requestDeadlineMs(): number {
  return Math.max(5, setting<number>('wikiPublisher.requestTimeoutSeconds', 60)) * 1000;
}
