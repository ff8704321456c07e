import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import type { NewTask } from '#src/server/db/database.ts';
import { insertMember, insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Manage Task (/manage-task, /{id}, /talent-view, /add) against the real API in-process: two
// recruiters with tasks, talents and referrals in every state, inserted as the flows would leave them.
const server = inProcessApiForFile();
const NOW = Date.parse('2026-11-22T02:00:00.000Z');
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const db = () => server.db;

// The rows go into the in-process API's database, dated by the clock the API starts with.
const rows = () => ({ db: db(), clock: { now: () => new Date(NOW) } });

// A logistics task paying a MYR 200.00 reward; each one an hour older than the last.
let taskCount = 0;
async function logisticsTask(values: Partial<NewTask> & { title: string }) {
  taskCount += 1;
  return insertTask(rows(), {
    company: 'Maju Logistics Sdn Bhd',
    reward_amount: 20_000,
    created_at: at(-taskCount * HOUR),
    updated_at: at(-taskCount * HOUR),
    ...values,
  });
}

let proofCount = 0;
async function addCallProof(referralId: number, createdBy: number) {
  proofCount += 1;
  const file = await db()
    .insertInto('files')
    .values({
      owner_id: createdBy,
      purpose: 'CALL_PROOF',
      original_name: 'call.png',
      mime_type: 'image/png',
      size: 100,
      sha256: 'x'.repeat(64),
      storage_key: `test/call-proof-${proofCount}.png`,
      created_at: at(-HOUR),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('call_proofs')
    .values({
      referral_id: referralId,
      file_id: file.id,
      called_at: at(-2 * HOUR),
      note: null,
      review_status: 'NEED_REVIEW',
      review_reason: null,
      reviewed_by: null,
      reviewed_at: null,
      created_by: createdBy,
      created_at: at(-HOUR),
    })
    .execute();
}

const userId = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

let me: { email: string; id: number };
let tasks: { planner: number; driver: number; notJoined: number; theirs: number };
let talents: { aisyah: number; ravi: number };
let referrals: { aisyahPlanner: number; raviPlanner: number; aisyahDriver: number };

beforeAll(async () => {
  const email = await server.createUser({ fullName: 'Ahmad Faizal' });
  me = { email, id: await userId(email) };
  const otherEmail = await server.createUser({ fullName: 'Tan Wei Ming' });
  const other = await userId(otherEmail);

  tasks = {
    planner: await logisticsTask({ title: 'Route Planner' }),
    driver: await logisticsTask({ title: 'Forklift Driver', job_type: 'pt', status: 'CLOSED' }),
    notJoined: await logisticsTask({ title: 'Barista' }),
    theirs: await logisticsTask({ title: 'Cashier' }),
  };
  await insertMember(rows(), me.id, tasks.planner);
  await insertMember(rows(), me.id, tasks.driver);
  await insertMember(rows(), other, tasks.theirs);
  await insertMember(rows(), other, tasks.planner);

  const aisyah = await insertTalent(rows(), me.id, { full_name: 'Aisyah Zulkifli' });
  const ravi = await insertTalent(rows(), me.id, { full_name: 'Ravi Chandran' });
  const theirTalent = await insertTalent(rows(), other, { full_name: 'Lee Chong Hao' });
  talents = { aisyah: aisyah.id, ravi: ravi.id };
  referrals = {
    aisyahPlanner: await insertReferral(rows(), aisyah, tasks.planner, {
      consent_status: 'CONFIRMED',
      ita_status: 'SENT',
      hiring_status: 'INTERVIEW',
      reward_status: 'APPROVED',
      reward_amount: 20_000,
      reward_currency: 'MYR',
    }),
    raviPlanner: await insertReferral(rows(), ravi, tasks.planner),
    aisyahDriver: await insertReferral(rows(), aisyah, tasks.driver, {
      consent_status: 'DECLINED',
      reward_status: 'NOT_VALID',
      hiring_status: 'WITHDRAWN',
    }),
  };
  await insertReferral(rows(), theirTalent, tasks.planner, { consent_status: 'CONFIRMED' });
  await addCallProof(referrals.raviPlanner, me.id);
  await addCallProof(referrals.raviPlanner, me.id);
});

beforeEach(async () => {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
  await server.signIn(me.email);
});
afterEach(() => cleanup());

const cardOf = async (title: string) => {
  const link = await screen.findByRole('link', { name: title });
  const article = link.closest('article');
  if (!article) throw new Error(`no card for ${title}`);
  return within(article);
};
const count = (card: ReturnType<typeof within>, id: string) => card.getByTestId(id).textContent;

describe('manage task list', () => {
  it('shows only the tasks I joined, with my referrals counted by consent and reward', async () => {
    renderAppAt('/manage-task');
    const planner = await cardOf('Route Planner');
    // The other recruiter's referral to the same task is not mine: two, not three.
    expect(count(planner, 'count-total')).toBe('Talents referred: 2');
    expect(count(planner, 'count-consent-pending')).toBe('1');
    expect(count(planner, 'count-consent-confirmed')).toBe('1');
    expect(count(planner, 'count-consent-declined')).toBe('0');
    expect(count(planner, 'count-reward-in-review')).toBe('1');
    expect(count(planner, 'count-reward-approved')).toBe('1');
    expect(planner.getByRole('link', { name: 'Add talent' })).toBeTruthy();

    // Closed tasks stay in Manage Task (status "all" by default), without "Add talent".
    const driver = await cardOf('Forklift Driver');
    expect(count(driver, 'count-consent-declined')).toBe('1');
    expect(count(driver, 'count-reward-not-rewarded')).toBe('1');
    expect(driver.queryByRole('link', { name: 'Add talent' })).toBeNull();

    expect(screen.queryByRole('link', { name: 'Barista' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cashier' })).toBeNull();
  });

  it('filters in the URL and offers the board when I have no task', async () => {
    const { router } = renderAppAt('/manage-task');
    await cardOf('Route Planner');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'closed' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Route Planner' })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Forklift Driver' })).toBeTruthy();
    cleanup();

    await server.signIn(await server.createUser());
    renderAppAt('/manage-task');
    expect(await screen.findByText(/You have not joined a task yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a task' }).getAttribute('href')).toBe('/task');
  });

  it('switches to the talent view with the same referrals across tasks', async () => {
    const { router } = renderAppAt('/manage-task');
    await cardOf('Route Planner');
    fireEvent.click(screen.getByRole('link', { name: 'By talent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-task/talent-view'));
    await screen.findByRole('link', { name: "Open Ravi Chandran's profile" });
    const rows = screen.getAllByTestId('referral-row');
    expect(rows).toHaveLength(3);
    expect(screen.queryByText('Lee Chong Hao')).toBeNull();

    fireEvent.change(screen.getByLabelText('Consent'), { target: { value: 'DECLINED' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ consent: 'DECLINED' }));
    await waitFor(() => expect(screen.getAllByTestId('referral-row')).toHaveLength(1));
    const row = within(screen.getByTestId('referral-row'));
    expect(row.getByTestId('referral-task').textContent).toContain('Forklift Driver');
    expect(row.getByTestId('consent-badge').textContent).toBe('Consent declined');
    expect(row.getByTestId('reward-badge').textContent).toBe('Not valid');
  });
});

describe('in Malay', () => {
  it('counts my referrals and shows money as ringgit', async () => {
    const before = window.location.href;
    window.history.replaceState(null, '', '/ms/manage-task');
    try {
      renderAppAt('/manage-task');
      const planner = await cardOf('Route Planner');
      expect(count(planner, 'count-total')).toBe('Calon dirujuk: 2');
      expect(planner.getByTestId('task-reward').textContent).toMatch(/^RM\s?200\.00/);
      expect(planner.getByRole('link', { name: 'Tambah calon' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Mengikut calon' })).toBeTruthy();
    } finally {
      window.history.replaceState(null, '', before);
    }
  });
});

describe('manage task detail', () => {
  it('lists my referrals to the task with their states, linking to the profile at that referral', async () => {
    renderAppAt(`/manage-task/${tasks.planner}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Route Planner' })).toBeTruthy();
    expect(screen.getByTestId('count-total').textContent).toBe('Talents referred: 2');
    const list = within(screen.getByRole('list', { name: 'Referred talents' }));
    expect(list.getAllByTestId('referral-row')).toHaveLength(2);
    expect(list.queryByText('Lee Chong Hao')).toBeNull();

    const aisyah = within(
      list.getByRole('link', { name: "Open Aisyah Zulkifli's profile" }).closest('article') as HTMLElement,
    );
    expect(aisyah.getByTestId('consent-badge').textContent).toBe('Consent confirmed');
    expect(aisyah.getByTestId('ita-badge').textContent).toBe('ITA sent');
    expect(aisyah.getByTestId('hiring-badge').textContent).toBe('Interview');
    expect(aisyah.getByTestId('reward-badge').textContent).toBe('Approved');

    const raviLink = list.getByRole('link', { name: "Open Ravi Chandran's profile" });
    const ravi = within(raviLink.closest('article') as HTMLElement);
    expect(ravi.getByTestId('referral-call-proofs').textContent).toBe('Call proofs to review: 2');
    expect(raviLink.getAttribute('href')).toMatch(
      new RegExp(`^/talents-folder/${talents.ravi}/profile\\?referral=(%22)?${referrals.raviPlanner}(%22)?$`),
    );
    expect(screen.getAllByRole('link', { name: 'Add talent' })[0]?.getAttribute('href')).toMatch(
      new RegExp(`^/manage-task/add\\?taskId=(%22)?${tasks.planner}(%22)?$`),
    );
  });

  it('answers Page Not Found for a task I have not joined', async () => {
    renderAppAt(`/manage-task/${tasks.theirs}`);
    expect((await screen.findByTestId('error-page-title')).textContent).toBe('Page Not Found');
  });
});

describe('add talent', () => {
  it('shows the task and both ways in, and says that adding a talent joins the task', async () => {
    renderAppAt(`/manage-task/add?taskId=${tasks.notJoined}`);
    expect((await screen.findByTestId('add-talent-task')).textContent).toContain('Barista');
    expect(screen.getByText('You have not joined this task yet. Adding a talent joins it for you.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Drop a resume/ }).getAttribute('href')).toMatch(
      new RegExp(`^/manage-task/add/drop-resume\\?taskId=(%22)?${tasks.notJoined}(%22)?$`),
    );
  });

  it('picks a talent from my folder, but not one already referred to the task', async () => {
    renderAppAt(`/manage-task/add?taskId=${tasks.planner}`);
    await screen.findByTestId('add-talent-task');
    expect(screen.queryByText('You have not joined this task yet. Adding a talent joins it for you.')).toBeNull();
    const rows = await screen.findAllByTestId('pick-talent-row');
    // Both of my talents are already referred to the planner task; the other recruiter's is not mine.
    expect(rows).toHaveLength(2);
    expect(screen.getAllByText('Already referred')).toHaveLength(2);
    cleanup();

    renderAppAt(`/manage-task/add?taskId=${tasks.notJoined}`);
    fireEvent.change(await screen.findByLabelText('Search my talents'), { target: { value: 'ravi' } });
    await waitFor(() => expect(screen.getAllByTestId('pick-talent-row')).toHaveLength(1));
    const pick = await screen.findByRole('link', { name: 'Pick Ravi Chandran' });
    expect(pick.getAttribute('href')).toMatch(
      new RegExp(
        `^/manage-task/add/profile-completion\\?taskId=(%22)?${tasks.notJoined}(%22)?&talentId=(%22)?${talents.ravi}(%22)?&picked=true$`,
      ),
    );

    // Picked, not dropped: the stepper says the drop and its processing were skipped, not done.
    fireEvent.click(pick);
    const steps = within(await screen.findByRole('navigation', { name: 'Steps to add a talent' }));
    const items = steps.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Drop resume(Skipped)',
      'Processing(Skipped)',
      'Complete profile',
    ]);
    expect(items.map((item) => item.classList.contains('step-primary'))).toEqual([false, false, true]);
    expect(items[2]?.getAttribute('aria-current')).toBe('step');
  });

  it('answers Page Not Found for an unknown task', async () => {
    renderAppAt('/manage-task/add?taskId=999999');
    expect((await screen.findByTestId('error-page-title')).textContent).toBe('Page Not Found');
  });
});
