import type { ExportSessionService } from '../auth/exportSessionService';
import type { Command } from '../command';

/** The "Refresh Now" action of the inactivity warning: a refresh keeps the refresh-token chain alive (spec 5.2.7). */
export class RefreshExportSessionCommand implements Command {
  readonly id = 'wikiPublisher.refreshExportSession';

  constructor(private readonly service: ExportSessionService) {}

  execute(): Promise<void> {
    return this.service.refreshNow();
  }
}
