// run/fileLinks.ts still imports the walk's rules from here: it is being split elsewhere, and its pieces will import
// walk/walkRules.ts, after which this file goes.
export * from '../walk/walkRules';
