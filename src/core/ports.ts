// The few things the core needs from its host. The editor passes VS Code-backed versions,
// tests pass fakes (test/fakes/), and no core module reaches for a global instead.

/** Wall-clock time in milliseconds since the Unix epoch. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The subset of VS Code's SecretStorage the core uses; all values are strings. */
export interface SecretStore {
  get(key: string): Promise<string | undefined>;
  store(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A log sink. Implementations must pass every message through `redact` (core/log/redact.ts). */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, debug() {} };
