import { expect, type Page } from '@playwright/test';
import { tinyPdf } from '#src/server/db/demo/files.ts';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import type { Locale } from './helpers';

// A new talent referred by the demo recruiter, through the API as the app does it: their consent e-mail
// is then in the mail catcher (mail-links.ts), in their language.

type Card = { id: number; title: string; joined: boolean; status: string };

/** The demo recruiter refers a new talent who speaks `locale` (their e-mails come in it); answers the address. */
export async function referTalent(
  page: Page,
  locale: Locale,
  name = { en: 'Grace Tan', ms: 'Siti Aminah', zh: '林美玲' }[locale],
): Promise<{ email: string; name: string; talentId: number; referralId: number; taskId: number; taskTitle: string }> {
  const { request } = page;
  const login = await request.post('/api/auth/login', { data: { email: RECRUITER_EMAIL, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const board = (await (await request.get('/api/recruiter/task?status=open&pageSize=50', { headers })).json()) as {
    data: { items: Card[] };
  };
  const task = board.data.items.find((card) => card.joined);
  expect(task, 'an open task the demo recruiter has joined').toBeDefined();
  const taskId = String((task as Card).id);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `data.${locale}.${stamp}@example.com`;
  const drop = await request.post('/api/recruiter/talent/drop_resume', {
    headers,
    multipart: {
      fullName: name,
      email,
      countryCode: '60',
      phone: `013-${stamp.slice(-7)}`,
      languages: JSON.stringify([locale]),
      educationLevel: 'Degree',
      country: 'Malaysia',
      location: 'Shah Alam',
      expectedSalary: '5200',
      expectedSalaryCurrency: 'MYR',
      taskId,
      file: { name: 'my-cv.pdf', mimeType: 'application/pdf', buffer: tinyPdf([name, 'Accountant']) },
    },
  });
  expect(drop.status(), await drop.text()).toBe(201);
  const { talentId } = ((await drop.json()) as { data: { talentId: number } }).data;
  const completion = await request.post('/api/recruiter/talent/task', {
    headers,
    multipart: {
      talentId: String(talentId),
      taskId,
      educationLevel: 'Degree',
      hasWorkExperience: 'true',
      yearsOfExperience: '6',
      currentPosition: 'Accounts Executive',
      skills: '["Excel"]',
      rating: '10',
      recruiterNote: 'Punctual and careful.',
    },
  });
  expect(completion.status(), await completion.text()).toBe(201);
  const { referralId } = ((await completion.json()) as { data: { referralId: number } }).data;
  return { email, name, talentId, referralId, taskId: (task as Card).id, taskTitle: (task as Card).title };
}
