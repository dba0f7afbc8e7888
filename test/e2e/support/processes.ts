// Stopping child processes by their own handle: the tests never kill anything by name, because other
// sessions on the same machine run code-server and Chromium too. code-server forks helpers (its server
// process, the extension host), so it is started as the leader of its own process group and the whole
// group, identified by the leader's pid, is stopped.
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';

const GRACE_MS = 5_000;

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Whether any process of the group still runs. A killed helper whose parent died first stays a zombie until the
 * machine's init reaps it, which in a container may take a second: it runs nothing and holds nothing, so on Linux it
 * counts as gone (else a session's stop waited about a second and a half for init in every scenario).
 */
function groupIsAlive(leaderPid: number): boolean {
  try {
    process.kill(-leaderPid, 0);
  } catch {
    return false;
  }
  return process.platform !== 'linux' || groupHasLiveProcess(leaderPid);
}

/** Whether /proc lists a process of the group that is not a zombie; true when /proc cannot tell. */
function groupHasLiveProcess(groupId: number): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (name) state ppid pgrp ...": the name may hold spaces and parentheses, so fields are read after the last ")".
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(group) === groupId && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

function signalGroup(leaderPid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-leaderPid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Stops a child spawned with `detached: true` and every process in its group; resolves when all are gone. */
export async function stopProcessGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const exited = hasExited(child) ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(pid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, GRACE_MS);
  });
  await Promise.race([exited, graceOver]);
  clearTimeout(timer);
  // Helpers that ignored SIGTERM (or were orphaned by the leader's exit) are stopped for good.
  if (groupIsAlive(pid)) signalGroup(pid, 'SIGKILL');
  await exited;
  await waitUntil(() => !groupIsAlive(pid), GRACE_MS);
}

/** Polls a condition; used only for process state, which offers no event to wait for. */
async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Stops a child spawned with `detached: true` and its whole group at once (SIGKILL), without the grace stopProcessGroup
 * gives: for a process whose state is thrown away with it. Resolves when all are gone.
 */
export async function killProcessGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const exited = hasExited(child) ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(pid, 'SIGKILL');
  await exited;
  await waitUntil(() => !groupIsAlive(pid), GRACE_MS);
}
