import { afterEach, vi } from 'vitest';

// A test that logs console.error fails (ARCHITECTURE.md convention 9): an unexpected error must not
// hide behind a passing assertion. Tests that expect an error log spy on console.error themselves.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(
      `console.error was called during the test:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
