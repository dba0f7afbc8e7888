// Loaded with `node --require` into a measured child: on exit it writes the process's peak resident set size
// (process.resourceUsage().maxRSS, in kilobytes) to the file named by WIKI_BENCH_RSS_FILE. The measured program
// (the CLI) carries no measuring code of its own.
import { writeFileSync } from 'node:fs';

const target = process.env.WIKI_BENCH_RSS_FILE;
if (target) {
  process.on('exit', () => writeFileSync(target, String(process.resourceUsage().maxRSS)));
}
