import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 21: a talent whose resume was dropped but whose profile was never completed says "Finish adding"
// in the folder and on its profile, and the dashboard reminds the recruiter how many there are.
const server = inProcessApiForFile();
const rows = () => ({ db: server.db, clock: { now: () => new Date() } });

let recruiter: string;
let ids: { taskId: number; halfAdded: number; complete: number };

beforeAll(async () => {
  recruiter = await server.createUser({ fullName: 'Farah Recruiter' });
  const me = (await server.db.selectFrom('users').select('id').where('email', '=', recruiter).executeTakeFirstOrThrow())
    .id;
  const taskId = await insertTask(rows(), { title: 'Backend Engineer' });
  const halfAdded = await insertTalent(rows(), me, { full_name: 'Nurul Half', completion_task_id: taskId });
  await insertTalent(rows(), me, { full_name: 'Hakim Half', completion_task_id: taskId });
  const complete = await insertTalent(rows(), me, { full_name: 'Wei Complete' });
  ids = { taskId, halfAdded: halfAdded.id, complete: complete.id };
});

beforeEach(() => {
  clearAuthTokens();
});
afterEach(() => {
  cleanup();
});

// The completion page and the task and talent it is for. (The router writes string search values as JSON,
// "1", as every link to this page does.)
const target = (href: string | null) => {
  const url = new URL(href ?? '', 'http://app.test');
  const value = (name: string) => JSON.parse(url.searchParams.get(name) ?? 'null');
  return { path: url.pathname, taskId: value('taskId'), talentId: value('talentId') };
};
const completion = () => ({
  path: '/manage-task/add/profile-completion',
  taskId: String(ids.taskId),
  talentId: String(ids.halfAdded),
});

const card = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('[data-testid="talent-card"]') as HTMLElement;

describe('a half-added talent', () => {
  it('shows "Finish adding" in the folder, linking to its profile completion, and not on a complete talent', async () => {
    await server.signIn(recruiter);
    renderAppAt('/talents-folder');
    const half = within(await card('Nurul Half'));
    expect(half.getByText('Profile not completed')).toBeTruthy();
    expect(target(half.getByRole('link', { name: 'Finish adding' }).getAttribute('href'))).toEqual(completion());
    expect(within(await card('Wei Complete')).queryByText('Finish adding')).toBeNull();
  });

  it('shows "Finish adding" on its profile', async () => {
    await server.signIn(recruiter);
    renderAppAt(`/talents-folder/${ids.halfAdded}/profile`);
    const link = await screen.findByRole('link', { name: 'Finish adding' });
    expect(target(link.getAttribute('href'))).toEqual(completion());
  });

  it('is counted on the dashboard, in a plural-aware reminder that opens the folder', async () => {
    await server.signIn(recruiter);
    renderAppAt('/dashboard');
    const reminder = await screen.findByTestId('todo-half-added');
    const link = within(reminder).getByRole('link', { name: '2 talents to finish adding' });
    expect(link.getAttribute('href')).toBe('/talents-folder');
  });
});
