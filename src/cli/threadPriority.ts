// A command-line run plans on one thread: walking, reading, digesting and shaping 10,000 files is JavaScript on the
// main thread, and its wall time is that thread's. V8 meanwhile runs its optimising compiler and its garbage
// collector's helpers on a pool of background threads (four, whatever the machine has). On a machine with few cores (a
// CI runner's two) those threads took the main thread's core: a tree's dry run spent as much CPU time compiling in the
// background as planning, and the main thread waited its turn (the same 10,000-file dry run was 4-5 % faster with the
// pool's threads at a lower priority: 15-21 alternating runs of the shipped CLI, before and after). Lowered, they
// still use any core that is idle, and a scavenge's helpers still run while the main thread waits for them; they only
// stop taking turns from the main thread.
// Linux only: there each thread has its own priority, and /proc lists the threads. Elsewhere nothing changes.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much lower than the main thread the background threads run (nice steps; 19 is the lowest). */
export const BACKGROUND_PRIORITY_STEPS = 10;
const LOWEST_PRIORITY = 19;

/**
 * Lowers the scheduling priority of every thread of this process but the main one, by BACKGROUND_PRIORITY_STEPS.
 * Called first thing, when the only other threads are V8's (the thread pool that file reads use starts later, on
 * its first read, and keeps the normal priority). Returns how many threads it lowered; never throws.
 */
export function yieldBackgroundThreads(platform: NodeJS.Platform = process.platform): number {
  if (platform !== 'linux') return 0;
  let lowered = 0;
  try {
    const target = Math.min(LOWEST_PRIORITY, getPriority() + BACKGROUND_PRIORITY_STEPS);
    for (const name of readdirSync('/proc/self/task')) {
      const thread = Number(name);
      if (!Number.isInteger(thread) || thread === process.pid) continue;
      try {
        // On Linux a priority is a thread's own: the thread whose ID is `thread`, not the whole process.
        if (getPriority(thread) < target) {
          setPriority(thread, target);
          lowered++;
        }
      } catch {
        // A thread that ended meanwhile, or a system that refuses: the run goes on as it would have.
      }
    }
  } catch {
    // No /proc (a container without it): nothing to lower.
  }
  return lowered;
}
