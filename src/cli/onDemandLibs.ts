// Two libraries the core requires only when a text needs them: the full YAML parser (front matter the simple reader
// does not take) and the HTML entity decoder (a heading that holds an entity). scripts/build.mjs bundles this file on
// its own as dist/cliLibs.js and turns the core's require of either into a require of it: V8 parses the whole of
// dist/cli.js at every start of the command line, and these two were more than a third of it. The build reads the
// libraries and their members from the lines below, so each stays in the form `export * as <member> from '<library>';`.
export * as yaml from 'yaml';
export * as entitiesDecode from 'entities/lib/decode.js';
