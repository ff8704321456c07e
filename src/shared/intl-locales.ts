import type { AppLocale } from './enums';

// The app's locales are language codes; Intl formatting wants a region too (seed: default en-US). One
// map for the screens, the e-mails and the note assistant, so a date or an amount reads the same in all.
export const INTL_LOCALES: Record<AppLocale, string> = { en: 'en-US', ms: 'ms-MY', zh: 'zh-CN' };
