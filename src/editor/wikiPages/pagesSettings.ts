// The Wiki Pages view's settings, read where they are needed (a change takes effect without a restart). Kept apart
// from the view's code so that the start-up bundle can read the badges setting without loading the view.
import { setting } from '../settings';

/** The view's id (package.json): the host registers it, the model shows progress on it. */
export const PAGES_VIEW_ID = 'wikiPublisher.pages';
export const BADGES_SETTING = 'wikiPublisher.pages.badges';
export const INTERVAL_SETTING = 'wikiPublisher.pages.refreshIntervalMinutes';
const DEFAULT_INTERVAL_MINUTES = 5;

/** Whether the Explorer shows each file's state as a badge (and so whether states are kept up to date without the view). */
export function badgesOn(): boolean {
  return setting<boolean>(BADGES_SETTING, true);
}

/** How often the wiki is read while the states are shown, in ms; 0: only on demand. */
export function refreshIntervalMs(): number {
  const minutes = setting<number>(INTERVAL_SETTING, DEFAULT_INTERVAL_MINUTES);
  return Number.isFinite(minutes) && minutes > 0 ? Math.max(1, minutes) * 60_000 : 0;
}
