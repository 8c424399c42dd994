// A background task of one process (a sweep): run every `intervalMs`, never two runs at once, a failure
// reported and the next run tried as usual. The timer does not keep the process alive; stop() ends it
// and waits for a run under way, so an app closing does not pull the database from under it.

export type Repeating = { stop: () => Promise<void> };

export function repeatEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
): Repeating {
  let running: Promise<void> | undefined;
  let isStopped = false;
  const timer = setInterval(() => {
    if (isStopped || running) return;
    running = work()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
