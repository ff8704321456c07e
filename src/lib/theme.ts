import { useSyncExternalStore } from 'react';

// Colour mode preference (seed section 3: light, dark, system), stored locally under the same key
// public/theme-init.js reads before the first paint.
export const THEME_STORAGE_KEY = 'recruiter-theme';
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ThemeName = 'recruiter-light' | 'recruiter-dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isPreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function getThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    // Storage can be blocked (private mode, embedded views): fall back to the system's choice.
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(preference: ThemePreference, prefersDark = systemPrefersDark()): ThemeName {
  const dark = preference === 'dark' || (preference === 'system' && prefersDark);
  return dark ? 'recruiter-dark' : 'recruiter-light';
}

export function applyTheme(preference: ThemePreference = getThemePreference()): void {
  document.documentElement.setAttribute('data-theme', resolveTheme(preference));
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not persisted, but still applied for this page view.
  }
  applyTheme(preference);
  for (const listener of listeners) listener();
}

// Follows the operating system while the preference is 'system', and other tabs' changes.
export function watchSystemTheme(): () => void {
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (getThemePreference() === 'system') applyTheme('system');
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme();
    for (const listener of listeners) listener();
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, getThemePreference, () => 'system');
}
