import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, expectSaved, logIn, message, serverAs, waitForServiceWorkerControl } from './helpers';

// Issue 4, "Reading offline": what a recruiter has opened reads offline from the saved query cache,
// with an "as of" note; a page never opened says the device is offline instead of hanging; a change
// that needs the server says so instead of spinning.
const en = (key: string) => message('en', key);

type Card = { id: number; joined: boolean; status: string };
type Talent = { id: number; fullName: string };

test('pages opened before read offline from the saved cache; others say the device is offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { get } = await serverAs(request);
  const board = await get<{ items: Card[] }>('/api/recruiter/task?status=open&pageSize=50');
  const task = board.items.find((card) => !card.joined && card.status === 'OPEN') ?? board.items[0];
  expect(task, 'an open task on the demo board').toBeDefined();
  const talents = await get<{ items: Talent[] }>('/api/recruiter/talent?pageSize=50');
  expect(talents.items.length, 'the demo recruiter has talents').toBeGreaterThan(1);
  const [visited, neverVisited] = talents.items as [Talent, Talent];

  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await waitForServiceWorkerControl(page);

  // Online: the board with one task's detail open, the folder, one talent's profile.
  await page.goto(`/task?view=${(task as Card).id}`);
  await expect(page.getByTestId('task-card').first()).toBeVisible();
  await expect(page.getByTestId('task-detail-dialog').getByRole('heading', { level: 2 })).toBeVisible();
  await expectSaved(page, `["tasks","detail",${(task as Card).id}]`);
  await expectSaved(page, '["tasks","board",');
  await page.goto('/talents-folder');
  await page.getByRole('link', { name: visited.fullName, exact: true }).first().click();
  await expectPath(page, `/talents-folder/${visited.id}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: visited.fullName })).toBeVisible();
  await expectSaved(page, `["talents","detail",${visited.id}]`);
  await expect(page.getByTestId('as-of-note')).toHaveCount(0);

  await context.setOffline(true);

  // The profile, reloaded offline: from the saved cache, with when it was saved.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: visited.fullName })).toBeVisible();
  await expect(page.getByTestId('as-of-note')).toContainText(/^Offline — showing what was saved at /);

  // The board, reloaded offline, with the task's detail.
  await page.goto(`/task?view=${(task as Card).id}`);
  await expect(page.getByRole('heading', { level: 1, name: en('title_task') })).toBeVisible();
  await expect(page.getByTestId('task-card').first()).toBeVisible();
  await expect(page.getByTestId('as-of-note').first()).toContainText('Offline — showing what was saved at');

  // Joining needs the server: it says so at once, no endless spinner.
  const dialog = page.getByTestId('task-detail-dialog');
  const join = dialog.getByRole('button', { name: en('task_join') });
  if ((task as Card).joined) {
    test.info().annotations.push({ type: 'note', description: 'every open task was joined: no join to try' });
  } else {
    await join.click();
    await expect(dialog.getByText(en('offline_needs_connection'))).toBeVisible();
    await expect(join).toBeEnabled();
  }

  // Never opened on this device: the offline page, not a spinner for ever.
  await page.goto(`/talents-folder/${neverVisited.id}/profile`);
  await expect(page.getByTestId('offline-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: en('offline_page_title') })).toBeVisible();
  await page.goto('/manage-task');
  await expect(page.getByText(en('offline_needs_connection'))).toBeVisible();

  // Back online, the screens read from the server again and the note goes.
  await context.setOffline(false);
  await page.goto(`/talents-folder/${visited.id}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: visited.fullName })).toBeVisible();
  await expect(page.getByTestId('as-of-note')).toHaveCount(0);
});
