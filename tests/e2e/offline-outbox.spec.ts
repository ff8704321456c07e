import { expect, type Page, test } from '@playwright/test';
import { tinyPdf, tinyPng } from '#src/server/db/demo/files.ts';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, logIn, waitForServiceWorkerControl } from './helpers';
import {
  addCallProof,
  callProofFile,
  callProofsTagged,
  cookieTokens,
  describeSends,
  dropResume,
  en,
  expectSaved,
  expireAccessToken,
  joinedOpenTask,
  outboxEntries,
  outboxStates,
  type PickedFile,
  recordSends,
  referralsOfDistinctTalents,
  type Send,
  type ServerApi,
  serverAs,
  storedBytes,
  type TalentInput,
  talentDetail,
  talentsTagged,
  uniquePhone,
  withoutBackgroundSync,
} from './outbox-helpers';

// Issue 4, "the proof that nothing is lost or duplicated": what a recruiter submits on a phone reaches
// the server exactly once, with the very bytes picked, whatever the network, the app's lifecycle or
// the token's age. Chromium at a phone viewport against the built app and its service worker; the
// server is checked through its API with a login of its own. playwright.config.ts runs this spec in
// the mobile project only.

const sameBytes = (stored: Buffer, picked: Buffer) => Buffer.compare(stored, picked) === 0;

const resumeOf = (name: string, lines: string[]): PickedFile => ({
  name,
  mimeType: 'application/pdf',
  buffer: tinyPdf(lines),
});

/** Online once, the pages the scenario opens offline afterwards, so they read from the saved cache. */
async function openOnline(page: Page, taskId: number, profiles: { talentId: number; referralId: number }[]) {
  await page.goto(`/manage-task/add/drop-resume?taskId=${taskId}`);
  await expect(page.locator('#drop-file')).toBeAttached();
  await expectSaved(page, `["tasks","detail",${taskId}]`);
  for (const { talentId, referralId } of profiles) {
    await page.goto(`/talents-folder/${talentId}/profile?referral=${referralId}`);
    await expect(callProofFile(page, referralId)).toBeAttached();
    await expectSaved(page, `["referrals","detail",${referralId}]`);
    await expectSaved(page, `["talents","detail",${talentId}]`);
  }
}

/** Drop-resume while offline: the progress page says it is kept on the device; back to a blank form. */
async function dropOffline(page: Page, taskId: number, talent: TalentInput, another: boolean) {
  await dropResume(page, talent);
  await expectPath(page, '/manage-task/add/progress');
  await expect(page.getByText(en('add_talent_saved_offline'))).toBeVisible();
  if (!another) return;
  await page.getByRole('link', { name: en('add_talent_add_another') }).click();
  await expectPath(page, '/manage-task/add/drop-resume');
  expect(new URL(page.url()).searchParams.get('taskId')).toBe(String(taskId));
  await expect(page.locator('#drop-email')).toHaveValue('');
  await expect(page.getByTestId('resume-selected')).toHaveCount(0);
}

/** The outbox page says everything is sent (opened if another page shows: a page already on it is left alone). */
async function expectAllSent(page: Page, sends: Send[] = []) {
  if (new URL(page.url()).pathname !== '/outbox') await page.goto('/outbox');
  try {
    await expect(page.getByText(en('outbox_empty')).first()).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    // What was stored and sent, so a failure on CI says where the outbox stopped.
    const stored = await outboxEntries(page).catch(() => []);
    throw new Error(`${(error as Error).message}\nentries: ${JSON.stringify(stored)}\nsends: ${describeSends(sends)}`);
  }
  await expect(page.getByTestId('unsent-badge')).toHaveCount(0);
  expect(await outboxStates(page)).not.toContainEqual(expect.stringMatching(/waiting|sending|needs-attention/));
}

/** Polls the server until `count` talents carry `tag` in their e-mail. */
async function waitForTalents(api: ServerApi, tag: string, count: number) {
  await expect
    .poll(async () => (await talentsTagged(api, tag)).length, {
      timeout: 30_000,
      message: `${count} talents on the server`,
    })
    .toBe(count);
}

test('offline: 3 resume drops and 2 call proofs survive a reload, a new page and an expired token, and reach the server once, byte-equal', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await serverAs(request);
  const task = await joinedOpenTask(api);
  const referrals = await referralsOfDistinctTalents(api, 2);
  const run = Date.now();
  const tag = `outbox.${run}`;
  const talents: TalentInput[] = ['Aisyah', 'Boon Keat', 'Chitra'].map((first, index) => ({
    fullName: `${first} Outbox ${run}`,
    email: `${tag}.${index + 1}@example.com`,
    phone: uniquePhone(run, index + 1),
    file: resumeOf(`resume-${tag}-${index + 1}.pdf`, [
      `${first} Outbox ${run}`,
      `Current position: Field Officer ${index + 1}`,
      `Experience: ${index + 2} years of experience`,
    ]),
  }));
  const proofs = referrals.map((referral, index) => ({
    referral,
    note: `Called from the train (${tag}, ${index + 1})`,
    file:
      index === 0
        ? { name: `call-log-${tag}.png`, mimeType: 'image/png', buffer: tinyPng(run % 97, [0xd9, 0x46, 0x2f]) }
        : { name: `call-summary-${tag}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf([`Call summary ${tag}`]) },
  }));
  const pickedBytes = [...talents.map((talent) => talent.file.buffer), ...proofs.map((proof) => proof.file.buffer)];
  expect(new Set(pickedBytes.map((bytes) => bytes.toString('base64'))).size, 'five different files').toBe(5);

  // Online, as on any working day: log in, the service worker takes the page, the pages are seen once.
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await waitForServiceWorkerControl(page);
  await openOnline(
    page,
    task.id,
    referrals.map((referral) => ({ talentId: referral.talentId, referralId: referral.id })),
  );
  await page.goto('/talents-folder');
  await expect(page.getByTestId('talent-card').first()).toBeVisible();
  await expectSaved(page, '["talents","list",');

  // In the lift: three talents for one task, one after the other.
  await context.setOffline(true);
  await page.goto(`/manage-task/add/drop-resume?taskId=${task.id}`);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  for (const [index, talent] of talents.entries()) await dropOffline(page, task.id, talent, index < talents.length - 1);

  // Two call proofs on existing referrals: each shows at once in its list, waiting to sync.
  for (const { referral, file, note } of proofs) {
    await page.goto(`/talents-folder/${referral.talentId}/profile?referral=${referral.id}`);
    await addCallProof(page, referral.id, file, note);
    const queued = page.getByTestId('queued-call-proof').filter({ hasText: file.name });
    await expect(queued).toBeVisible();
    await expect(queued.getByTestId('outbox-state')).toHaveText(en('outbox_state_waiting'));
  }
  await expect(page.getByTestId('unsent-badge')).toContainText('5');

  // The app reloaded while still offline: everything is still there, still waiting.
  await page.reload();
  await expect(page.getByTestId('queued-call-proof').filter({ hasText: proofs[1]?.file.name })).toBeVisible();
  await page.goto('/talents-folder');
  const queuedTalents = page.getByTestId('queued-talent');
  await expect(queuedTalents).toHaveCount(3);
  for (const talent of talents) {
    await expect(queuedTalents.filter({ hasText: talent.email }).getByTestId('outbox-state')).toHaveText(
      en('outbox_state_waiting'),
    );
  }

  // The app closed and opened again, later: the access token has expired meanwhile.
  await page.close();
  const expired = await expireAccessToken(context, request);
  const reopened = await context.newPage();
  const sends = recordSends(context);
  await reopened.goto('/outbox');
  const entries = reopened.getByTestId('outbox-entry');
  await expect(entries).toHaveCount(5);
  await expect(entries.getByTestId('outbox-state')).toHaveText(Array(5).fill(en('outbox_state_waiting')));
  await expect(reopened.getByTestId('unsent-badge')).toContainText('5');

  // Back online: the outbox empties by itself.
  await context.setOffline(false);
  await expectAllSent(reopened, sends);

  // The server holds exactly the 3 talents and the 2 call proofs, with the very bytes picked.
  await waitForTalents(api, tag, 3);
  const onServer = await talentsTagged(api, tag);
  expect(onServer.map((talent) => talent.email).sort()).toEqual(talents.map((talent) => talent.email).sort());
  for (const talent of talents) {
    const summary = onServer.find((item) => item.email === talent.email);
    const detail = await talentDetail(api, summary?.id as number);
    expect(detail.fullName).toBe(talent.fullName);
    expect(detail.resume?.name).toBe(talent.file.name);
    expect(sameBytes(await storedBytes(api, detail.resume?.id as number), talent.file.buffer), talent.file.name).toBe(
      true,
    );
  }
  for (const { referral, file, note } of proofs) {
    const stored = await callProofsTagged(api, referral.id, tag);
    expect(stored, `call proofs of referral ${referral.id}`).toHaveLength(1);
    expect(stored[0]?.file.name).toBe(file.name);
    expect(stored[0]?.note).toBe(note);
    expect(sameBytes(await storedBytes(api, stored[0]?.file.id as number), file.buffer), file.name).toBe(true);
  }

  // The expired token was refreshed once (shared by whoever met it first: the replay, or a screen's
  // query), each entry was sent once, and nothing but the expired token was ever refused.
  test.info().annotations.push({ type: 'sends', description: describeSends(sends) });
  const uploads = sends.filter((send) => send.path !== 'auth/refresh-token');
  expect(sends.filter((send) => send.path === 'auth/refresh-token').map((send) => send.status)).toEqual([200]);
  expect(uploads.filter((send) => send.status === 201)).toHaveLength(5);
  expect(uploads.filter((send) => send.status !== 201 && send.status !== 401)).toEqual([]);
  expect((await cookieTokens(context)).a, 'the device holds a fresh access token').not.toBe(expired);

  // The screens show the server's records, no longer "waiting to sync".
  await reopened.goto(`/talents-folder?search=${encodeURIComponent(tag)}`);
  const cards = reopened.getByTestId('talent-card');
  await expect(cards).toHaveCount(3);
  for (const talent of talents) await expect(cards.filter({ hasText: talent.fullName })).toHaveCount(1);
  await expect(reopened.getByTestId('queued-talent')).toHaveCount(0);
  for (const { referral, file } of proofs) {
    await reopened.goto(`/talents-folder/${referral.talentId}/profile?referral=${referral.id}`);
    await expect(reopened.getByTestId('call-proof').filter({ hasText: file.name })).toBeVisible();
    await expect(reopened.getByTestId('queued-call-proof')).toHaveCount(0);
  }
});

test('a send cut after the server received it is sent again under the same Idempotency-Key: one talent, and the flow goes on', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await serverAs(request);
  const task = await joinedOpenTask(api);
  const run = Date.now();
  const email = `cut.${run}@example.com`;
  const talent: TalentInput = {
    fullName: `Devi Cut ${run}`,
    email,
    phone: uniquePhone(run, 7),
    file: resumeOf(`resume-cut-${run}.pdf`, [
      `Devi Cut ${run}`,
      'Current position: Logistics Coordinator',
      'Experience: 4 years of experience in logistics',
      'Skills: Excel, SAP',
    ]),
  };

  // The first drop POST reaches the server, which creates the talent; its answer is lost on the way
  // back (the phone went into a tunnel). Later tries pass untouched.
  const sends: { key: string | undefined; status: number; replayed?: string; cut: boolean; from: string }[] = [];
  await context.route('**/api/recruiter/talent/drop_resume', async (route) => {
    const key = route.request().headers()['idempotency-key'];
    const response = await route.fetch();
    const cut = sends.length === 0;
    const from = route.request().serviceWorker() ? 'worker' : 'page';
    sends.push({ key, status: response.status(), replayed: response.headers()['idempotent-replayed'], cut, from });
    if (cut) await route.abort('internetdisconnected');
    else await route.fulfill({ response });
  });

  // The page is under the service worker, as in the field: Chromium lets the routes see the requests
  // a worker passes through to the network, so no `serviceWorkers: 'block'` is needed.
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await waitForServiceWorkerControl(page);
  await page.goto(`/manage-task/add/drop-resume?taskId=${task.id}`);
  await dropResume(page, talent);
  await expectPath(page, '/manage-task/add/progress');

  // The outbox tries again after its back-off, and the flow moves on to profile completion.
  await expectPath(page, '/manage-task/add/profile-completion');
  test.info().annotations.push({
    type: 'sends',
    description: sends.map((send) => `${send.from} ${send.status}${send.cut ? ' (answer cut)' : ''}`).join('; '),
  });
  expect(sends.length, 'the cut send and its retry').toBe(2);
  const [first, second] = sends;
  expect(first).toMatchObject({ status: 201, cut: true });
  expect(first?.key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  expect(second?.key, 'the retry carries the same Idempotency-Key').toBe(first?.key);
  expect(second?.status).toBe(201);
  expect(second?.replayed, 'the server answered from its stored answer').toBe('true');

  const found = await talentsTagged(api, email);
  expect(found, 'exactly one talent for the e-mail').toHaveLength(1);
  const talentId = found[0]?.id as number;
  expect(new URL(page.url()).searchParams.get('talentId')).toBe(String(talentId));
  const detail = await talentDetail(api, talentId);
  expect(sameBytes(await storedBytes(api, detail.resume?.id as number), talent.file.buffer)).toBe(true);

  // Profile completion, with what the parser read, sends the referral.
  await expect(page.locator('#profile-position')).toHaveValue('Logistics Coordinator', { timeout: 15_000 });
  await page.getByLabel(en('add_talent_yes'), { exact: true }).check();
  await page.getByLabel(en('rating_good'), { exact: true }).check();
  await page.getByRole('button', { name: en('add_talent_complete_submit') }).click();
  await expect
    .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
    .toBe(`/talents-folder/${talentId}/profile`);
  const completed = await talentDetail(api, talentId);
  expect(completed.referrals.filter((referral) => referral.taskId === task.id)).toHaveLength(1);
  expect(await talentsTagged(api, email)).toHaveLength(1);
});

test('without Background Sync (as on iOS) the page alone sends what was queued offline, once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  await withoutBackgroundSync(context);
  const api = await serverAs(request);
  const task = await joinedOpenTask(api);
  const [referral] = await referralsOfDistinctTalents(api, 1);
  const { id: referralId, talentId } = referral as NonNullable<typeof referral>;
  const run = Date.now();
  const tag = `nosync.${run}`;
  const talent: TalentInput = {
    fullName: `Farah NoSync ${run}`,
    email: `${tag}@example.com`,
    phone: uniquePhone(run, 9),
    file: resumeOf(`resume-${tag}.pdf`, [`Farah NoSync ${run}`, 'Current position: Receptionist']),
  };
  const proof: PickedFile = { name: `call-${tag}.png`, mimeType: 'image/png', buffer: tinyPng(run % 89) };

  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await waitForServiceWorkerControl(page);
  expect(
    await page.evaluate(() => ({
      registration: 'sync' in ServiceWorkerRegistration.prototype,
      manager: 'SyncManager' in window,
    })),
    'no Background Sync in this browser',
  ).toEqual({ registration: false, manager: false });
  await openOnline(page, task.id, [{ talentId, referralId }]);

  await context.setOffline(true);
  await page.goto(`/manage-task/add/drop-resume?taskId=${task.id}`);
  await dropOffline(page, task.id, talent, false);
  await page.goto(`/talents-folder/${talentId}/profile?referral=${referralId}`);
  await addCallProof(page, referralId, proof, `No sync (${tag})`);
  await expect(page.getByTestId('queued-call-proof').filter({ hasText: proof.name })).toBeVisible();
  await expect(page.getByTestId('unsent-badge')).toContainText('2');

  // Back online: only the page's own replay (the `online` event) can send them.
  const sends = recordSends(context);
  await context.setOffline(false);
  await expect(page.getByTestId('call-proof').filter({ hasText: proof.name })).toBeVisible({ timeout: 30_000 });
  await expectAllSent(page);

  await waitForTalents(api, tag, 1);
  const [stored] = await talentsTagged(api, tag);
  const detail = await talentDetail(api, stored?.id as number);
  expect(sameBytes(await storedBytes(api, detail.resume?.id as number), talent.file.buffer)).toBe(true);
  const proofs = await callProofsTagged(api, referralId, tag);
  expect(proofs).toHaveLength(1);
  expect(sameBytes(await storedBytes(api, proofs[0]?.file.id as number), proof.buffer)).toBe(true);
  test.info().annotations.push({ type: 'sends', description: describeSends(sends) });
  expect(sends.map((send) => `${send.from} ${send.path} ${send.status}`)).toEqual([
    'page talent/drop_resume 201',
    'page talent-task/call-proof 201',
  ]);
});
