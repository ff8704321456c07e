import { afterEach, describe, expect, it } from 'vitest';
import { getThemePreference, resolveTheme, setThemePreference, THEME_STORAGE_KEY } from '#src/lib/theme.ts';

afterEach(() => localStorage.clear());

describe('theme', () => {
  it('defaults to the system preference', () => {
    expect(getThemePreference()).toBe('system');
  });

  it('stores the choice under the key theme-init.js reads and applies it to <html>', () => {
    setThemePreference('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('recruiter-dark');
    setThemePreference('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('recruiter-light');
  });

  it('ignores a stored value that is not a preference', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(getThemePreference()).toBe('system');
  });

  it('follows the system when the preference is system', () => {
    expect(resolveTheme('system', true)).toBe('recruiter-dark');
    expect(resolveTheme('system', false)).toBe('recruiter-light');
    expect(resolveTheme('light', true)).toBe('recruiter-light');
  });
});
