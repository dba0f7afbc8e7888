import type { Command } from '../command';
import type { WikiPagesModel } from './pagesModel';

/** Wiki Pages: Refresh (the view's title bar). Reads the wiki now, or runs the first pass if none has run. */
export class RefreshPagesCommand implements Command {
  readonly id = 'wikiPublisher.pages.refresh';

  constructor(private readonly model: () => WikiPagesModel) {}

  execute(): Promise<void> {
    return this.model().refreshNow();
  }
}
