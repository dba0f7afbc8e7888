// Finds a Chromium the end-to-end tests can drive with playwright-core. `npx playwright install` cannot
// download browsers on these machines, so the tests use Debian's Chromium (or CHROME_PATH).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const usualPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Returns the Chromium executable path, or throws an error that says how to install one. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file exists there.`);
  }
  const found = usualPaths.find((candidate) => existsSync(candidate));
  if (found) return found;
  throw new Error(
    `No Chromium found (looked at ${usualPaths.join(', ')}). Install the Debian package "chromium" ` +
      '(apt-get update && apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome executable.',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(findChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
