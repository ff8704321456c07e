import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnce } from '#src/lib/chunk-reload.ts';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('chunk reload', () => {
  it('recognises the browsers’ dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads to the target once, then refuses to loop on the same target', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    expect(reloadOnce('/ms/task')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/ms/task');
    expect(reloadOnce('/ms/task')).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
