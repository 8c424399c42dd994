// A long task is one the browser cannot interrupt to answer a tap; a phone's first load is made of a
// few of them (evaluating a chunk, creating the router, the first commit). Awaiting nextTask() ends
// the current task there: what follows runs in a new one, after the browser has had its turn.

type SchedulerWithYield = { yield?: () => Promise<void> };

/** Resolves in a new task: `scheduler.yield()` where the browser has it, else a zero timeout. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
