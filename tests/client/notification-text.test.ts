import { describe, expect, it } from 'vitest';
import { notificationText } from '#src/lib/notification-text.ts';
import { LOCALES } from '#src/shared/enums.ts';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPayload } from '#src/shared/notifications.ts';

// What a recipient reads on the lock screen, in the centre and in the e-mail: every kind, in every language.

const FULL: NotificationPayload = {
  talentName: 'Nur Aisyah',
  taskTitle: 'Barista',
  promoTitle: 'Year-end bonus',
  status: 'REJECTED',
  reason: 'The recording is silent',
  amount: 150_000,
  currency: 'MYR',
  callProofs: 3,
  rewards: 1,
  dataRequests: 2,
  requestKind: 'CORRECTION',
  // Form CP58 (issue 46): a correction, and the recruiter who asked for theirs.
  year: 2025,
  version: 2,
  correctsVersion: 1,
  recruiterName: 'Nur Aina',
  cp58Requests: 1,
};

const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('notificationText', () => {
  const cases = NOTIFICATION_KINDS.flatMap((kind) => LOCALES.map((locale) => [kind, locale] as const));

  it.each(cases)('%s in %s has a short title and a body with every placeholder filled', (kind, locale) => {
    const { title, body } = notificationText(kind, FULL, locale);
    expect(title.trim()).not.toBe('');
    expect(body.trim()).not.toBe('');
    expect(`${title} ${body}`).not.toMatch(/[{}]/);
    // A phone's lock screen shows about forty characters of a title.
    expect(title.length).toBeLessThanOrEqual(40);
  });

  it('names the talent and the task, and gives the reason for a call proof not accepted', () => {
    expect(notificationText('CALL_PROOF_REJECTED', FULL, 'en')).toEqual({
      title: 'Call proof not accepted',
      body: 'Your call proof for Nur Aisyah (Barista) was not accepted. Reason: The recording is silent',
    });
  });

  it('says the new hiring status in the language of the reader, with the reason of a final move', () => {
    expect(notificationText('HIRING_CHANGED', FULL, 'en')).toEqual({
      title: 'Hiring update: Rejected',
      body: 'The hiring status of Nur Aisyah for Barista is now Rejected. Reason: The recording is silent',
    });
    expect(notificationText('HIRING_CHANGED', { ...FULL, status: 'INTERVIEW', reason: null }, 'ms').title).toBe(
      'Kemas kini pengambilan: Temu duga',
    );
    expect(notificationText('HIRING_CHANGED', { ...FULL, reason: null }, 'zh').body).toBe(
      'Nur Aisyah（Barista）的招聘状态已更新为：未录用。',
    );
  });

  it('gives a reward decision with its amount, formatted for the language', () => {
    const en = notificationText('REWARD_DECIDED', { ...FULL, status: 'APPROVED', reason: null }, 'en');
    expect(en.title).toBe('Reward decision: Approved');
    // Intl puts a no-break space between the currency and the number.
    expect(spaced(en.body)).toBe('Your referral of Nur Aisyah for Barista was reviewed: Approved, MYR 1,500.00.');
    expect(spaced(notificationText('PAYMENT_PAID', FULL, 'ms').body)).toContain('RM 1,500.00');
  });

  it('says the net paid and what section 107D withheld, when a payment had something withheld (issue 46)', () => {
    const withheld: NotificationPayload = {
      amount: 98_000,
      currency: 'MYR',
      gross: 100_000,
      withheld: 2_000,
      withholdingRate: 200,
    };
    expect(spaced(notificationText('PAYMENT_CREATED', withheld, 'en').body)).toBe(
      'A payment for your approved referrals is being prepared. Net paid: MYR 980.00, after 2% withheld under section 107D (MYR 20.00 of MYR 1,000.00 gross).',
    );
    expect(spaced(notificationText('PAYMENT_PAID', withheld, 'en').body)).toBe(
      'We paid MYR 980.00 into your bank account for your approved referrals: the net paid, after 2% withheld under section 107D (MYR 20.00 of MYR 1,000.00 gross).',
    );
    expect(spaced(notificationText('PAYMENT_CREATED', withheld, 'ms').body)).toBe(
      'Bayaran bagi rujukan anda yang diluluskan sedang disediakan. Bersih dibayar: RM 980.00, selepas 2% ditahan di bawah seksyen 107D (RM 20.00 daripada jumlah kasar RM 1,000.00).',
    );
    expect(spaced(notificationText('PAYMENT_PAID', withheld, 'zh').body)).toBe(
      '您获批推荐的奖励已转入您的银行账户，实付净额 MYR 980.00，已根据第107D条预扣 2%（总额 MYR 1,000.00 中的 MYR 20.00）。',
    );
    for (const locale of LOCALES)
      for (const kind of ['PAYMENT_CREATED', 'PAYMENT_PAID'] as const)
        expect(notificationText(kind, withheld, locale).body).not.toMatch(/[{}]/);
    // Nothing withheld (or an item written before the payload said): the one amount, as before.
    expect(spaced(notificationText('PAYMENT_CREATED', { amount: 100_000, currency: 'MYR' }, 'en').body)).toBe(
      'A payment of MYR 1,000.00 for your approved referrals is being prepared.',
    );
    expect(notificationText('PAYMENT_PAID', { ...withheld, withheld: 0 }, 'en').body).toBe(
      notificationText('PAYMENT_PAID', { amount: 98_000, currency: 'MYR' }, 'en').body,
    );
  });

  it('counts what waits for an admin in plurals, leaving out what does not wait', () => {
    expect(notificationText('ADMIN_DIGEST', FULL, 'en').body).toBe(
      'Waiting for you: 3 call proofs to review, 1 reward to decide, 2 requests from candidates, and 1 Form CP58 request to issue.',
    );
    expect(notificationText('ADMIN_DIGEST', { callProofs: 1 }, 'en').body).toBe(
      'Waiting for you: 1 call proof to review.',
    );
    expect(notificationText('ADMIN_DIGEST', { callProofs: 2, dataRequests: 1 }, 'zh').body).toBe(
      '等待您处理：通话证明 2 份待审核和人才资料请求 1 项。',
    );
    expect(notificationText('ADMIN_DIGEST', {}, 'en').body).toBe('Nothing is waiting for you.');
  });

  it("names a Form CP58's year and, for a correction, the version it replaces (issue 46)", () => {
    expect(notificationText('CP58_ISSUED', { year: 2025, version: 1, correctsVersion: null }, 'en')).toEqual({
      title: 'Your Form CP58 for 2025 is ready',
      body: 'It states the incentives we paid you in 2025. Download it from your Earnings page and keep it for your income tax return.',
    });
    expect(notificationText('CP58_ISSUED', FULL, 'ms')).toEqual({
      title: 'Borang CP58 2025 yang dibetulkan',
      body: 'Versi 2 Borang CP58 anda bagi tahun 2025 membetulkan versi 1. Muat turun daripada halaman Pendapatan anda dan gunakannya sebagai ganti.',
    });
    expect(notificationText('ADMIN_CP58_REQUESTED', FULL, 'zh').body).toBe('Nur Aina 申请了其2025年的CP58表格。');
    expect(notificationText('ADMIN_DIGEST', { cp58Requests: 2 }, 'en').body).toBe(
      'Waiting for you: 2 Form CP58 requests to issue.',
    );
  });

  it('tells a correction request from a withdrawal', () => {
    expect(notificationText('ADMIN_DATA_REQUEST', FULL, 'en').body).toBe(
      'Nur Aisyah asked for a correction of their data.',
    );
    expect(notificationText('ADMIN_DATA_REQUEST', { ...FULL, requestKind: 'WITHDRAWAL' }, 'en').body).toBe(
      'Nur Aisyah withdrew their consent for Barista.',
    );
  });

  it('calls an erased talent "Erased candidate" in the reader\'s language, whatever name the payload kept', () => {
    const erased = { ...FULL, talentName: '', talentErased: true };
    expect(notificationText('CONSENT_CONFIRMED', erased, 'en').body).toBe(
      'Erased candidate agreed to be referred for Barista.',
    );
    expect(notificationText('CONSENT_CONFIRMED', { ...erased, talentName: 'Nur Aisyah' }, 'ms').body).toBe(
      'Calon dipadam bersetuju untuk dicadangkan bagi jawatan Barista.',
    );
    expect(notificationText('CONSENT_CONFIRMED', erased, 'zh').body).toContain('已删除的人才');
  });

  it('keeps a typed name to one line without links, and reads a missing field as a dash', () => {
    const { body } = notificationText(
      'CONSENT_DECLINED',
      { talentName: 'Ali\nClick https://evil.example/x now', taskTitle: undefined },
      'en',
    );
    expect(body).toBe('Ali Click now declined to be referred for —.');
  });

  it('reads an unknown kind (from a newer server) generically instead of failing', () => {
    expect(notificationText('SOMETHING_NEW' as NotificationKind, {}, 'en')).toEqual({
      title: 'New notification',
      body: 'Open the app to see it.',
    });
  });
});
