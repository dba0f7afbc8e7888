// files.exclude (and any other list of VS Code-style globs a setting holds), compiled once by the core's own matcher
// (core/pattern), which matches in time linear in a path's length: a setting cannot make a walk hang.
import { compileGlobs, type CompiledGlobs } from '../pattern/globPattern';

/** A matcher for VS Code-style glob patterns (`files.exclude`), over '/'-separated relative paths or names. */
export function globMatcher(globs: readonly string[]): CompiledGlobs {
  return compileGlobs(globs);
}
