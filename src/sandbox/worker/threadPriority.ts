// The sandbox's thread gives way to the editor's. On a 2-core machine the extension host's main
// thread, the sandbox worker and the rest of the editor share the CPUs: while the worker writes a
// snapshot of 100k transactions (a few hundred ms of CPU, in slices), the main thread, woken by a
// keystroke or an answer, could wait for a CPU behind it. A lower priority for this one thread
// (Linux: a thread id given to setpriority names only that thread) lets the editor's threads run
// first; when they are idle, the sandbox still gets the whole CPU.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice 10: background work, as the kernel's own background tasks use. */
export const SANDBOX_THREAD_NICE = 10;

/** Lowers the calling thread's priority where the system can name a thread (Linux); elsewhere nothing. */
export function giveWayToTheEditor(): void {
  if (process.platform !== 'linux') return;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>": the kernel's id of this thread.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, SANDBOX_THREAD_NICE);
  } catch {
    // Only a preference: a system that refuses it serves at the normal priority.
  }
}
