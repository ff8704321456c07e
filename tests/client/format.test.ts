import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  formatBytes,
  formatDate,
  formatDateTime,
  formatMoney,
  setDisplayTimeZone,
} from '#src/lib/format.ts';
import { toIntlLocale } from '#src/lib/locale.ts';

describe('formatDateTime', () => {
  it('shows an instant in Kuala Lumpur time by default', () => {
    // 16:30 UTC is 00:30 the next day in Kuala Lumpur (UTC+8).
    const text = formatDateTime('2026-01-01T16:30:00Z', { locale: 'en' });
    expect(text).toMatch(/Jan 2, 2026/);
    expect(text).toMatch(/12:30\s?AM/);
  });

  it('uses another zone when one is given', () => {
    expect(formatDateTime('2026-01-01T16:30:00Z', { locale: 'en', timeZone: 'UTC' })).toMatch(/Jan 1, 2026.*4:30\s?PM/);
  });

  it('returns an empty string for a value that is not a date', () => {
    expect(formatDateTime('not a date', { locale: 'en' })).toBe('');
  });

  it('follows the time zone the user chose in their account, and falls back to Kuala Lumpur', () => {
    try {
      setDisplayTimeZone('Europe/London');
      expect(formatDateTime('2026-01-01T16:30:00Z', { locale: 'en' })).toMatch(/Jan 1, 2026.*4:30\s?PM/);
      setDisplayTimeZone('Not/A_Zone');
      expect(formatDateTime('2026-01-01T16:30:00Z', { locale: 'en' })).toMatch(/Jan 2, 2026.*12:30\s?AM/);
    } finally {
      setDisplayTimeZone(null);
    }
  });
});

describe('formatDate', () => {
  it('gives the Kuala Lumpur calendar day', () => {
    expect(formatDate('2026-03-31T20:00:00Z', { locale: 'en' })).toBe('Apr 1, 2026');
  });

  it('formats in the locale of the interface', () => {
    expect(formatDate('2026-04-01T04:00:00Z', { locale: 'zh' })).toBe('2026年4月1日');
  });
});

describe('formatMoney', () => {
  it('shows MYR with two decimals from minor units', () => {
    expect(currencyDigits('MYR')).toBe(2);
    expect(formatMoney(123_450, 'MYR', 'en')).toMatch(/^MYR\s1,234\.50$/);
  });

  it('shows JPY with no decimals: its minor unit is the yen itself', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
  });

  it('uses the Malaysian convention for Malay', () => {
    expect(formatMoney(5000, 'MYR', 'ms')).toMatch(/^RM\s?50\.00$/);
  });
});

describe('formatBytes', () => {
  it('says a small file in bytes, singular and plural ("1 byte", "664 bytes"), not "664 byte"', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(664)).toBe('664 bytes');
  });

  it('says larger files in kB and MB', () => {
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(2_400_000)).toBe('2.4 MB');
  });
});

describe('toIntlLocale', () => {
  it('maps the app locales to regional Intl locales', () => {
    expect(toIntlLocale('en')).toBe('en-US');
    expect(toIntlLocale('ms')).toBe('ms-MY');
    expect(toIntlLocale('zh')).toBe('zh-CN');
    expect(toIntlLocale('en-GB')).toBe('en-GB');
  });
});
