import { setThemePreference, THEME_PREFERENCES, type ThemePreference, useThemePreference } from '#src/lib/theme.ts';
import { m } from '#src/paraglide/messages.js';

const LABELS: Record<ThemePreference, () => string> = {
  light: m.theme_light,
  dark: m.theme_dark,
  system: m.theme_system,
};

export function ThemeSwitcher({ className = '' }: { className?: string }) {
  const preference = useThemePreference();
  return (
    <select
      className={`select select-sm w-auto ${className}`}
      aria-label={m.theme_label()}
      value={preference}
      onChange={(event) => setThemePreference(event.currentTarget.value as ThemePreference)}
      data-testid="theme-switcher"
    >
      {THEME_PREFERENCES.map((option) => (
        <option key={option} value={option}>
          {LABELS[option]()}
        </option>
      ))}
    </select>
  );
}
