import { afterEach } from 'vitest';
import './hermetic-guard.mjs';

// The guard (hermetic-guard.mjs) refuses and records every connection or DNS lookup to a host outside this
// machine; the test during which one happened fails here, naming the host.
const violations = (globalThis as { __hermeticViolations?: string[] }).__hermeticViolations ?? [];

afterEach(() => {
  if (violations.length === 0) return;
  throw new Error(violations.splice(0).join('\n'));
});
