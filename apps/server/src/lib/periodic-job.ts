export interface PeriodicJob<T> {
  /** the run made at start */
  firstRun: Promise<T>;
  /** Ends the timer and waits for the run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `work` at once and then every `intervalMs`, one run at a time: a run falling due while the
 * last is still going starts when it ends. A failed run is handed to `onFailure`, whose answer
 * stands for its result; the next run goes ahead. The timer does not keep the process alive.
 */
export function startPeriodicJob<T>(
  work: () => Promise<T>,
  options: { intervalMs: number; onFailure: (err: unknown) => T },
): PeriodicJob<T> {
  let running: Promise<unknown> = Promise.resolve();
  const run = (): Promise<T> => {
    const result = running.then(work).catch(options.onFailure);
    running = result;
    return result;
  };
  const firstRun = run();
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    firstRun,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
