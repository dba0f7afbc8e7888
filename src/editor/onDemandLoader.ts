import type * as OnDemand from '../onDemand';

let loaded: typeof OnDemand | undefined;

/** Loads dist/onDemand.js (HTTP client, YAML, publish pipeline) on first use, keeping activation cheap. */
export function onDemand(): typeof OnDemand {
  // A plain require on purpose: scripts/build.mjs turns it into a runtime require of the separate bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('../onDemand') as typeof OnDemand;
  return loaded;
}
