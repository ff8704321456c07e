import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TalentDataView } from '#src/shared/talent-link-data.ts';
import { talentDataSections } from '#src/shared/talent-link-document.ts';

// Issue 42.11: the talent's pages spoke the recruiters' jargon ("ITA" in Malay and English) and Chinese
// named the intent to apply three ways (申请意向, 求职意向, 申请邀请). A talent reads one plain term.

const ROOT = path.resolve(import.meta.dirname, '../..');
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'messages', `${locale}.json`), 'utf8')) as Record<string, unknown>;
// What a talent reads: their link pages, their data page and the e-mails sent to them.
const TALENT_KEYS = /^(talent_link_|talent_data_|email_consent_request|email_ita_|email_data_|title_consent|title_ita)/;
const textsOf = (message: unknown): string[] =>
  typeof message === 'string' ? [message] : (JSON.stringify(message).match(/"countPlural=\w+":"[^"]*"/g) ?? []);

describe("the talent's words for the intent to apply", () => {
  it.each(['en', 'ms', 'zh'])('never say "ITA" to a talent in %s', (locale) => {
    const jargon = Object.entries(catalogue(locale))
      .filter(([key, message]) => TALENT_KEYS.test(key) && textsOf(message).some((text) => /\bITA\b/.test(text)))
      .map(([key]) => key);
    expect(jargon).toEqual([]);
  });

  it('are one term in Chinese, 申请意向, across the app', () => {
    const others = Object.entries(catalogue('zh'))
      .filter(([, message]) => textsOf(message).some((text) => /求职意向|申请邀请|申请意愿/.test(text)))
      .map(([key]) => key);
    expect(others).toEqual([]);
  });

  it('say on the data page where the question stands, in words', () => {
    const view = {
      profile: { languages: [], skills: [], educationLevel: 'Degree', expectedSalary: null },
      resume: null,
      referrals: [
        {
          id: 1,
          taskTitle: 'Barista',
          company: 'Kopi',
          itaStatus: 'SENT',
          consentStatus: 'CONFIRMED',
          hiringStatus: 'SUBMITTED',
          withdrawnAt: null,
        },
      ],
      callProofs: [],
      decisions: [],
      requests: [],
      companyShares: [],
      links: [],
      emails: [],
      access: [],
    } as unknown as TalentDataView;
    const ita = (locale: 'en' | 'ms' | 'zh') =>
      talentDataSections(view, locale, () => 'today')
        .find((section) => section.id === 'referrals')
        ?.items[0]?.lines.find(
          (line) => line.label === { en: 'Intent to apply', ms: 'Hasrat memohon', zh: '申请意向' }[locale],
        );
    expect(ita('en')?.value).toBe('Asked, waiting for your answer');
    expect(ita('ms')?.value).toBe('Telah ditanya, menunggu jawapan anda');
    expect(ita('zh')?.value).toBe('已询问，等待您的回复');
  });
});
