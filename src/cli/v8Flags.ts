// How V8 compiles and collects a command-line run (the CLI and the Action set the same, first thing): a run lasts a
// second or less, not the hours V8's defaults are made for, and what it compiles in the background competes with the
// run itself on a runner with few cores (threadPriority.ts lowers those threads too). Set with setFlagsFromString
// before anything the flags govern is compiled; the young generation's growth is stopped later, once the walk is done.
// Never set in the editor: its extension host is shared with every other extension.
import { setFlagsFromString } from 'node:v8';
import { yieldBackgroundThreads } from './threadPriority';

export const COMMAND_LINE_V8_FLAGS = [
  // undici (Node's own fetch and the bundled copy alike) parses HTTP with a WebAssembly build of llhttp, which V8 first
  // compiles quickly (Liftoff) and then again, on a background thread, with its optimising compiler. For the few small
  // answers a CLI run reads, that second compile only costs: about 35 MB of peak memory and a CPU core (measured with
  // `npm run bench`). Set before undici compiles the module, on its first connection.
  '--liftoff-only',
  // The optimising compiler copies the bodies of the functions a hot function calls into it, up to 920 bytes of
  // bytecode in all by default, which makes each compile longer. A 10,000-file tree's dry run optimises some 160
  // functions, for about 300 ms of CPU on background threads: on two cores, time taken from planning, and optimised
  // code that arrived after much of the work it was for was done. With 100 bytes only small helpers are copied in: the
  // run used about 10 % less CPU and 3-4 % less time (21 alternating runs of the shipped CLI, before and after).
  '--max-inlined-bytecode-size-cumulative=100',
  // V8 puts new objects in a young generation of two halves, 1 MB each at first, and doubles them whenever as much as
  // a half holds has survived since they last grew, up to 16 MB each. Here they grow four times over in one step, so
  // that the walk of a large folder takes them to 4 MB at once, where holdYoungGeneration keeps them.
  '--semi-space-growth-factor=4',
];

/**
 * Keeps V8's young generation at the size it has now for the rest of the run: called once the walk has listed the
 * files, before any is read and planned. A plan keeps each file's facts until it is sent, and V8 takes such survivors
 * for a sign of a long-running program: it doubled the young generation to 16 MB a half while a 10,000-file tree was
 * planned. Each new megabyte is memory touched for the first time (page faults, costly on a CI runner's virtual
 * machine) and a nursery that no longer stays in the processor's caches: held at the 4 MB the walk left it at, the
 * tree's dry run took about 10 % less time and its peak memory was lower (11 alternating runs of the CLI with and
 * without, `npm run bench` tree planning). A small run stays at 1 MB, where it never needed more. Node 20's V8 reads
 * the factor each time it would grow; a later V8 that takes no factor below 2 would grow it on, in steps of four, to
 * its usual 16 MB.
 */
export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** The flags above, and the background threads' lower priority: the first thing a command-line process does. */
export function setUpCommandLineProcess(): void {
  setFlagsFromString(COMMAND_LINE_V8_FLAGS.join(' '));
  yieldBackgroundThreads();
}
