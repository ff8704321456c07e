import { currentIntlLocale } from './locale';

// Language and currency names come from Intl in the interface's language (no message per code); the
// code itself where Intl has no name for it.
function displayName(type: 'language' | 'currency', code: string): string {
  try {
    return new Intl.DisplayNames([currentIntlLocale()], { type }).of(code) ?? code;
  } catch {
    return code;
  }
}

export const languageName = (code: string) => displayName('language', code);
export const currencyName = (code: string) => displayName('currency', code);
