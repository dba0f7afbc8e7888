// The real-editor suite: its files in two worker processes (each keeps its installed package and Chromium). Mocha hands
// the next file to whichever worker is free, in the order of `spec`: the longest files first (their scenarios' times in
// a run of the suite), so that the two workers end together rather than one waiting on a long file it took last
// (about 50 s of a 16-minute run in name order). A file not listed here runs after these, in name order.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

const folder = join('out', 'test', 'e2e');
const LONGEST_FIRST = [
  'republish', 'tree', 'treeRepublish', 'wikiPages', 'republishPlaces', 'folders', 'prompts', 'publish', 'firstRun',
  'editorMarks', 'fileLinks', 'treeRecorded', 'failures', 'firstHour', 'pulledPages', 'signIn', 'token',
  'untrustedText', 'hostileWorkspace', 'network', 'menus',
].map((name) => `${name}.e2e.js`);
const present = readdirSync(folder).filter((name) => name.endsWith('.e2e.js')).sort();
const ordered = [...LONGEST_FIRST.filter((name) => present.includes(name)), ...present.filter((name) => !LONGEST_FIRST.includes(name))];

module.exports = {
  spec: ordered.map((name) => join(folder, name)),
  require: ['out/test/e2e/support/rootHooks.js'],
  timeout: 120000,
  slow: 20000,
  reporter: 'spec',
  retries: 1,
  parallel: true,
  jobs: 2,
};
