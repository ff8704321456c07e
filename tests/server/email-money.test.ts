import { describe, expect, it } from 'vitest';
import { formatMoney } from '#src/lib/format.ts';
import { renderEmail } from '#src/server/mail/templates.ts';

// A recruiter compares the reward in the e-mail with the one on the earning page: they must read alike.
describe('amounts in e-mails', () => {
  const payload = {
    name: 'Amir',
    talentName: 'Aminah',
    taskTitle: 'Backend Engineer',
    status: 'APPROVED',
    amount: 20000,
    currency: 'MYR',
  };

  it.each(['en', 'ms', 'zh'] as const)('are written as the screens write them (%s)', (locale) => {
    const mail = renderEmail('reward_decided', locale, payload, { appUrl: 'https://recruiter.example' });
    expect(mail.text).toContain(formatMoney(20000, 'MYR', locale));
  });

  it('keep the minor units of each currency (JPY has none)', () => {
    const mail = renderEmail('reward_decided', 'en', { ...payload, amount: 1500, currency: 'JPY' });
    expect(mail.text).toContain(formatMoney(1500, 'JPY', 'en'));
    expect(mail.text).toContain('1,500');
  });
});
