import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import type { NewTask } from '#src/server/db/database.ts';
import { insertPromo, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// The task board (/task, /task/promo/{id}) against the real API in-process, with tasks and promos
// inserted as an admin would have published them.
const server = inProcessApiForFile();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let nowMs: number;
const at = (offsetMs: number) => new Date(nowMs + offsetMs).toISOString();

// The rows go into the in-process API's database, dated by the clock the API starts with.
const rows = () => ({ db: server.db, clock: { now: () => new Date(nowMs) } });

// A logistics task with a salary, a deadline in ten days, skills and languages; each one older than the last.
let taskCount = 0;
async function logisticsTask(values: Partial<NewTask> & { title: string }) {
  taskCount += 1;
  return insertTask(rows(), {
    company: 'Maju Logistics Sdn Bhd',
    description: 'Plan daily delivery routes.\nWork with the warehouse team.',
    location: 'Shah Alam',
    country: 'Malaysia',
    salary_min: 350_000,
    salary_max: 500_000,
    reward_amount: 20_000,
    expires_at: at(10 * DAY),
    required_skills: JSON.stringify(['Excel', 'Route planning']),
    required_languages: JSON.stringify(['ms', 'en']),
    created_at: at(-taskCount * HOUR),
    updated_at: at(-taskCount * HOUR),
    ...values,
  });
}

let ids: { planner: number; intern: number; closed: number; critical: number };
let promoId: number;

beforeAll(async () => {
  nowMs = Date.parse('2026-11-22T02:00:00.000Z');
  ids = {
    planner: await logisticsTask({ title: 'Route Planner' }),
    intern: await logisticsTask({
      title: 'Marketing Intern',
      company: 'Kedai Kopi Bhd',
      job_type: 'intern',
      salary_min: null,
      salary_max: null,
      reward_amount: 5_000,
      expires_at: null,
    }),
    closed: await logisticsTask({ title: 'Warehouse Supervisor', status: 'CLOSED' }),
    critical: await logisticsTask({ title: 'Forklift Driver', is_critical: 1, job_type: 'pt', quota: 2 }),
  };
  promoId = await insertPromo(rows(), [ids.planner], {
    title: 'Logistics Month',
    description: 'Double up on logistics roles this month.',
    starts_at: at(-2 * DAY),
    ends_at: at(5 * DAY),
    bonus_amount: 5_000,
  });
});

beforeEach(async () => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window
  await server.signIn(await server.createUser());
});
afterEach(() => cleanup());

const card = async (title: string) => {
  const heading = await screen.findByRole('button', { name: title });
  const article = heading.closest('article');
  if (!article) throw new Error(`no card for ${title}`);
  return within(article);
};

describe('task board', () => {
  it('shows open tasks as cards with reward, promo bonus, salary, quota and deadline', async () => {
    renderAppAt('/task');
    const planner = await card('Route Planner');
    // English shows the code of the record's currency (Intl, en-US).
    expect(planner.getByTestId('task-reward').textContent).toMatch(/^MYR\s200\.00/);
    expect(planner.getByTestId('task-promo-bonus').textContent).toMatch(/^\+ MYR\s50\.00 promo bonus$/);
    expect(planner.getByTestId('task-salary').textContent).toMatch(/^MYR\s3,500\.00 – MYR\s5,000\.00$/);
    expect(planner.getByTestId('task-quota').textContent).toContain('0 used · 5 left');
    // 10 days after 02:00 UTC is 10:00 in Kuala Lumpur.
    expect(planner.getByTestId('task-deadline').textContent).toMatch(/Dec 2, 2026.*10:00/);
    expect(planner.getByTestId('promo-badge')).toBeTruthy();

    const intern = await card('Marketing Intern');
    expect(intern.getByTestId('task-salary').textContent).toBe('Not stated');
    expect(intern.getByTestId('task-deadline').textContent).toBe('No deadline');
    expect(intern.getByText(/Internship/)).toBeTruthy();

    expect((await card('Forklift Driver')).getByTestId('critical-badge').textContent).toBe('Critical');
    // Open is the default status filter: the closed task is not on the board.
    expect(screen.queryByRole('button', { name: 'Warehouse Supervisor' })).toBeNull();
  });

  it('puts running promos on top, linking to their tasks', async () => {
    const { router } = renderAppAt('/task');
    const promo = await screen.findByTestId('promo-card');
    expect(promo.textContent).toContain('Logistics Month');
    expect(promo.textContent).toMatch(/\+MYR\s50\.00 bonus per referral/);
    fireEvent.click(promo);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/task/promo/${promoId}`));
    expect(await screen.findByRole('heading', { name: 'Logistics Month' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Route Planner' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marketing Intern' })).toBeNull();
  });

  it('keeps filters, sort and page size in the URL, and a reload shows the same view', async () => {
    const { router } = renderAppAt('/task');
    await card('Route Planner');
    fireEvent.change(screen.getByLabelText('Job type'), { target: { value: 'intern' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ jobType: 'intern' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Route Planner' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Marketing Intern' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '20' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ jobType: 'intern', pageSize: 20 }));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'all' }));
    // Defaults stay out of the address: page 1 is not written.
    expect(router.state.location.search).not.toHaveProperty('page');
    const href = router.state.location.href;
    cleanup();

    const reloaded = renderAppAt(href);
    expect(await screen.findByRole('button', { name: 'Marketing Intern' })).toBeTruthy();
    expect((screen.getByLabelText('Job type') as HTMLSelectElement).value).toBe('intern');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('all');
    expect((screen.getByLabelText('Per page') as HTMLSelectElement).value).toBe('20');
    expect(reloaded.router.state.location.search).toMatchObject({ jobType: 'intern', status: 'all', pageSize: 20 });
  });

  it('searches and shows closed tasks with their status when asked', async () => {
    const { router } = renderAppAt('/task?status=closed');
    expect((await card('Warehouse Supervisor')).getByTestId('task-status-badge').textContent).toBe('Closed');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nothing like this' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'nothing like this' }));
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('button', { name: 'Route Planner' })).toBeTruthy();
  });

  it('ignores a bad value in a shared link instead of failing the page', async () => {
    const { router } = renderAppAt('/task?jobType=boss&sort=reward&pageSize=7');
    expect(await screen.findByRole('button', { name: 'Route Planner' })).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ sort: 'reward' });
    expect((screen.getByLabelText('Job type') as HTMLSelectElement).value).toBe('');
  });
});

describe('task detail and join', () => {
  it('opens the detail as a dialog in the URL, joins, and offers to add a talent', async () => {
    const { router } = renderAppAt('/task');
    fireEvent.click(await screen.findByRole('button', { name: 'Route Planner' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: String(ids.planner) }));
    const dialog = within(await screen.findByTestId('task-detail-dialog'));
    expect(await dialog.findByText(/Plan daily delivery routes/)).toBeTruthy();
    expect(dialog.getByText('Route planning')).toBeTruthy();
    expect(dialog.getByText('Malay')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Join task' }));
    const addTalent = await dialog.findByRole('link', { name: 'Add talent' });
    // The test router writes ids as JSON text ("1"), the app's router plain; both parse to the same id.
    expect(addTalent.getAttribute('href')).toMatch(
      new RegExp(`^/manage-task/add\\?taskId=(%22)?${ids.planner}(%22)?$`),
    );
    // The toast follows the answer; the link may render a moment before it.
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain('You joined "Route Planner". It is now in Manage Task.'),
    );

    // The board's card shows the join once the dialog is closed.
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByTestId('task-detail-dialog')).toBeNull();
    expect(await (await card('Route Planner')).findByTestId('joined-badge')).toBeTruthy();
    cleanup();

    // Joined tasks are the recruiter's Manage Task.
    renderAppAt('/manage-task');
    expect(await screen.findByRole('link', { name: 'Route Planner' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Marketing Intern' })).toBeNull();
  });

  it('opens straight from a link, and says why a closed task cannot be joined', async () => {
    renderAppAt(`/task?status=all&view=${ids.closed}`);
    const dialog = within(await screen.findByTestId('task-detail-dialog'));
    expect(await dialog.findByText("This task is closed, so it can't be joined.")).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Join task' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the refusal when the task closed after the detail was loaded', async () => {
    const late = await logisticsTask({ title: 'Night Shift Packer' });
    renderAppAt(`/task?view=${late}`);
    const dialog = within(await screen.findByTestId('task-detail-dialog'));
    const join = await dialog.findByRole('button', { name: 'Join task' });
    await server.db.updateTable('tasks').set({ status: 'CLOSED' }).where('id', '=', late).execute();
    fireEvent.click(join);
    expect(await dialog.findByText("This task is closed, so it can't be joined.")).toBeTruthy();
  });
});

describe('in Chinese', () => {
  it('shows the board and the join in the interface language', async () => {
    const before = window.location.href;
    window.history.replaceState(null, '', '/zh/task');
    try {
      renderAppAt(`/task?view=${ids.intern}`);
      const dialog = within(await screen.findByTestId('task-detail-dialog'));
      expect(await dialog.findByRole('button', { name: '加入任务' })).toBeTruthy();
      expect(dialog.getByText(/实习/)).toBeTruthy();
      expect(screen.getByLabelText('工作类型')).toBeTruthy();
      expect(screen.getAllByText('奖励').length).toBeGreaterThan(0);
    } finally {
      window.history.replaceState(null, '', before);
    }
  });
});

describe('loading failures', () => {
  it('says why the board could not load and loads it again on retry', async () => {
    // React reports the error the route's error boundary catches: expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let failures = 1;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (failures > 0 && new URL(request.url).pathname === '/api/recruiter/task') {
        failures -= 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return server.fetch(request);
    });
    try {
      renderAppAt('/task');
      expect(await screen.findByText('This list could not be loaded.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('button', { name: 'Route Planner' })).toBeTruthy();
      expect(logged).toHaveBeenCalled();
    } finally {
      vi.stubGlobal('fetch', server.fetch);
      vi.restoreAllMocks();
    }
  });
});

describe('promo page', () => {
  it('answers Page Not Found for an unknown promo', async () => {
    renderAppAt('/task/promo/999999');
    expect((await screen.findByTestId('error-page-title')).textContent).toBe('Page Not Found');
  });
});
