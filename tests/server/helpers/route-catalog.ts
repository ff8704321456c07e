import { inspectRoutes } from 'hono/dev';
import { sql } from 'kysely';
import { insertForm } from '#src/server/modules/cp58/cp58-store.ts';
import { sendTalentLink } from '#src/server/modules/referrals/talent-link-mail.ts';
import { emailPreferencesToken } from '#src/server/notifications/email-preferences-token.ts';
import { issueOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import type { CallProofItem, DropResumeAnswer } from '#src/shared/recruiter-types.ts';
import { insertPayment } from './money-rows';
import { createReferral, lastToken } from './referral-fixtures';
import { insertMember, insertPromo, insertReferral, insertTalent, insertTask } from './rows';
import { MEDIA_SAMPLES, samplePdf } from './sample-files';
import { completionValues, dropValues, multipart, pdfFile } from './talent-fixtures';
import { bearer, type Dialect, type TestApp } from './test-app';

// Every API route of the app, with a valid request for it and what each kind of caller gets back
// (issue 7, "Authorization matrix"). route-matrix.test.ts checks the catalog against `app.routes`, so
// a new route without a row here fails; fuzz-inputs.test.ts sends malformed variants of these requests.

export const CALLERS = ['anonymous', 'owner', 'other', 'admin'] as const;
/** anonymous: no token; owner: recruiter A, whose records the requests name; other: recruiter B; admin: ROLE_ADMIN only. */
export type CallerName = (typeof CALLERS)[number];
export type Expected = Record<CallerName, number>;

export type Caller = { id: number; email: string; token: string };

/** One request, as a route's row builds it. `form` is a function: a FormData body is read once. */
export type Built = {
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: () => FormData;
  headers?: Record<string, string>;
};

export type Fixtures = {
  t: TestApp;
  owner: Caller;
  other: Caller;
  admin: Caller;
  /** An open task A joined, in promo `promoId`. */
  taskId: number;
  promoId: number;
  /** A's talent, referred to `taskId` (`referralId`), with a call proof (`callProofId`, file `fileId`). */
  talentId: number;
  referralId: number;
  callProofId: number;
  fileId: number;
  paymentId: number;
  /** A fresh IP per request, so per-IP rate limits never decide an answer. */
  nextIp: () => string;
  seq: () => number;
};

export type RouteRow = {
  method: string;
  /** The path as Hono lists it in `app.routes`. */
  path: string;
  expect: Expected;
  build: (fx: Fixtures, caller: CallerName) => Built | Promise<Built>;
  /** The call ends or changes the caller's session (logout, password change): send it from a new session, last. */
  ownSession?: boolean;
};

// The answers of each kind of route.
const recruiterOwned = (ok = 200): Expected => ({ anonymous: 401, owner: ok, other: 404, admin: 403 });
const recruiterAny = (ok = 200): Expected => ({ anonymous: 401, owner: ok, other: ok, admin: 403 });
const adminOnly = (ok = 200): Expected => ({ anonymous: 401, owner: 403, other: 403, admin: ok });
const signedIn = (ok = 200): Expected => ({ anonymous: 401, owner: ok, other: ok, admin: ok });
const everyone = (status: number): Expected => ({ anonymous: status, owner: status, other: status, admin: status });

const listQuery = { search: 'a', page: '1', pageSize: '10' };
/** Made-up payee details for Form CP58 (issue 46): a MyKad number of a valid shape, never a real one. */
const PAYEE = {
  fullName: 'NUR AINA BINTI HASHIM',
  idType: 'MYKAD',
  idNumber: '900615-14-5071',
  taxNumber: 'IG 2048135709 0',
  address: { line1: 'No. 12, Jalan Setiawangsa 9', postcode: '54200', city: 'Kuala Lumpur', state: 'KUALA_LUMPUR' },
};
const now = (fx: Fixtures) => fx.t.clock.now().toISOString();

// --- Fresh records, for the rows whose call changes or uses up what it names ---

/** A task with a code of its own (tasks the admin creates through the API take the T-00000n codes). */
const freshTask = (fx: Fixtures, values: Parameters<typeof insertTask>[1] = {}) =>
  insertTask(fx.t, { code: `M-${String(fx.seq()).padStart(6, '0')}`, quota: 100, ...values });

async function freshOwnedTask(fx: Fixtures) {
  const taskId = await freshTask(fx);
  await insertMember(fx.t, fx.owner.id, taskId);
  return taskId;
}

/** A referral of A's, without any link sent yet. */
async function freshReferral(fx: Fixtures, values: Parameters<typeof insertReferral>[3] = {}) {
  const talent = await insertTalent(fx.t, fx.owner.id);
  return insertReferral(fx.t, talent, fx.taskId, values);
}

/** An in-app item of A's (issue 25). */
async function ownerNotification(fx: Fixtures) {
  const row = await fx.t.db
    .insertInto('notifications')
    .values({
      user_id: fx.owner.id,
      event_id: null,
      talent_id: null,
      kind: 'TASK_OPENED',
      payload: JSON.stringify({ taskTitle: 'Matrix task' }),
      path: '/task',
      created_at: now(fx),
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh "manage my data" token for A's talent (or another talent). */
const dataToken = (fx: Fixtures, talentId = fx.talentId) =>
  issueOneTimeToken(fx.t.db, { kind: 'DATA', talentId, ttlSeconds: 3600, now: fx.t.clock.now() });

export async function uploadCallProof(fx: Pick<Fixtures, 't' | 'owner'>, referralId: number) {
  const res = await fx.t.request('/api/recruiter/talent-task/call-proof', {
    method: 'POST',
    headers: bearer(fx.owner.token),
    body: callProofForm(referralId, fx.t.clock.now().toISOString())(),
  });
  if (res.status !== 201) throw new Error(`call proof upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: CallProofItem }).data;
}

const callProofForm = (referralId: number, calledAt: string) => () =>
  multipart(
    { referralId: String(referralId), calledAt, note: 'Called, she is keen.' },
    { bytes: MEDIA_SAMPLES.png, name: 'call.png', type: 'image/png' },
  );

async function adminCall(fx: Fixtures, method: string, path: string, json?: unknown) {
  const res = await fx.t.request(path, { method, json, headers: bearer(fx.admin.token) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} failed: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: { id: number } }).data;
}

/** A company with one contact (issue 45); the company's name is the task's, when given one. */
async function freshCompany(fx: Fixtures, name = `Company ${fx.seq()}`) {
  const company = await adminCall(fx, 'POST', '/api/admin/companies', { name });
  const contact = await adminCall(fx, 'POST', `/api/admin/companies/${company.id}/contacts`, {
    name: 'Tan Mei Ling',
    email: `contact${fx.seq()}@company.example`,
    locale: 'ms',
  });
  return { companyId: company.id, contactId: contact.id };
}

/** A review link of a fresh task's company showing a consented referral of A's (with A's CV), and its token. */
async function freshShare(fx: Fixtures) {
  const name = `Shared ${fx.seq()}`;
  const taskId = await freshTask(fx, { company: name });
  const { companyId, contactId } = await freshCompany(fx, name);
  const resume = await fx.t.db
    .selectFrom('talents')
    .select('resume_file_id')
    .where('id', '=', fx.talentId)
    .executeTakeFirstOrThrow();
  const talent = await insertTalent(fx.t, fx.owner.id, { resume_file_id: resume.resume_file_id });
  const referralId = await insertReferral(fx.t, talent, taskId, { consent_status: 'CONFIRMED' });
  const made = (await adminCall(fx, 'POST', `/api/admin/companies/tasks/${taskId}/shares`, {
    referralIds: [referralId],
    contactIds: [contactId],
  })) as unknown as { shares: { id: number }[] };
  const mail = await fx.t.db
    .selectFrom('email_outbox')
    .select('payload')
    .where('template', '=', 'company_review')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = new URL((JSON.parse(mail.payload) as { link: string }).link).searchParams.get('token') as string;
  return { taskId, companyId, contactId, referralId, shareId: made.shares[0]?.id as number, token };
}

/** A referral of A's to a fresh task, with consent confirmed (a candidate that may be shared). */
async function consentedReferral(fx: Fixtures, taskId: number) {
  return insertReferral(fx.t, await insertTalent(fx.t, fx.owner.id), taskId, { consent_status: 'CONFIRMED' });
}

/** A referral of A's whose reward an admin approved, ready for a payment. */
async function approvedReferral(fx: Fixtures) {
  const id = await freshReferral(fx, { consent_status: 'CONFIRMED' });
  await adminCall(fx, 'POST', `/api/admin/referrals/${id}/reward`, { decision: 'APPROVED' });
  return id;
}

async function pendingPayment(fx: Fixtures) {
  const referralId = await approvedReferral(fx);
  return (await adminCall(fx, 'POST', '/api/admin/payments', { recruiterId: fx.owner.id, referralIds: [referralId] }))
    .id;
}

/** A Form CP58 issued to A for 2025 (a new version each time; the PDF a stand-in), its id (issue 46). */
async function cp58Form(fx: Fixtures) {
  return insertForm(fx.t.db, sealingKeysOf(fx.t.env), {
    recruiterId: fx.owner.id,
    year: 2025,
    version: fx.seq(),
    correctsVersion: null,
    locale: 'en',
    content: {
      figures: { currency: 'MYR', lines: [{ kind: 'CASH', amount: 600_000 }], total: 600_000, payments: [] },
      payer: {
        name: 'Rekrut Bakat Sdn Bhd',
        registrationNumber: null,
        employerNumber: null,
        addressLines: [],
        phone: null,
      },
      payee: {
        ...PAYEE,
        idType: 'MYKAD',
        idNumber: '900615145071',
        taxNumber: null,
        address: { ...PAYEE.address, line2: null, line3: null, state: 'KUALA_LUMPUR' },
      },
    },
    pdf: Buffer.from('%PDF-1.7 stand-in'),
    issuedAt: now(fx),
    issuedBy: fx.admin.id,
  });
}

/** A payment to the recruiter paid in 2025, so they may ask for that year's Form CP58. */
async function paidIn2025(fx: Fixtures, recruiterId: number) {
  const talent = await insertTalent(fx.t, recruiterId);
  const referral = await insertReferral(fx.t, talent, fx.taskId, {
    reward_status: 'APPROVED',
    reward_amount: 10_000,
    reward_currency: 'MYR',
  });
  await insertPayment(fx.t, {
    recruiterId,
    createdBy: fx.admin.id,
    referralIds: [referral],
    paidAt: '2025-06-01T04:00:00.000Z',
    reference: 'MBB-2025',
  });
}

async function itaToken(fx: Fixtures) {
  const id = await freshReferral(fx, { consent_status: 'CONFIRMED' });
  await sendTalentLink(fx.t.db, fx.t.deps, {
    referralId: id,
    kind: 'ITA',
    actorId: fx.owner.id,
    resend: false,
    now: fx.t.clock.now(),
  });
  return lastToken(fx.t, 'ita_request');
}

/** A talent of A's referred to the task, with no money: erasing deletes it. */
async function erasableTalent(fx: Fixtures) {
  const talent = await insertTalent(fx.t, fx.owner.id);
  await insertReferral(fx.t, talent, fx.taskId);
  return talent.id;
}

/** An open correction request of A's talent, due in 21 days. */
async function openDataRequest(fx: Fixtures) {
  const at = now(fx);
  const row = await fx.t.db
    .insertInto('data_requests')
    .values({
      talent_id: fx.talentId,
      referral_id: null,
      kind: 'CORRECTION',
      message: 'My phone is new.',
      status: 'OPEN',
      due_at: new Date(fx.t.clock.now().getTime() + 21 * 24 * 60 * 60 * 1000).toISOString(),
      created_at: at,
      closed_at: null,
      closed_by: null,
      response: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new session of the caller (anonymous: of the owner), for a call that ends one. */
async function freshSession(fx: Fixtures, caller: CallerName) {
  const who = caller === 'anonymous' ? fx.owner : fx[caller];
  await fx.t.login(who.email, false, fx.nextIp());
  const row = await fx.t.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', who.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const taskInput = (n: number) => ({
  title: `Matrix task ${n}`,
  company: 'Acme Sdn Bhd',
  description: 'Hire people.',
  jobType: 'ft',
  location: 'Kuala Lumpur',
  country: 'Malaysia',
  salaryMin: 300_000,
  salaryMax: 500_000,
  rewardAmount: 10_000,
  quota: 5,
  requiredLanguages: ['en'],
});

const promoInput = (fx: Fixtures) => ({
  title: 'Matrix promo',
  description: 'Extra.',
  startsAt: now(fx),
  endsAt: new Date(fx.t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
  bonusAmount: 5_000,
});

const uniquePerson = (fx: Fixtures) => {
  const n = fx.seq();
  return {
    email: `matrix${n}@example.com`,
    phone: `012-${String(5_000_000 + n).slice(0, 3)} ${String(5_000_000 + n).slice(3)}`,
  };
};

// --- The catalog ---

export const ROUTE_CATALOG: RouteRow[] = [
  // Public
  { method: 'GET', path: '/api/health', expect: everyone(200), build: () => ({ path: '/api/health' }) },
  { method: 'GET', path: '/api/ready', expect: everyone(200), build: () => ({ path: '/api/ready' }) },
  // Prometheus' scrape: without METRICS_TOKEN, loopback sockets only; app.request has no socket (metrics.test.ts).
  { method: 'GET', path: '/metrics', expect: everyone(404), build: () => ({ path: '/metrics' }) },
  { method: 'GET', path: '/api/config', expect: everyone(200), build: () => ({ path: '/api/config' }) },
  // The API's description and its docs page (issue 26)
  { method: 'GET', path: '/api/openapi.json', expect: everyone(200), build: () => ({ path: '/api/openapi.json' }) },
  { method: 'GET', path: '/api/docs', expect: everyone(200), build: () => ({ path: '/api/docs' }) },
  {
    method: 'GET',
    path: '/api/docs/:asset',
    expect: everyone(200),
    build: () => ({ path: '/api/docs/swagger-ui.css' }),
  },
  {
    method: 'POST',
    path: '/api/client-errors',
    expect: everyone(202),
    build: () => ({ path: '/api/client-errors', json: { message: 'TypeError: x is undefined', url: '/en/task' } }),
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    expect: everyone(200),
    build: (fx) => ({ path: '/api/auth/login', json: { email: fx.owner.email, password: 'Secret#123' } }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/auth/refresh-token',
    expect: everyone(200),
    build: async (fx) => {
      const user = await fx.t.createUser({ email: `refresh${fx.seq()}@example.com` });
      const { refreshToken } = await fx.t.login(user.email);
      return { path: '/api/recruiter/auth/refresh-token', headers: { 'x-refresh-token': refreshToken } };
    },
  },
  {
    method: 'GET',
    path: '/api/recruiter/auth/me',
    expect: signedIn(),
    build: () => ({ path: '/api/recruiter/auth/me' }),
  },
  {
    method: 'POST',
    path: '/api/recruiter/auth/reset/password',
    expect: everyone(200),
    build: (fx) => ({ path: '/api/recruiter/auth/reset/password', json: { email: `nobody${fx.seq()}@example.com` } }),
  },
  {
    method: 'POST',
    path: '/api/recruiter/auth/update/password',
    expect: everyone(200),
    build: async (fx) => {
      const user = await fx.t.createUser({ email: `reset${fx.seq()}@example.com` });
      const token = await issueOneTimeToken(fx.t.db, {
        kind: 'PASSWORD_RESET',
        userId: user.id,
        ttlSeconds: 3600,
        now: fx.t.clock.now(),
      });
      return {
        path: '/api/recruiter/auth/update/password',
        json: { token, password: 'Brand#New2026', confirmPassword: 'Brand#New2026' },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/public/consent',
    expect: everyone(200),
    build: async (fx) => {
      const { consentToken } = await createReferral(fx.t, fx.owner.id, { taskId: fx.taskId });
      return { path: '/api/public/consent', query: { token: consentToken } };
    },
  },
  {
    method: 'POST',
    path: '/api/public/consent',
    expect: everyone(200),
    build: async (fx) => {
      const { consentToken } = await createReferral(fx.t, fx.owner.id, { taskId: fx.taskId });
      return { path: '/api/public/consent', json: { token: consentToken, decision: 'CONFIRMED', locale: 'ms' } };
    },
  },
  {
    method: 'GET',
    path: '/api/public/ita',
    expect: everyone(200),
    build: async (fx) => ({ path: '/api/public/ita', query: { token: await itaToken(fx) } }),
  },
  {
    method: 'POST',
    path: '/api/public/ita',
    expect: everyone(200),
    build: async (fx) => ({ path: '/api/public/ita', json: { token: await itaToken(fx), decision: 'CONFIRMED' } }),
  },
  {
    method: 'POST',
    path: '/api/public/consent/withdraw',
    expect: everyone(200),
    build: async (fx) => {
      const { consentToken } = await createReferral(fx.t, fx.owner.id, { taskId: fx.taskId });
      await fx.t.request('/api/public/consent', {
        method: 'POST',
        json: { token: consentToken, decision: 'CONFIRMED', locale: 'en' },
      });
      return { path: '/api/public/consent/withdraw', json: { token: consentToken } };
    },
  },
  {
    method: 'POST',
    path: '/api/public/ita/withdraw',
    expect: everyone(200),
    build: async (fx) => ({ path: '/api/public/ita/withdraw', json: { token: await itaToken(fx) } }),
  },
  // The talent's "manage my data" link (issue 24): the DATA token is the key.
  {
    method: 'POST',
    path: '/api/public/consent/data-link',
    expect: everyone(200),
    build: async (fx) => {
      const { consentToken } = await createReferral(fx.t, fx.owner.id, { taskId: fx.taskId });
      return { path: '/api/public/consent/data-link', json: { token: consentToken } };
    },
  },
  {
    method: 'POST',
    path: '/api/public/ita/data-link',
    expect: everyone(200),
    build: async (fx) => ({ path: '/api/public/ita/data-link', json: { token: await itaToken(fx) } }),
  },
  {
    method: 'GET',
    path: '/api/public/data',
    expect: everyone(200),
    build: async (fx) => ({ path: '/api/public/data', query: { token: await dataToken(fx) } }),
  },
  {
    method: 'GET',
    path: '/api/public/data/export',
    expect: everyone(200),
    build: async (fx) => ({ path: '/api/public/data/export', query: { token: await dataToken(fx), format: 'html' } }),
  },
  {
    method: 'GET',
    path: '/api/public/data/resume',
    expect: everyone(200),
    build: async (fx) => ({ path: '/api/public/data/resume', query: { token: await dataToken(fx) } }),
  },
  {
    method: 'GET',
    path: '/api/public/data/call-proof',
    expect: everyone(200),
    build: async (fx) => ({
      path: '/api/public/data/call-proof',
      query: { token: await dataToken(fx), id: String(fx.callProofId) },
    }),
  },
  {
    method: 'POST',
    path: '/api/public/data/correction',
    expect: everyone(200),
    // A talent record of its own per caller: one record takes 3 requests waiting at once (issue 43.7).
    build: async (fx) => ({
      path: '/api/public/data/correction',
      json: {
        token: await dataToken(fx, (await insertTalent(fx.t, fx.owner.id)).id),
        message: 'My location is Kuala Lumpur.',
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/public/data/withdraw',
    expect: everyone(200),
    build: async (fx) => {
      const made = await createReferral(fx.t, fx.owner.id, { taskId: fx.taskId });
      await fx.t.request('/api/public/consent', {
        method: 'POST',
        json: { token: made.consentToken, decision: 'CONFIRMED', locale: 'en' },
      });
      return {
        path: '/api/public/data/withdraw',
        json: { token: await dataToken(fx, made.talentId), referralId: made.id },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/public/data/request-link',
    expect: everyone(200),
    build: (fx) => ({ path: '/api/public/data/request-link', json: { email: `someone${fx.seq()}@example.com` } }),
  },
  { method: 'ALL', path: '/api/*', expect: everyone(404), build: () => ({ path: '/api/no-such-route' }) },

  // Files: their owner and admins
  {
    method: 'GET',
    path: '/api/files/:id',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    build: (fx) => ({ path: `/api/files/${fx.fileId}`, query: { disposition: 'inline' } }),
  },

  // The signed-in user's own account, every role
  { method: 'GET', path: '/api/account', expect: signedIn(), build: () => ({ path: '/api/account' }) },
  {
    method: 'PUT',
    path: '/api/account/profile',
    expect: signedIn(),
    build: () => ({ path: '/api/account/profile', json: { fullName: 'Nur Aina', phone: '012-345 6789' } }),
  },
  {
    method: 'PUT',
    path: '/api/account/payout',
    expect: signedIn(),
    build: () => ({
      path: '/api/account/payout',
      json: { bankName: 'Maybank', accountName: 'Nur Aina', accountNumber: '1234 5678 9012' },
    }),
  },
  // Issue 46: the recruiter's payee details for Form CP58 (only recruiters are paid), and the user's own data.
  { method: 'GET', path: '/api/account/payee', expect: recruiterAny(), build: () => ({ path: '/api/account/payee' }) },
  {
    method: 'PUT',
    path: '/api/account/payee',
    expect: recruiterAny(),
    build: () => ({ path: '/api/account/payee', json: PAYEE }),
  },
  { method: 'GET', path: '/api/account/export', expect: signedIn(), build: () => ({ path: '/api/account/export' }) },
  {
    method: 'PUT',
    path: '/api/account/preferences',
    expect: signedIn(),
    build: () => ({ path: '/api/account/preferences', json: { locale: 'ms', timezone: 'Asia/Kuala_Lumpur' } }),
  },
  {
    method: 'GET',
    path: '/api/account/sessions',
    expect: signedIn(),
    build: () => ({ path: '/api/account/sessions' }),
  },
  {
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    expect: signedIn(),
    // A second session of the caller's own (anonymous: the owner's), so the caller's token lives on.
    build: async (fx, caller) => ({ path: `/api/account/sessions/${await freshSession(fx, caller)}` }),
  },

  // Notifications (issue 25): the caller's own items, choices and devices, every role
  {
    method: 'GET',
    path: '/api/notifications',
    expect: signedIn(),
    build: () => ({ path: '/api/notifications', query: { limit: '10' } }),
  },
  {
    method: 'GET',
    path: '/api/notifications/unread',
    expect: signedIn(),
    build: () => ({ path: '/api/notifications/unread' }),
  },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    expect: signedIn(),
    build: () => ({ path: '/api/notifications/read-all' }),
  },
  {
    method: 'POST',
    path: '/api/notifications/:id/read',
    // A's own item; B's and the admin's calls name an item that is not theirs.
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    build: async (fx) => ({ path: `/api/notifications/${await ownerNotification(fx)}/read` }),
  },
  {
    method: 'GET',
    path: '/api/notifications/preferences',
    expect: signedIn(),
    build: () => ({ path: '/api/notifications/preferences' }),
  },
  {
    method: 'PUT',
    path: '/api/notifications/preferences',
    // Each role's own topics: a recruiter's topic is refused for the admin (400), and the other way round.
    expect: signedIn(),
    build: (_fx, caller) => ({
      path: '/api/notifications/preferences',
      json:
        caller === 'admin'
          ? { topics: { admin_call_proofs: { inApp: true, push: true, email: false } }, adminDelivery: 'INSTANT' }
          : { topics: { hiring: { inApp: true, push: false, email: true } }, adminDelivery: 'DIGEST' },
    }),
  },
  {
    method: 'GET',
    path: '/api/notifications/push/key',
    expect: signedIn(),
    build: () => ({ path: '/api/notifications/push/key' }),
  },
  {
    method: 'PUT',
    path: '/api/notifications/push/subscription',
    expect: signedIn(),
    build: (fx) => ({
      path: '/api/notifications/push/subscription',
      json: {
        endpoint: `https://fcm.googleapis.com/fcm/send/route-matrix-${fx.seq()}`,
        expirationTime: null,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/notifications/push/subscription',
    expect: signedIn(),
    build: () => ({
      path: '/api/notifications/push/subscription',
      json: { endpoint: 'https://fcm.googleapis.com/fcm/send/route-matrix-none' },
    }),
  },
  {
    method: 'GET',
    path: '/api/public/notifications/email-preferences',
    expect: everyone(200),
    build: (fx) => ({
      path: '/api/public/notifications/email-preferences',
      query: { token: emailPreferencesToken(fx.t.deps.env.JWT_SECRET, fx.owner.id, 'hiring') },
    }),
  },
  {
    method: 'POST',
    path: '/api/public/notifications/unsubscribe',
    expect: everyone(200),
    build: (fx) => ({
      path: '/api/public/notifications/unsubscribe',
      query: { token: emailPreferencesToken(fx.t.deps.env.JWT_SECRET, fx.owner.id, 'hiring') },
    }),
  },

  // Recruiter: the task board and Manage Task
  {
    method: 'GET',
    path: '/api/recruiter/task',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/task', query: listQuery }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/task/promos',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/task/promos' }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/task/promo/:id',
    expect: recruiterAny(),
    build: (fx) => ({ path: `/api/recruiter/task/promo/${fx.promoId}` }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/task/:id',
    expect: recruiterAny(),
    build: (fx) => ({ path: `/api/recruiter/task/${fx.taskId}` }),
  },
  {
    method: 'POST',
    path: '/api/recruiter/task/:id/join',
    expect: recruiterAny(),
    build: async (fx) => ({ path: `/api/recruiter/task/${await freshTask(fx)}/join` }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/recruiter/task',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/recruiter/task', query: listQuery }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/recruiter/task/:id',
    expect: recruiterOwned(),
    build: (fx) => ({ path: `/api/recruiter/recruiter/task/${fx.taskId}` }),
  },

  // Recruiter: talents and referrals
  {
    method: 'POST',
    path: '/api/recruiter/talent/drop_resume',
    // B's drop for A's task is B's own referral (dropping a resume joins the task).
    expect: recruiterAny(201),
    build: async (fx) => {
      const taskId = await freshOwnedTask(fx);
      const values = dropValues(taskId, uniquePerson(fx));
      return { path: '/api/recruiter/talent/drop_resume', form: () => multipart(values, pdfFile()) };
    },
  },
  {
    method: 'POST',
    path: '/api/recruiter/talent/resume-contact',
    // A read of the file sent: nothing of anyone's is named, so every recruiter gets an answer.
    expect: recruiterAny(200),
    build: () => ({ path: '/api/recruiter/talent/resume-contact', form: () => multipart({}, pdfFile()) }),
  },
  {
    method: 'POST',
    path: '/api/recruiter/talent/task',
    expect: recruiterOwned(201),
    build: async (fx) => {
      const taskId = await freshOwnedTask(fx);
      const talent = await insertTalent(fx.t, fx.owner.id);
      const values = completionValues(talent.id, taskId);
      return { path: '/api/recruiter/talent/task', form: () => multipart(values) };
    },
  },
  {
    method: 'GET',
    path: '/api/recruiter/talent',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/talent', query: listQuery }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/talent/:id',
    expect: recruiterOwned(),
    build: (fx) => ({ path: `/api/recruiter/talent/${fx.talentId}` }),
  },
  {
    method: 'PUT',
    path: '/api/recruiter/talent/:id',
    expect: recruiterOwned(),
    build: async (fx) => {
      const talent = await insertTalent(fx.t, fx.owner.id);
      return {
        path: `/api/recruiter/talent/${talent.id}`,
        json: {
          fullName: 'Aisyah binti Rahman',
          email: talent.email,
          countryCode: '60',
          phone: talent.phone_e164.slice(3),
          languages: ['en', 'ms'],
          educationLevel: 'Degree',
          country: 'Malaysia',
          location: 'Shah Alam',
          expectedSalary: 4500,
          skills: ['CRM'],
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/recruiter/talent/:id/corrections/:requestId/done',
    expect: recruiterOwned(),
    build: async (fx) => ({
      path: `/api/recruiter/talent/${fx.talentId}/corrections/${await openDataRequest(fx)}/done`,
      json: { response: 'Changed the phone to the new number.' },
    }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/talent-task',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/talent-task', query: listQuery }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/talent-task/:id',
    expect: recruiterOwned(),
    build: (fx) => ({ path: `/api/recruiter/talent-task/${fx.referralId}` }),
  },
  {
    method: 'PUT',
    path: '/api/recruiter/talent-task/:id/note',
    expect: recruiterOwned(),
    build: (fx) => ({
      path: `/api/recruiter/talent-task/${fx.referralId}/note`,
      json: { note: 'Keen, 1 month notice.' },
    }),
  },
  {
    method: 'POST',
    path: '/api/recruiter/talent-task/call-proof',
    expect: recruiterOwned(201),
    build: async (fx) => {
      const referralId = await freshReferral(fx);
      return { path: '/api/recruiter/talent-task/call-proof', form: callProofForm(referralId, now(fx)) };
    },
  },
  {
    method: 'DELETE',
    path: '/api/recruiter/talent-task/call-proof/:id',
    expect: recruiterOwned(),
    build: async (fx) => {
      const proof = await uploadCallProof(fx, await freshReferral(fx));
      return { path: `/api/recruiter/talent-task/call-proof/${proof.id}` };
    },
  },
  {
    method: 'POST',
    path: '/api/recruiter/talent-task/resend-consent',
    expect: recruiterOwned(),
    build: async (fx) => ({
      path: '/api/recruiter/talent-task/resend-consent',
      json: { referralId: await freshReferral(fx) },
    }),
  },
  {
    method: 'POST',
    path: '/api/recruiter/talent-task/resend-ita/email',
    expect: recruiterOwned(),
    build: async (fx) => ({
      path: '/api/recruiter/talent-task/resend-ita/email',
      json: { referralId: await freshReferral(fx, { consent_status: 'CONFIRMED' }) },
    }),
  },

  // Recruiter: dashboard, earnings, AI notes
  {
    method: 'GET',
    path: '/api/recruiter/dashboard',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/dashboard' }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/scorecard',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/scorecard' }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/earning',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/earning' }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/earning/referrals',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/earning/referrals', query: { month: '2026-11', page: '1', pageSize: '10' } }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/earning/payments',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/earning/payments', query: { page: '1', pageSize: '10' } }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/earning/statement',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/earning/statement', query: { year: '2026' } }),
  },
  {
    method: 'GET',
    path: '/api/recruiter/earning/statement.pdf',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/earning/statement.pdf', query: { year: '2026', locale: 'zh' } }),
  },
  // Issue 46: the recruiter's own Form CP58s and their request for one (a year they were paid in).
  {
    method: 'GET',
    path: '/api/recruiter/earning/cp58',
    expect: recruiterAny(),
    build: () => ({ path: '/api/recruiter/earning/cp58' }),
  },
  {
    method: 'POST',
    path: '/api/recruiter/earning/cp58/request',
    expect: recruiterAny(),
    build: async (fx, caller) => {
      if (caller === 'owner' || caller === 'other') await paidIn2025(fx, fx[caller].id);
      return { path: '/api/recruiter/earning/cp58/request', json: { year: 2025 } };
    },
  },
  {
    method: 'GET',
    path: '/api/recruiter/earning/cp58/:id/pdf',
    expect: recruiterOwned(),
    build: async (fx) => ({ path: `/api/recruiter/earning/cp58/${await cp58Form(fx)}/pdf` }),
  },
  {
    method: 'POST',
    path: '/api/recruiter/ai/recruiter-notes/analyze',
    expect: recruiterAny(),
    build: (fx) => ({
      path: '/api/recruiter/ai/recruiter-notes/analyze',
      json: { taskId: fx.taskId, note: 'Expects RM 4,500. One month notice. Fluent in English and Malay.' },
    }),
  },
  {
    method: 'POST',
    path: '/api/recruiter/ai/recruiter-notes/improve',
    expect: recruiterAny(),
    build: (fx) => ({
      path: '/api/recruiter/ai/recruiter-notes/improve',
      json: { taskId: fx.taskId, note: 'Expects RM 4,500. One month notice.', language: 'en' },
    }),
  },

  // Admin: recruiters
  {
    method: 'GET',
    path: '/api/admin/recruiters',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/recruiters', query: { ...listQuery, sort: 'LATEST', status: 'all' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/recruiters',
    expect: adminOnly(201),
    build: (fx) => ({
      path: '/api/admin/recruiters',
      json: { fullName: 'Siti Nur', email: `siti${fx.seq()}@example.com`, phone: '012-987 6543', locale: 'ms' },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/recruiters/:id',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/recruiters/${fx.owner.id}` }),
  },
  {
    method: 'GET',
    path: '/api/admin/recruiters/:id/scorecard',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/recruiters/${fx.owner.id}/scorecard` }),
  },
  {
    method: 'GET',
    path: '/api/admin/recruiters/:id/payee',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/recruiters/${fx.owner.id}/payee` }),
  },
  {
    method: 'GET',
    path: '/api/admin/recruiters/:id/statement',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/recruiters/${fx.owner.id}/statement`, query: { year: '2026' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/recruiters/:id/statement.pdf',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/recruiters/${fx.owner.id}/statement.pdf`, query: { year: '2026' } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/recruiters/:id/status',
    expect: adminOnly(),
    build: async (fx) => {
      const user = await fx.t.createUser({ email: `deactivate${fx.seq()}@example.com` });
      return { path: `/api/admin/recruiters/${user.id}/status`, json: { status: 'DEACTIVATE' } };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/recruiters/:id/invitation',
    expect: adminOnly(),
    build: async (fx) => {
      // Invited and not logged in yet: a new temporary password can be sent.
      const user = await fx.t.createUser({ email: `invited${fx.seq()}@example.com`, needToChangePassword: true });
      return { path: `/api/admin/recruiters/${user.id}/invitation` };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/recruiters/:id/sessions/end',
    expect: adminOnly(),
    build: async (fx) => {
      const user = await fx.t.createUser({ email: `ended${fx.seq()}@example.com` });
      await fx.t.login(user.email, false, fx.nextIp());
      return { path: `/api/admin/recruiters/${user.id}/sessions/end` };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/recruiters/:id/tasks',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/recruiters/${fx.owner.id}/tasks`, query: listQuery }),
  },
  {
    method: 'POST',
    path: '/api/admin/recruiters/:id/tasks',
    expect: adminOnly(),
    build: async (fx) => ({
      path: `/api/admin/recruiters/${fx.owner.id}/tasks`,
      json: { taskId: await freshTask(fx) },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/recruiters/:id/tasks/:taskId',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/recruiters/${fx.owner.id}/tasks/${fx.taskId}` }),
  },
  {
    method: 'GET',
    path: '/api/admin/recruiters/:id/talents',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/recruiters/${fx.owner.id}/talents`, query: listQuery }),
  },
  {
    method: 'GET',
    path: '/api/admin/recruiters/:id/assignable-tasks',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/recruiters/${fx.owner.id}/assignable-tasks`, query: listQuery }),
  },

  // Admin: tasks
  {
    method: 'GET',
    path: '/api/admin/tasks',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/tasks', query: { ...listQuery, jobType: 'ft', sort: 'latest', status: 'all' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/tasks',
    expect: adminOnly(201),
    build: (fx) => ({ path: '/api/admin/tasks', json: taskInput(fx.seq()) }),
  },
  {
    method: 'GET',
    path: '/api/admin/tasks/:id',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/tasks/${fx.taskId}` }),
  },
  {
    method: 'PUT',
    path: '/api/admin/tasks/:id',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/tasks/${await freshTask(fx)}`, json: taskInput(fx.seq()) }),
  },
  {
    method: 'POST',
    path: '/api/admin/tasks/:id/close',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/tasks/${await freshTask(fx)}/close` }),
  },
  {
    method: 'POST',
    path: '/api/admin/tasks/:id/reopen',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/tasks/${await freshTask(fx, { status: 'CLOSED' })}/reopen` }),
  },

  // Admin: promos
  {
    method: 'GET',
    path: '/api/admin/promos',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/promos', query: { ...listQuery, period: 'RUNNING' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/promos',
    expect: adminOnly(201),
    build: (fx) => ({ path: '/api/admin/promos', json: promoInput(fx) }),
  },
  {
    method: 'GET',
    path: '/api/admin/promos/:id',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/promos/${fx.promoId}` }),
  },
  {
    method: 'PUT',
    path: '/api/admin/promos/:id',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/promos/${await insertPromo(fx.t, [])}`, json: promoInput(fx) }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/promos/:id',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/promos/${await insertPromo(fx.t, [])}` }),
  },
  {
    method: 'GET',
    path: '/api/admin/promos/:id/candidate-tasks',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/promos/${fx.promoId}/candidate-tasks`, query: listQuery }),
  },
  {
    method: 'POST',
    path: '/api/admin/promos/:id/tasks',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/promos/${fx.promoId}/tasks`, json: { taskIds: [await freshTask(fx)] } }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/promos/:id/tasks/:taskId',
    expect: adminOnly(),
    build: async (fx) => {
      const taskId = await freshTask(fx);
      const promoId = await insertPromo(fx.t, [taskId]);
      return { path: `/api/admin/promos/${promoId}/tasks/${taskId}` };
    },
  },

  // Admin: referrals
  {
    method: 'GET',
    path: '/api/admin/referrals',
    expect: adminOnly(),
    build: (fx) => ({
      path: '/api/admin/referrals',
      query: { ...listQuery, taskId: String(fx.taskId), recruiterId: String(fx.owner.id), call: 'ALL' },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/reward/bulk',
    expect: adminOnly(),
    build: async (fx) => ({
      path: '/api/admin/referrals/reward/bulk',
      json: { referralIds: [await freshReferral(fx, { consent_status: 'CONFIRMED' })], decision: 'APPROVED' },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/reward/bulk/summary',
    expect: adminOnly(),
    build: (fx) => ({ path: '/api/admin/referrals/reward/bulk/summary', json: { referralIds: [fx.referralId] } }),
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/call-proofs/:id/review',
    expect: adminOnly(),
    build: async (fx) => {
      const proof = await uploadCallProof(fx, await freshReferral(fx));
      return { path: `/api/admin/referrals/call-proofs/${proof.id}/review`, json: { decision: 'ACCEPTED' } };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/referrals/:id',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/referrals/${fx.referralId}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/:id/hiring-status',
    expect: adminOnly(),
    build: async (fx) => ({
      path: `/api/admin/referrals/${await freshReferral(fx, { consent_status: 'CONFIRMED' })}/hiring-status`,
      json: { to: 'SCREENING', note: 'Passed the phone screen.' },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/:id/reward',
    expect: adminOnly(),
    build: async (fx) => ({
      path: `/api/admin/referrals/${await freshReferral(fx, { consent_status: 'CONFIRMED' })}/reward`,
      json: { decision: 'REJECTED', reason: 'Not a fit.' },
    }),
  },

  // Admin: payments and dashboard
  {
    method: 'GET',
    path: '/api/admin/payments',
    expect: adminOnly(),
    build: (fx) => ({
      path: '/api/admin/payments',
      query: { filter: 'ALL', recruiterId: String(fx.owner.id), page: '1', pageSize: '10' },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/payments/payable',
    expect: adminOnly(),
    build: (fx) => ({ path: '/api/admin/payments/payable', query: { recruiterId: String(fx.owner.id) } }),
  },
  {
    method: 'GET',
    path: '/api/admin/payments/export.csv',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/payments/export.csv', query: { filter: 'ALL' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/payments',
    expect: adminOnly(201),
    build: async (fx) => ({
      path: '/api/admin/payments',
      json: { recruiterId: fx.owner.id, referralIds: [await approvedReferral(fx)] },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/payments/:id',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/payments/${fx.paymentId}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/payments/:id/pay',
    expect: adminOnly(),
    build: async (fx) => ({
      path: `/api/admin/payments/${await pendingPayment(fx)}/pay`,
      json: { reference: 'MBB-20261122-0001', paidAt: now(fx) },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/payments/:id/cancel',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/payments/${await pendingPayment(fx)}/cancel` }),
  },
  // Section 107D withholding (issue 46)
  {
    method: 'GET',
    path: '/api/admin/withholding',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/withholding', query: { month: '2026-11' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/withholding/export.csv',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/withholding/export.csv', query: { month: '2026-11' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/withholding/marks',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/withholding/marks', query: { year: '2026' } }),
  },
  // Form CP58 (issue 46). The matrix's app sets no PAYER_*: Part A cannot be filled, so issuing answers 409.
  {
    method: 'GET',
    path: '/api/admin/cp58',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/cp58', query: { year: '2025' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/cp58/issue',
    expect: adminOnly(409),
    build: () => ({ path: '/api/admin/cp58/issue', json: { year: 2025 } }),
  },
  {
    method: 'GET',
    path: '/api/admin/cp58/forms/:id/pdf',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/cp58/forms/${await cp58Form(fx)}/pdf` }),
  },
  {
    method: 'GET',
    path: '/api/admin/cp58/archive.zip',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/cp58/archive.zip', query: { year: '2025' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/cp58/export.csv',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/cp58/export.csv', query: { year: '2025' } }),
  },
  { method: 'GET', path: '/api/admin/dashboard', expect: adminOnly(), build: () => ({ path: '/api/admin/dashboard' }) },
  // Admin: insight (issue 27)
  {
    method: 'GET',
    path: '/api/admin/insight/funnel',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/insight/funnel' }),
  },
  {
    method: 'GET',
    path: '/api/admin/insight/funnel.csv',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/insight/funnel.csv' }),
  },
  {
    method: 'GET',
    path: '/api/admin/insight/money',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/insight/money' }),
  },

  // Admin: the record of access to personal data, and where personal data goes (issue 24 parts 4 and 5)
  {
    method: 'GET',
    path: '/api/admin/access-log',
    expect: adminOnly(),
    build: (fx) => ({
      path: '/api/admin/access-log',
      query: { action: 'FILE_VIEW', talentId: String(fx.talentId), page: '1', pageSize: '10' },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/data-locations',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/data-locations' }),
  },
  // Admin: data protection (issue 24)
  {
    method: 'GET',
    path: '/api/admin/data-protection/people',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/data-protection/people', query: { q: 'talent1@example.com' } }),
  },
  {
    method: 'GET',
    path: '/api/admin/data-protection/people/:talentId',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/data-protection/people/${fx.talentId}` }),
  },
  {
    method: 'GET',
    path: '/api/admin/data-protection/people/:talentId/export',
    expect: adminOnly(),
    build: (fx) => ({ path: `/api/admin/data-protection/people/${fx.talentId}/export` }),
  },
  {
    method: 'POST',
    path: '/api/admin/data-protection/people/:talentId/erase',
    expect: adminOnly(),
    build: async (fx) => ({
      path: `/api/admin/data-protection/people/${await erasableTalent(fx)}/erase`,
      json: { reason: 'Asked by e-mail', confirm: 'ERASE' },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/data-protection/requests',
    expect: adminOnly(),
    build: () => ({
      path: '/api/admin/data-protection/requests',
      query: { status: 'OPEN', page: '1', pageSize: '10' },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/data-protection/requests/:id/close',
    expect: adminOnly(),
    build: async (fx) => ({
      path: `/api/admin/data-protection/requests/${await openDataRequest(fx)}/close`,
      json: { status: 'DONE', response: 'Corrected.' },
    }),
  },

  // Last: calls that end or change the caller's own session
  {
    method: 'POST',
    path: '/api/auth/logout',
    expect: everyone(200),
    ownSession: true,
    build: () => ({ path: '/api/auth/logout' }),
  },
  {
    method: 'POST',
    path: '/api/account/sessions/sign-out-others',
    expect: signedIn(),
    ownSession: true,
    build: () => ({ path: '/api/account/sessions/sign-out-others' }),
  },
  {
    method: 'POST',
    path: '/api/account/password',
    expect: signedIn(),
    ownSession: true,
    build: () => ({
      path: '/api/account/password',
      json: {
        currentPassword: 'Secret#123',
        newPassword: 'Kettle-Changed#2026',
        confirmPassword: 'Kettle-Changed#2026',
      },
    }),
  },
  // Issue 45: hiring companies and review links (admins), and the company's review link (the token is the key).
  {
    method: 'GET',
    path: '/api/admin/companies',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/companies', query: listQuery }),
  },
  {
    method: 'POST',
    path: '/api/admin/companies',
    expect: adminOnly(201),
    build: (fx) => ({ path: '/api/admin/companies', json: { name: `New company ${fx.seq()}` } }),
  },
  {
    method: 'GET',
    path: '/api/admin/companies/:id',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/companies/${(await freshCompany(fx)).companyId}` }),
  },
  {
    method: 'PUT',
    path: '/api/admin/companies/:id',
    expect: adminOnly(),
    build: async (fx) => ({
      path: `/api/admin/companies/${(await freshCompany(fx)).companyId}`,
      json: { name: `Renamed ${fx.seq()}` },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/companies/:id/contacts',
    expect: adminOnly(201),
    build: async (fx) => ({
      path: `/api/admin/companies/${(await freshCompany(fx)).companyId}/contacts`,
      json: { name: 'Lim Wei', email: 'lim@company.example', locale: 'zh' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/companies/:id/contacts/:contactId',
    expect: adminOnly(),
    build: async (fx) => {
      const { companyId, contactId } = await freshCompany(fx);
      return {
        path: `/api/admin/companies/${companyId}/contacts/${contactId}`,
        json: { name: 'Tan Mei Ling', email: 'mei@company.example', locale: 'en' },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/companies/:id/contacts/:contactId',
    expect: adminOnly(),
    build: async (fx) => {
      const { companyId, contactId } = await freshCompany(fx);
      return { path: `/api/admin/companies/${companyId}/contacts/${contactId}` };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/companies/tasks/:taskId/shares',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/companies/tasks/${(await freshShare(fx)).taskId}/shares` }),
  },
  {
    method: 'POST',
    path: '/api/admin/companies/tasks/:taskId/shares',
    expect: adminOnly(201),
    build: async (fx) => {
      const name = `Sharing ${fx.seq()}`;
      const taskId = await freshTask(fx, { company: name });
      const { contactId } = await freshCompany(fx, name);
      return {
        path: `/api/admin/companies/tasks/${taskId}/shares`,
        json: { referralIds: [await consentedReferral(fx, taskId)], contactIds: [contactId] },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/companies/referrals/:referralId/shares',
    expect: adminOnly(),
    build: async (fx) => ({
      path: `/api/admin/companies/referrals/${(await freshShare(fx)).referralId}/shares`,
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/companies/shares/:shareId/revoke',
    expect: adminOnly(),
    build: async (fx) => ({ path: `/api/admin/companies/shares/${(await freshShare(fx)).shareId}/revoke` }),
  },
  {
    method: 'POST',
    path: '/api/admin/companies/shares/:shareId/referrals',
    expect: adminOnly(),
    build: async (fx) => {
      const { shareId, taskId } = await freshShare(fx);
      return {
        path: `/api/admin/companies/shares/${shareId}/referrals`,
        json: { referralIds: [await consentedReferral(fx, taskId)] },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/companies/shares/:shareId/referrals/:referralId',
    expect: adminOnly(),
    build: async (fx) => {
      const { shareId, referralId } = await freshShare(fx);
      return { path: `/api/admin/companies/shares/${shareId}/referrals/${referralId}` };
    },
  },
  {
    method: 'GET',
    path: '/api/admin/companies/insight',
    expect: adminOnly(),
    build: () => ({ path: '/api/admin/companies/insight', query: { groupBy: 'task' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/companies/answers/:answerId/reverse',
    expect: adminOnly(),
    build: async (fx) => {
      const { token, referralId } = await freshShare(fx);
      const res = await fx.t.request('/api/public/review/answer', {
        method: 'POST',
        json: { token, referralId, answer: 'SHORTLIST' },
        headers: { 'x-forwarded-for': fx.nextIp() },
      });
      const { data } = (await res.json()) as { data: { answer: { id: number } } };
      return {
        path: `/api/admin/companies/answers/${data.answer.id}/reverse`,
        json: { reason: 'The client meant another candidate.' },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/public/review',
    expect: everyone(200),
    build: async (fx) => ({ path: '/api/public/review', query: { token: (await freshShare(fx)).token } }),
  },
  {
    method: 'GET',
    path: '/api/public/review/candidate',
    expect: everyone(200),
    build: async (fx) => {
      const { token, referralId } = await freshShare(fx);
      return { path: '/api/public/review/candidate', query: { token, referralId: String(referralId) } };
    },
  },
  {
    method: 'GET',
    path: '/api/public/review/cv',
    expect: everyone(200),
    build: async (fx) => {
      const { token, referralId } = await freshShare(fx);
      return { path: '/api/public/review/cv', query: { token, referralId: String(referralId) } };
    },
  },
  {
    method: 'POST',
    path: '/api/public/review/answer',
    expect: everyone(200),
    build: async (fx) => {
      const { token, referralId } = await freshShare(fx);
      return { path: '/api/public/review/answer', json: { token, referralId, answer: 'SHORTLIST' } };
    },
  },
];

/** The app's routes with a handler ("METHOD path"), one per method and path; middleware entries left out. */
export function appRoutes(app: TestApp['app']): string[] {
  const keys = inspectRoutes(app)
    .filter((route) => !route.isMiddleware)
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)].sort();
}

// --- Fixtures and calls ---

async function signedInCaller(t: TestApp, email: string, roles?: string[]): Promise<Caller> {
  const user = await t.createUser({ email, roles });
  return { ...user, token: (await t.login(user.email)).accessToken };
}

/** Recruiters A and B, an admin, and A's task, promo, talent, referral, call proof (with its file) and payment. */
export async function createFixtures(t: TestApp): Promise<Fixtures> {
  const owner = await signedInCaller(t, 'owner@example.com');
  const other = await signedInCaller(t, 'other@example.com');
  const admin = await signedInCaller(t, 'admin@example.com', ['ROLE_ADMIN']);
  let ip = 0;
  let n = 0;
  const taskId = await insertTask(t, { quota: 1000 });
  await insertMember(t, owner.id, taskId);
  const promoId = await insertPromo(t, [taskId]);
  const drop = await t.request('/api/recruiter/talent/drop_resume', {
    method: 'POST',
    headers: bearer(owner.token),
    body: multipart(dropValues(taskId), pdfFile(samplePdf())),
  });
  if (drop.status !== 201) throw new Error(`drop failed: ${drop.status} ${await drop.text()}`);
  const { talentId } = ((await drop.json()) as { data: DropResumeAnswer }).data;
  const talent = await t.db
    .selectFrom('talents')
    .select(['id', 'recruiter_id', 'email', 'phone_e164'])
    .where('id', '=', talentId)
    .executeTakeFirstOrThrow();
  const referralId = await insertReferral(t, talent, taskId);
  const fx: Fixtures = {
    t,
    owner,
    other,
    admin,
    taskId,
    promoId,
    talentId,
    referralId,
    callProofId: 0,
    fileId: 0,
    paymentId: 0,
    nextIp: () => {
      ip += 1;
      return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
    },
    seq: () => {
      n += 1;
      return n;
    },
  };
  const proof = await uploadCallProof(fx, referralId);
  fx.callProofId = proof.id;
  fx.fileId = proof.file.id;
  fx.paymentId = await pendingPayment(fx);
  return fx;
}

export type Answer = { status: number; contentType: string; text: string };

/** Sends a built request as the caller (a new IP each time). */
export async function send(fx: Fixtures, method: string, built: Built, token: string | null): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': fx.nextIp(), ...built.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const query = built.query ? `?${new URLSearchParams(built.query)}` : '';
  const res = await fx.t.request(`${built.path}${query}`, {
    method: method === 'ALL' ? 'GET' : method,
    headers,
    ...(built.json !== undefined ? { json: built.json } : {}),
    ...(built.form ? { body: built.form() } : {}),
  });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

// Tables a refused call may still write: rate-limit counters (a failed login or a token guess counts).
const BOOKKEEPING = new Set(['rate_limits', 'write_log']);

/**
 * Logs every row written to any table (but the bookkeeping ones) into `write_log`, with triggers in the
 * test's own database, so a test can prove a refused call wrote nothing: no insert, update or delete.
 */
export async function installWriteLog(t: TestApp, dialect: Dialect): Promise<void> {
  // SQLite's FTS5 search indexes (migration 008) take no triggers, and their shadow tables change only
  // with the rows they index, whose writes are logged.
  const virtual =
    dialect === 'sqlite'
      ? (
          await sql<{ name: string }>`
            select name from sqlite_master where type = 'table' and sql like 'create virtual table%'`.execute(t.db)
        ).rows.map((row) => row.name)
      : [];
  // On PostgreSQL only this test's own schema is listed: Kysely's introspection reads every schema, and
  // another file's, dropped at that moment, made it fail ("schema does not exist").
  const names =
    dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(t.db)
        ).rows.map((row) => row.name)
      : (await t.db.introspection.getTables()).map((table) => table.name);
  const tables = names
    .filter((name) => !BOOKKEEPING.has(name) && !name.startsWith('kysely_'))
    .filter((name) => !virtual.some((index) => name === index || name.startsWith(`${index}_`)));
  if (dialect === 'postgres') {
    await sql`create table write_log (id serial primary key, tbl text not null, op text not null)`.execute(t.db);
    await sql
      .raw(`create function log_write() returns trigger language plpgsql as $$
        begin insert into write_log (tbl, op) values (TG_TABLE_NAME, TG_OP); return null; end $$`)
      .execute(t.db);
    for (const name of tables) {
      await sql
        .raw(
          `create trigger "wl_${name}" after insert or update or delete on "${name}" for each row execute function log_write()`,
        )
        .execute(t.db);
    }
    return;
  }
  await sql`create table write_log (id integer primary key autoincrement, tbl text not null, op text not null)`.execute(
    t.db,
  );
  for (const name of tables) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql
        .raw(
          `create trigger "wl_${name}_${op}" after ${op} on "${name}" begin insert into write_log (tbl, op) values ('${name}', '${op}'); end`,
        )
        .execute(t.db);
    }
  }
}

/** Where the write log stands now. */
export async function writeMark(t: TestApp): Promise<number> {
  const row = await sql<{ id: number | string | null }>`select max(id) as id from write_log`.execute(t.db);
  return Number(row.rows[0]?.id ?? 0);
}

/** The writes since a mark ("INSERT talents", ...); [] when none. */
export async function writesSince(t: TestApp, mark: number): Promise<string[]> {
  const rows = await sql<{
    tbl: string;
    op: string;
  }>`select tbl, op from write_log where id > ${mark} order by id`.execute(t.db);
  return rows.rows.map((row) => `${row.op} ${row.tbl}`);
}
