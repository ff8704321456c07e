import { m } from '#src/paraglide/messages.js';
import { getLocale, type Locale, locales, setLocale } from '#src/paraglide/runtime.js';

const LABELS: Record<Locale, () => string> = { en: m.lang_en, ms: m.lang_ms, zh: m.lang_zh };

// setLocale stores the 365-day cookie and reloads on the same page under the new locale prefix.
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const current = getLocale();
  return (
    <select
      className={`select select-sm w-auto ${className}`}
      aria-label={m.lang_label()}
      value={current}
      onChange={(event) => setLocale(event.currentTarget.value as Locale)}
      data-testid="language-switcher"
    >
      {locales.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LABELS[locale]()}
        </option>
      ))}
    </select>
  );
}
