// The identity provider's clock as this window estimates it. An access token's `exp` is the provider's time;
// comparing it with this machine's clock makes a machine whose clock runs hours ahead (a dual-boot PC keeping
// local time in its hardware clock) see every token as expired and refresh on every call. Each token this window
// receives carries `iat`, the provider's time at issue, so the difference from the local time of receipt is the
// offset; freshness is judged on the provider's clock from then on. Differences below a minute are taken as none:
// network time and `iat`'s whole seconds make them noise.
import type { Clock, Logger } from '../ports';
import { readAccessClaims } from './session';

/** Clocks closer than this are taken to agree. */
export const CLOCK_DISAGREEMENT_MS = 60_000;

export class ProviderClock {
  private offsetMs = 0;
  private toldOffset: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** The provider's time now, as well as this window knows it. */
  now(): number {
    return this.clock.now() + this.offsetMs;
  }

  /** Learns the offset from an access token this window received at `receivedAt` (this machine's clock). */
  learnFrom(accessToken: string, receivedAt: number): void {
    const issuedAt = readAccessClaims(accessToken)?.issuedAt;
    if (issuedAt === undefined) return;
    const offset = issuedAt - receivedAt;
    this.offsetMs = Math.abs(offset) >= CLOCK_DISAGREEMENT_MS ? offset : 0;
    if (this.offsetMs === 0) return;
    const minutes = Math.round(Math.abs(offset) / 60_000);
    // Once, and again only when the difference changes by another minute: a log line per refresh helps nobody.
    if (this.toldOffset !== undefined && Math.abs(this.toldOffset - offset) < CLOCK_DISAGREEMENT_MS) return;
    this.toldOffset = offset;
    this.logger.warn(
      `This computer's clock is about ${minutes} min ${offset < 0 ? 'ahead of' : 'behind'} the identity provider's; ` +
        'access tokens are judged by the provider\'s clock. Setting the system clock right avoids surprises elsewhere.',
    );
  }
}
