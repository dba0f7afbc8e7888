// The command's bundle (dist/cliMain.js) compiled with V8's code cache: the bytecode of the functions a tree's plan
// runs, which the build makes from a dry run of a sample tree (scripts/codeCache.mjs), so that a run does not parse and
// compile them again. A 10,000-file `--tree --dry-run` compiles several hundred functions on its way; with the cache it
// was 8-13 ms (2-3 %) faster (31-41 alternating runs of the shipped CLI, with and without).
// V8 takes a cache only from its own version and with the same flags (the loader sets them first, start.ts), but checks
// the source only by its length and, in a release build, not the data at all: a cache of another bundle of the same
// length runs that bundle's bytecode, and a damaged one crashes the process. So a cache starts with the SHA-256 of the
// bundle it was made from and the SHA-256 of its data, and is handed to V8 only when both match. Anything else (no
// cache, another bundle, a damaged or cut file, a cache V8 refuses, another Node) compiles the bundle as node would.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** Set to 1 by the build only: the run writes the cache of what it compiled when it exits. */
export const CODE_CACHE_WRITE_ENV = 'WIKI_PUBLISHER_WRITE_CODE_CACHE';
const HEADER = Buffer.from('wiki-publisher code cache 2\n', 'ascii');
const DIGEST_BYTES = 32;

/** Where a bundle's cache is: dist/cliMain.js -> dist/cliMain.cache. */
export function codeCachePath(bundle: string): string {
  return bundle.replace(/\.js$/, '.cache');
}

/**
 * Runs a CommonJS bundle as node's loader would run it (its own require, module, __filename and __dirname), compiled
 * with its code cache when the cache was made from exactly this text.
 */
export function runWithCodeCache(bundle: string, env: NodeJS.ProcessEnv = process.env): void {
  const bytes = readFileSync(bundle);
  const source = bytes.toString('utf8');
  const digest = sha256(bytes);
  const cachePath = codeCachePath(bundle);
  const cachedData = cacheFor(cachePath, digest);
  // The wrapper node puts around a CommonJS module, on the same line as its first: line numbers stay the file's.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n});`, { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  if (env[CODE_CACHE_WRITE_ENV] === '1') {
    process.once('exit', () => {
      const data = script.createCachedData();
      writeFileSync(cachePath, Buffer.concat([HEADER, digest, sha256(data), data]));
    });
  }
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void;
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/** The cache's data when the file is a whole cache of the bundle with this digest; undefined for anything else. */
function cacheFor(cachePath: string, digest: Buffer): Buffer | undefined {
  let cache: Buffer;
  try {
    cache = readFileSync(cachePath);
  } catch {
    return undefined;
  }
  const dataStart = HEADER.length + 2 * DIGEST_BYTES;
  if (cache.length <= dataStart || !cache.subarray(0, HEADER.length).equals(HEADER)) return undefined;
  if (!cache.subarray(HEADER.length, HEADER.length + DIGEST_BYTES).equals(digest)) return undefined;
  const data = cache.subarray(dataStart);
  return cache.subarray(HEADER.length + DIGEST_BYTES, dataStart).equals(sha256(data)) ? data : undefined;
}

function sha256(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}
