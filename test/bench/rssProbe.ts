// Loaded with `node --require` into a measured child: on exit it writes the process's own peak resident set size, in
// kilobytes, to the file named by WIKI_BENCH_RSS_FILE. The measured program (the CLI) carries no measuring code of its
// own. VmHWM from /proc/self/status where there is one: process.resourceUsage().maxRSS also counts, on Linux, the
// parent's resident set at fork, so a child of the bench process never read below the bench's own size (70 MB and more
// by the time the bench gets to it), and a child's peak under that size went unseen.
import { readFileSync, writeFileSync } from 'node:fs';

const target = process.env.WIKI_BENCH_RSS_FILE;
if (target) {
  process.on('exit', () => {
    let kb: number | undefined;
    try {
      kb = Number(/^VmHWM:\s*(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
    } catch {
      kb = undefined;
    }
    writeFileSync(target, String(kb || process.resourceUsage().maxRSS));
  });
}
