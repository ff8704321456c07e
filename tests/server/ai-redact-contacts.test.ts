import { describe, expect, it } from 'vitest';
import type { NoteRequest } from '#src/server/modules/ai-notes/ai-engine.ts';
import { redactContacts } from '#src/server/modules/ai-notes/redact-contacts.ts';

// What counts as a contact detail before a note goes to an outside model (issue 24 part 5), and how the
// model's answer gets the details back.

const request = (note: string): NoteRequest => ({
  note,
  language: 'en',
  task: {
    title: 'Backend Engineer',
    company: 'Acme',
    description: '',
    jobType: 'ft',
    location: 'Kuala Lumpur',
    country: 'MY',
    requiredSkills: [],
    requiredLanguages: [],
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: 'MYR',
  },
});
const redacted = (note: string) => redactContacts(request(note)).request.note;

describe('removing contact details from a note', () => {
  it('replaces phone numbers as recruiters write them', () => {
    for (const phone of [
      '+60 12-345 6789',
      '+60123456789',
      '012-3456789',
      '012 345 6789',
      '(03) 2345 6789',
      '03-2345 6789',
      '+65 9123 4567',
      '9123 4567',
      '+86 138 0013 8000',
      '012.345.6789',
    ]) {
      expect(redacted(`Call ${phone} today`), phone).toBe('Call [phone 1] today');
    }
  });

  it('replaces e-mail addresses, in any script, and the same value with the same placeholder', () => {
    expect(redacted('Mail siti.aminah+cv@mail.example.com.my, or siti.aminah+cv@mail.example.com.my.')).toBe(
      'Mail [email 1], or [email 1].',
    );
    expect(redacted('邮箱 王芳@例子.公司 和 a_b@x.io')).toBe('邮箱 [email 1] 和 [email 2]');
  });

  it('keeps salaries, ranges, dates, years and counts', () => {
    const note =
      'Expects RM 6,500 (range 5000-6000 or 5,000 - 6,000), 5 years since 2019, free 2026-12-01 or 01/12/2026, ' +
      'notice 30 days, 1200 headcount, 2019 - 2024 at Grab, salary 12000000 IDR.';
    expect(redacted(note)).toBe(note);
  });

  it('gives the details back in the model’s answer, also when a placeholder is cut between two chunks', () => {
    const redaction = redactContacts(request('Reach me at a@b.co or +60 12-345 6789.'));
    expect(redaction.request.note).toBe('Reach me at [email 1] or [phone 1].');
    expect(redaction.restore('Email [email 1]; phone [phone 1]; [phone 9] stays')).toBe(
      'Email a@b.co; phone +60 12-345 6789; [phone 9] stays',
    );
    const stream = redaction.restoreStream();
    const out = ['Phone: [ph', 'one 1', '] and [', 'email 1] [note] ok [', 'x'].map((piece) => stream.push(piece));
    expect(out).toEqual(['Phone: ', '', '+60 12-345 6789 and ', 'a@b.co [note] ok ', '']);
    expect(stream.end()).toBe('[x');
  });
});
