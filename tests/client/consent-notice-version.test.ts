import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TALENT_NOTICE_VERSION } from '#src/shared/constants.ts';

// Issue 42.9: the consent notice's version is recorded with every answer as proof of what the talent read.
// It is the date the notice's text last changed: a real date, never after today (it read 2026-11-30 on
// 29 November), and a new one whenever the text changes.

const ROOT = path.resolve(import.meta.dirname, '../..');
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(new Date());

/** The notice as the consent page shows it, in the three languages, as one fingerprint. */
function noticeFingerprint(): string {
  const texts = ['en', 'ms', 'zh'].map((locale) => {
    const messages = JSON.parse(readFileSync(path.join(ROOT, 'messages', `${locale}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    const keys = Object.keys(messages)
      .filter((key) => /^talent_link_notice_/.test(key) || key === 'talent_link_consent_question')
      .filter((key) => key !== 'talent_link_notice_version')
      .sort();
    return keys.map((key) => [key, messages[key]]);
  });
  return createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 16);
}

describe('the consent notice version', () => {
  it('is a real date, no later than today in Malaysia', () => {
    expect(TALENT_NOTICE_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${TALENT_NOTICE_VERSION}T00:00:00Z`).toISOString().slice(0, 10)).toBe(TALENT_NOTICE_VERSION);
    expect(TALENT_NOTICE_VERSION <= today()).toBe(true);
  });

  // When this fails, the notice's text changed: set TALENT_NOTICE_VERSION to today's date (Malaysia) and
  // both values below to what the test now finds.
  it('dates the notice text as it is now', () => {
    expect({ version: TALENT_NOTICE_VERSION, text: noticeFingerprint() }).toEqual({
      version: '2026-11-29',
      text: 'a8a9cafcef364c5b',
    });
  });
});
