import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cachedTaskChoices } from '#src/features/share-target/api.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { clearSharedFile, peekSharedFile, putSharedFile } from '#src/lib/shared-file.ts';
import type { TaskCard } from '#src/shared/recruiter-types.ts';
import { insertMember, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// The page a CV shared from another app lands on (/share-target): what arrived, and which of my open
// tasks it is for. Against the real API in-process; the shared file sits in (fake) IndexedDB as the
// service worker leaves it.
const server = inProcessApiForFile();
const rows = () => ({ db: server.db, clock: { now: () => new Date('2026-11-22T02:00:00.000Z') } });
let withTasks: string;
let withoutTasks: string;
let tasks: { planner: number; closed: number; expired: number; notJoined: number };

const userId = async (email: string) =>
  (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  withTasks = await server.createUser({ fullName: 'Ahmad Faizal' });
  withoutTasks = await server.createUser({ fullName: 'Nur Izzati' });
  const me = await userId(withTasks);
  tasks = {
    planner: await insertTask(rows(), { title: 'Route Planner', company: 'Maju Logistics Sdn Bhd' }),
    closed: await insertTask(rows(), { title: 'Forklift Driver', status: 'CLOSED' }),
    expired: await insertTask(rows(), { title: 'Night Guard', expires_at: '2026-11-01T00:00:00.000Z' }),
    notJoined: await insertTask(rows(), { title: 'Barista' }),
  };
  await insertMember(rows(), me, tasks.planner);
  await insertMember(rows(), me, tasks.closed);
  await insertMember(rows(), me, tasks.expired);
  await insertMember(rows(), await userId(withoutTasks), tasks.closed);
});

async function logInAs(email: string) {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
  await server.signIn(email);
}

const shareCv = (name = 'siti-cv.pdf', size = 240_000) =>
  putSharedFile({
    name,
    type: 'application/pdf',
    data: new Uint8Array(size).buffer,
    receivedAt: new Date().toISOString(),
  });

beforeEach(async () => {
  await clearSharedFile();
  await logInAs(withTasks);
});
afterEach(() => cleanup());

describe('a CV shared into the app', () => {
  it('shows what arrived and offers only my open tasks, each leading to drop-resume with the file', async () => {
    await shareCv();
    renderAppAt('/share-target');
    expect((await screen.findByTestId('shared-file')).textContent).toMatch(/CV received: siti-cv\.pdf, 240 kB/);
    expect(screen.getByRole('heading', { name: 'Which task is this CV for?' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your open tasks' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([expect.stringContaining('Route Planner')]);
    const href = decodeURIComponent(links[0]?.getAttribute('href') ?? '');
    expect(href).toMatch(new RegExp(`^/manage-task/add/drop-resume\\?taskId="?${tasks.planner}"?&shared=1$`));
    // Looking is not taking: drop-resume takes the file.
    expect((await peekSharedFile())?.name).toBe('siti-cv.pdf');
  });

  it('narrows the tasks by search', async () => {
    await shareCv();
    renderAppAt('/share-target');
    await screen.findByRole('list', { name: 'Your open tasks' });
    fireEvent.change(screen.getByLabelText('Search your open tasks'), { target: { value: 'cashier' } });
    expect(await screen.findByText('No open task matches your search.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search your open tasks'), { target: { value: 'maju' } });
    const list = await screen.findByRole('list', { name: 'Your open tasks' });
    expect(within(list).getByRole('link').textContent).toContain('Route Planner');
  });

  it('sends a recruiter without an open task to the task board', async () => {
    await logInAs(withoutTasks);
    await shareCv();
    renderAppAt('/share-target');
    expect(
      await screen.findByText(
        'You have not joined an open task yet. Join one on the task board, then share the CV again.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the task board' }).getAttribute('href')).toBe('/task');
  });

  it('forgets the file on cancel', async () => {
    await shareCv();
    const { router } = renderAppAt('/share-target');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await peekSharedFile()).toBeUndefined();
  });
});

describe('a share that brought nothing', () => {
  it('asks for the CV again when no file is held', async () => {
    renderAppAt('/share-target');
    expect(await screen.findByText('Nothing was shared, or the file did not arrive. Share the CV again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the task board' })).toBeTruthy();
  });

  it('says so for ?empty=1 even with an older file held, and forgets that one', async () => {
    await shareCv('old-cv.pdf');
    renderAppAt('/share-target?empty=1');
    expect(await screen.findByText('Nothing was shared, or the file did not arrive. Share the CV again.')).toBeTruthy();
    expect(screen.queryByTestId('shared-file')).toBeNull();
    expect(await peekSharedFile()).toBeUndefined();
  });

  it('needs a login, and comes back to the share page after it', async () => {
    clearAuthTokens();
    const { router } = renderAppAt('/share-target');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toMatchObject({ redirect: '/share-target' });
  });
});

describe('offline, the tasks the cache already knows', () => {
  const card = (id: number, title: string, extra: Partial<TaskCard> = {}): TaskCard => ({
    id,
    code: `T-${id}`,
    title,
    company: 'Maju Logistics Sdn Bhd',
    jobType: 'ft',
    isCritical: false,
    location: 'Shah Alam',
    country: 'Malaysia',
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: 'MYR',
    rewardAmount: 20_000,
    rewardCurrency: 'MYR',
    promo: null,
    quota: 5,
    quotaUsed: 0,
    quotaLeft: 5,
    status: 'OPEN',
    expiresAt: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    joined: true,
    ...extra,
  });
  const page = (items: TaskCard[]) => ({ items, page: 1, pageSize: 10, total: items.length });

  it('gathers my open tasks from Manage Task, the board and opened details, once each', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      ['recruiter-tasks', 'list', { status: 'all' }],
      page([card(1, 'Route Planner'), card(2, 'Forklift Driver', { status: 'CLOSED' })]),
    );
    queryClient.setQueryData(
      ['tasks', 'board', { status: 'open' }],
      page([card(1, 'Route Planner'), card(3, 'Barista', { joined: false }), card(4, 'Cashier')]),
    );
    queryClient.setQueryData(['tasks', 'detail', 5], card(5, 'Night Guard', { expiresAt: '2020-01-01T00:00:00.000Z' }));
    queryClient.setQueryData(['tasks', 'detail', 6], card(6, 'Storekeeper'));
    expect(cachedTaskChoices(queryClient, '').items.map((task) => task.title)).toEqual([
      'Storekeeper',
      'Cashier',
      'Route Planner',
    ]);
    expect(cachedTaskChoices(queryClient, 'route').items.map((task) => task.title)).toEqual(['Route Planner']);
  });
});
