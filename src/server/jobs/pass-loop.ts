// The timer both background workers (mail-worker.ts, resume-parser.ts) run their passes on.

export type PassLoop = {
  /** A pass now, after the one running (if any); resolves to how many items it handled. */
  runOnce(): Promise<number>;
  /** The next pass at once instead of after the interval. */
  wake(): void;
  /** No more passes; resolves once the running one has ended. */
  stop(): Promise<void>;
};

/**
 * Runs `pass` now and again: at once while a pass fills its batch (more may be waiting), otherwise
 * every `intervalMs`. A failed pass is reported to `onError` and the loop goes on.
 */
export function startPassLoop(
  pass: () => Promise<number>,
  options: { intervalMs: number; batchSize: number; onError: (error: Error) => void },
): PassLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Passes run one after another, whether started by the timer, a wake-up or runOnce().
  let current: Promise<number> = Promise.resolve(0);

  const runOnce = () => {
    const next = current.catch(() => 0).then(pass);
    current = next;
    return next;
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = async () => {
    let handled = 0;
    try {
      handled = await runOnce();
    } catch (error) {
      options.onError(error as Error);
    }
    schedule(handled >= options.batchSize ? 0 : options.intervalMs);
  };
  schedule(0);

  return {
    runOnce,
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current.catch(() => 0);
    },
  };
}
