import { afterEach, vi } from 'vitest';

// A test that logs console.error fails (ARCHITECTURE.md convention 9): an unexpected error must not
// hide behind a passing assertion. Tests that expect an error log spy on console.error themselves.
// The API suites share their modules between files (vitest.config.ts), and this file runs before each:
// console.error is wrapped once per worker, and each test reads what was logged since the last one.
const shared = globalThis as { __consoleErrors?: unknown[][] };
if (!shared.__consoleErrors) {
  const logged: unknown[][] = [];
  shared.__consoleErrors = logged;
  const original = console.error;
  console.error = (...args: unknown[]) => {
    logged.push(args);
    original(...args);
  };
}
const errors = shared.__consoleErrors;

afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(
      `console.error was called during the test:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
