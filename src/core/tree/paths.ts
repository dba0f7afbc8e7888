// run/fileLinks.ts still imports path arithmetic from here: it is being split elsewhere, and its pieces will import
// walk/relativePaths.ts, after which this file goes (test/unit/architecture.test.ts lists it).
export * from '../walk/relativePaths';
