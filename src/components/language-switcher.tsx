import { m } from '#src/paraglide/messages.js';
import { getLocale, type Locale, locales, setLocale } from '#src/paraglide/runtime.js';

const LABELS: Record<Locale, () => string> = { en: m.lang_en, ms: m.lang_ms, zh: m.lang_zh };

// setLocale stores the 365-day cookie and reloads on the same page under the new locale prefix. Where someone
// may be signed in, `beforeSwitch` makes the choice the account's first (saveAccountLocale), so e-mails and
// pushes follow it (issue 42.7); the guest pages, signed out by definition, keep it out of /login's load.
export function LanguageSwitcher({
  className = '',
  beforeSwitch,
}: {
  className?: string;
  beforeSwitch?: (locale: Locale) => Promise<void>;
}) {
  const current = getLocale();
  return (
    <select
      className={`select select-sm w-auto ${className}`}
      aria-label={m.lang_label()}
      value={current}
      onChange={(event) => {
        const locale = event.currentTarget.value as Locale;
        void (beforeSwitch?.(locale) ?? Promise.resolve()).then(() => setLocale(locale));
      }}
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
