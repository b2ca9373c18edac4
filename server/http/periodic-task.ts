export interface PeriodicTask {
  /** One pass now (the timer's own passes never overlap one another, nor this one). */
  runOnce: () => Promise<void>;
  stop: () => void;
}

/**
 * Runs `pass` every `intervalMs` inside the server (a sweep of the database); a pass still running when the next is
 * due is not started twice, and a failed pass is reported to `onError` and tried again at the next interval. The
 * timer does not keep the process alive.
 */
export function startPeriodicTask(
  intervalMs: number,
  pass: () => Promise<void>,
  onError: (error: unknown) => void,
): PeriodicTask {
  let running: Promise<void> | null = null;
  const runOnce = (): Promise<void> => {
    running ??= pass()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    stop: () => {
      clearInterval(timer);
    },
  };
}
