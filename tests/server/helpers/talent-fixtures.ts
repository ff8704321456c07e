import { asBlobPart, samplePdf } from './sample-files';
import { bearer, type TestApp } from './test-app';

// The resume drop and profile completion sent as the client sends them: real multipart forms with
// real files. (Tasks and promos to send them for: ./rows.)

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
