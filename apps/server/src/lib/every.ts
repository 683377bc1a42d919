/**
 * Runs `task` every `intervalMs` until stopped, one run at a time (a slow run delays the next, never
 * overlaps it); a failed run goes to `onError` and the next tick tries again. The timer does not keep
 * the process alive; `stop()` waits for the run in progress.
 */
export function every(intervalMs: number, task: () => Promise<unknown>, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(task).catch(onError);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
