import { expect, type Page, test } from '@playwright/test';
import { tinyPdf } from '#src/server/db/demo/files.ts';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, logIn, message, type ServerApi, serverAs, waitForServiceWorkerControl } from './helpers';

// Share a CV straight into the app (issue 4): Android posts the shared file to the manifest's
// share_target as multipart form data. The service worker takes it without the network, the recruiter
// picks the task, and drop-resume opens with the file attached; the server ends up with the same bytes.
// A phone flow: playwright.config.ts runs it in the mobile project only.
const en = (key: string) => message('en', key);

type Card = { id: number; title: string; joined: boolean; status: string };

/** An open task the demo recruiter has joined; joins one from the board when there is none. */
async function joinedOpenTask(api: ServerApi): Promise<Card> {
  const mine = await api.get<{ items: Card[] }>('/api/recruiter/recruiter/task?status=open&pageSize=50');
  const joined = mine.items[0];
  if (joined) return joined;
  const board = await api.get<{ items: Card[] }>('/api/recruiter/task?status=open&pageSize=50');
  const task = board.items.find((card) => !card.joined);
  expect(task, 'an open task to join').toBeDefined();
  await api.post(`/api/recruiter/task/${(task as Card).id}/join`);
  return task as Card;
}

/** Does what Android's share sheet does: a multipart POST navigation to the share target. */
async function shareFromAnotherApp(page: Page, file: { name: string; type: string; bytes: Buffer } | null) {
  await page.evaluate(
    (shared) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      const field = (name: string, value: string) => {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      };
      field('title', shared ? shared.name : '');
      field('text', 'Sent from WhatsApp');
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'resume';
      if (shared) {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(shared.bytes)], shared.name, { type: shared.type }));
        input.files = transfer.files;
      }
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    file && { name: file.name, type: file.type, bytes: [...file.bytes] },
  );
}

/** The shared file the service worker holds in IndexedDB, as bytes; null when there is none. */
async function heldSharedBytes(page: Page): Promise<number[] | null> {
  return page.evaluate(
    () =>
      new Promise<number[] | null>((resolve, reject) => {
        const open = indexedDB.open('recruiter-shared');
        open.onupgradeneeded = () => open.result.createObjectStore('files');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('files').objectStore('files').get('current');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const held = read.result as { data: ArrayBuffer } | undefined;
            open.result.close();
            resolve(held ? [...new Uint8Array(held.data)] : null);
          };
        };
      }),
  );
}

/** Waits until the saved query cache (IndexedDB) holds `fragment`, so a reload offline finds it. */
async function waitForSavedCache(page: Page, fragment: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open('recruiter-query-cache');
              open.onerror = () => resolve('');
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('cache')) return resolve('');
                const all = db.transaction('cache').objectStore('cache').getAll();
                all.onsuccess = () =>
                  resolve(
                    all.result.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join('\n'),
                  );
                all.onerror = () => resolve('');
              };
            }),
        ),
      { timeout: 10_000, message: 'the query cache saved to IndexedDB' },
    )
    .toContain(fragment);
}

test('the web app manifest declares the share target for CVs', async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    share_target?: {
      action: string;
      method: string;
      enctype: string;
      params: { files: { name: string; accept: string[] }[] };
    };
  };
  expect(manifest.share_target).toMatchObject({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
  });
  const files = manifest.share_target?.params.files[0];
  expect(files?.name).toBe('resume');
  expect(files?.accept).toEqual(expect.arrayContaining(['application/pdf', '.docx', 'image/*']));
});

test('before the service worker is installed, the server sends a share to the page as empty', async ({ request }) => {
  const answer = await request.post('/share-target', {
    multipart: { resume: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: tinyPdf(['CV']) } },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  expect(answer.headers().location).toBe('/share-target?empty=1');
});

test('a CV shared while offline lands on drop-resume with the file attached, and reaches the server byte-equal', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await serverAs(request);
  const task = await joinedOpenTask(api);
  const cv = {
    name: `shared-cv-${Date.now()}.pdf`,
    type: 'application/pdf',
    bytes: tinyPdf(['Siti Aminah binti Yusof', 'Current position: Payroll Executive', 'Skills: Excel, Payroll']),
  };

  // Online once, as on any working day: the task was seen, so it is in the saved cache.
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await waitForServiceWorkerControl(page);
  await page.goto(`/task?view=${task.id}`);
  await expect(page.getByRole('dialog')).toContainText(task.title);
  await waitForSavedCache(page, `"detail",${task.id}]`);

  // Offline, another app shares the CV.
  await context.setOffline(true);
  await shareFromAnotherApp(page, cv);
  await expectPath(page, '/share-target');
  await expect(page).toHaveTitle(`${en('title_share_target')} | Recruiter`);
  await expect(page.getByTestId('shared-file')).toContainText(cv.name);
  expect(await heldSharedBytes(page)).toEqual([...cv.bytes]);

  // Which task is it for?
  await expect(page.getByRole('heading', { name: en('share_which_task') })).toBeVisible();
  await page
    .getByRole('list', { name: en('share_task_list_label') })
    .getByRole('link', { name: task.title })
    .click();
  await expectPath(page, '/manage-task/add/drop-resume');
  expect(new URL(page.url()).searchParams.get('taskId')).toBe(String(task.id));
  await expect(page.getByTestId('resume-selected')).toContainText(cv.name);
  // Taken: the service worker's copy is gone, drop-resume holds the file now.
  await expect.poll(() => heldSharedBytes(page)).toBeNull();

  // Back online, the recruiter fills in the talent and sends: the server stores the very bytes shared.
  await context.setOffline(false);
  const email = `shared.cv.${Date.now()}@example.com`;
  await page.locator('#drop-full-name').fill('Siti Aminah binti Yusof');
  await page.locator('#drop-email').fill(email);
  await page.locator('#drop-phone').fill('012-555 8899');
  await page.locator('input[name="languages"][value="ms"]').check();
  await page.locator('#drop-education').selectOption('Degree');
  await page.locator('#drop-country').fill('Malaysia');
  await page.locator('#drop-location').fill('Ipoh');
  await page.getByRole('button', { name: en('add_talent_drop_submit') }).click();

  let talentId: number | undefined;
  await expect
    .poll(
      async () => {
        const found = await api.get<{ items: { id: number; email: string }[] }>(
          `/api/recruiter/talent?search=${encodeURIComponent(email)}`,
        );
        talentId = found.items.find((talent) => talent.email === email)?.id;
        return talentId;
      },
      { timeout: 30_000, message: 'the talent on the server' },
    )
    .toBeDefined();
  const talent = await api.get<{ resume: { id: number; name: string; size: number } | null }>(
    `/api/recruiter/talent/${talentId}`,
  );
  expect(talent.resume?.name).toBe(cv.name);
  expect(talent.resume?.size).toBe(cv.bytes.length);
  const stored = await api.bytes(`/api/files/${talent.resume?.id}?disposition=attachment`);
  expect(Buffer.compare(stored, cv.bytes)).toBe(0);
});

test('a share that brings no file says so and offers the task board, offline too', async ({ page, context }) => {
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await waitForServiceWorkerControl(page);
  await waitForSavedCache(page, '"queryKey":["me"]');
  await context.setOffline(true);
  await shareFromAnotherApp(page, null);
  await expectPath(page, '/share-target');
  // The router may write the validated flag back as `true`.
  expect(['1', 'true']).toContain(new URL(page.url()).searchParams.get('empty'));
  await expect(page.getByText(en('share_nothing_shared'))).toBeVisible();
  await expect(page.getByRole('link', { name: en('share_go_to_board') })).toBeVisible();
});
