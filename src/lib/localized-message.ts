import { experimentalStaticLocale, getLocale, type Locale } from '#src/paraglide/runtime.js';

// What every compiled message's exported function does (scripts/compact-messages.mjs): pick the
// locale's variant, else the base locale's. One shared function instead of a copy per message saves
// ~25 bytes gzip a message, and a screen carries a few hundred messages (issue 7).
export function localized<Inputs>(
  byLocale: Partial<Record<Locale, (inputs: Inputs) => string>>,
  base: (inputs: Inputs) => string,
) {
  return (inputs?: Inputs, options?: { locale?: Locale }): string => {
    const locale = experimentalStaticLocale ?? options?.locale ?? getLocale();
    return (byLocale[locale] ?? base)(inputs ?? ({} as Inputs));
  };
}
