// tokenRace.ts is written separately; it is loaded by path at run time so the bench compiles and runs without it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export type TokenRaceMeasure = (rounds: number) => Promise<number>;

interface TokenRaceModule {
  measureTokenRequestsPerRotation?: unknown;
}

export async function loadTokenRace(): Promise<TokenRaceMeasure | undefined> {
  const file = join(__dirname, 'tokenRace.js');
  if (!existsSync(file)) return undefined;
  const loaded = (await import(file)) as TokenRaceModule;
  const measure = loaded.measureTokenRequestsPerRotation;
  return typeof measure === 'function' ? (measure as TokenRaceMeasure) : undefined;
}
