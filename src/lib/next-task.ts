/**
 * Resolves in a task of its own. Start-up work that would otherwise run in the task that evaluates the
 * app's code is split off with it, so no single task keeps the page from answering a tap for long: on a
 * phone every task over 50 ms blocks input (Lighthouse's Total Blocking Time, issue 7).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
