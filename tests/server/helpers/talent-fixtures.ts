import type { TasksTable } from '../../../src/server/db/database';
import { asBlobPart, samplePdf } from './sample-files';
import { bearer, type TestApp } from './test-app';

// Tasks and promos written straight into the database, and the resume drop and profile completion
// sent as the client sends them: real multipart forms with real files.
let sequence = 0;

export async function insertTask(
  t: TestApp,
  values: Partial<Pick<TasksTable, 'status' | 'expires_at' | 'title'>> = {},
) {
  sequence += 1;
  const at = t.clock.now().toISOString();
  const row = await t.db
    .insertInto('tasks')
    .values({
      code: `T-${String(200000 + sequence)}`,
      title: values.title ?? `Sales Executive ${sequence}`,
      company: 'Maju Retail Sdn Bhd',
      description: 'Sell our products to shops across the Klang Valley.',
      job_type: 'ft',
      is_critical: 0,
      location: 'Shah Alam',
      country: 'Malaysia',
      salary_min: 350000,
      salary_max: 500000,
      salary_currency: 'MYR',
      reward_amount: 30000,
      reward_currency: 'MYR',
      quota: 5,
      status: values.status ?? 'OPEN',
      expires_at: values.expires_at ?? null,
      required_skills: '[]',
      required_languages: '[]',
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPromo(
  t: TestApp,
  values: { taskIds: number[]; bonus: number; startsAt: string; endsAt: string },
) {
  const at = t.clock.now().toISOString();
  const promo = await t.db
    .insertInto('promos')
    .values({
      title: `Promo ${values.bonus}`,
      description: 'More for every hire.',
      starts_at: values.startsAt,
      ends_at: values.endsAt,
      bonus_amount: values.bonus,
      bonus_currency: 'MYR',
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const taskId of values.taskIds) {
    await t.db.insertInto('promo_tasks').values({ promo_id: promo.id, task_id: taskId, created_at: at }).execute();
  }
  return promo.id;
}

export type DropValues = Record<string, string | undefined>;

export const dropValues = (taskId: number, overrides: DropValues = {}): DropValues => ({
  fullName: 'Aisyah binti Rahman',
  email: 'aisyah@example.com',
  countryCode: '60',
  phone: '012-345 6789',
  languages: '["en","ms"]',
  educationLevel: 'Degree',
  country: 'Malaysia',
  location: 'Shah Alam',
  expectedSalary: '4500',
  expectedSalaryCurrency: 'MYR',
  taskId: String(taskId),
  ...overrides,
});

export type UploadFile = { bytes: Uint8Array; name: string; type?: string } | null;

export function multipart(values: DropValues, file: UploadFile = null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, value);
  if (file) form.append('file', new File([asBlobPart(file.bytes)], file.name, { type: file.type ?? '' }));
  return form;
}

export const pdfFile = (bytes: Uint8Array = samplePdf(), name = 'Aisyah_CV.pdf'): UploadFile => ({
  bytes,
  name,
  type: 'application/pdf',
});

export const postDrop = (t: TestApp, token: string, values: DropValues, file: UploadFile = pdfFile()) =>
  t.request('/api/recruiter/talent/drop_resume', {
    method: 'POST',
    headers: bearer(token),
    body: multipart(values, file),
  });

export const completionValues = (talentId: number, taskId: number, overrides: DropValues = {}): DropValues => ({
  talentId: String(talentId),
  taskId: String(taskId),
  educationLevel: 'Degree',
  hasWorkExperience: 'true',
  yearsOfExperience: '6',
  currentPosition: 'Senior Sales Executive',
  skills: '["Negotiation","CRM"]',
  summary: 'Beats her targets.',
  rating: '10',
  ...overrides,
});

export const postCompletion = (t: TestApp, token: string, values: DropValues) =>
  t.request('/api/recruiter/talent/task', { method: 'POST', headers: bearer(token), body: multipart(values) });

/** A recruiter with a session: id, e-mail and access token. */
export async function recruiter(t: TestApp, email?: string) {
  const user = await t.createUser({ email });
  const { accessToken } = await t.login(user.email);
  return { ...user, token: accessToken };
}
