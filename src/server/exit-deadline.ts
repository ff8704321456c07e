import { Worker } from 'node:worker_threads';

/**
 * The last resort of a stop: a thread of its own ends the process (SIGKILL) once `ms` have passed,
 * whatever the main thread is doing. The stop's own deadline is a timer on the main thread, and a second
 * signal's handler runs there too: a synchronous loop on that thread (sonic-boom retrying a write to a
 * stdout nobody reads, issue 43.11) lets neither run. Unref'd: it never keeps the process alive.
 */
export function killAfter(ms: number): void {
  // A dynamic import reads the same as a script or a module, whichever the runtime takes the code for;
  // no loader of the parent's (tsx) is needed in it.
  const worker = new Worker(
    'import("node:worker_threads").then(({ workerData }) => setTimeout(() => process.kill(process.pid, "SIGKILL"), workerData));',
    { eval: true, workerData: ms, execArgv: [] },
  );
  worker.unref();
}
