import { currentIntlLocale } from './locale';

// Language and currency names come from Intl in the interface's language (no message per code).
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([currentIntlLocale()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames([currentIntlLocale()], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}
