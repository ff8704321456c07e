// Polling, the same for every engine: the app renders after fetches, so every lookup waits a little.
export const STEP_TIMEOUT = Number(process.env.ENGINES_STEP_TIMEOUT ?? 15_000);

export async function untilFound<T>(look: () => Promise<T | null | undefined>, what: string, timeout = STEP_TIMEOUT) {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const found = await look();
      if (found) return found;
    } catch (error) {
      // A navigation in flight detaches the page's context: try again.
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Not found within ${timeout} ms: ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
}
