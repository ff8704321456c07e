import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { countMessage, expectPath, logIn, message, serverAs } from './helpers';

// Issue 6's promise, end to end with the built-in engine: a recruiter opens a referral, edits its
// note, analyses it, improves it as it streams, accepts the improvement, saves, and after a reload
// sees the improved note kept.
const en = (key: string) => message('en', key);

type ReferralRow = { id: number; talentId: number; taskId: number };
type Me = { remainingAiNoteImprovement: number };

test('a recruiter analyses and improves a referral note, accepts it and sees it saved', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const { get } = await serverAs(request);
  const list = await get<{ items: ReferralRow[] }>('/api/recruiter/talent-task?pageSize=50');
  // The oldest referrals, one per project, so the two viewports never edit the same note.
  const referral = list.items.at(testInfo.project.name === 'mobile' ? -2 : -1);
  expect(referral, 'a referral of the demo recruiter').toBeDefined();
  const { id, talentId } = referral as ReferralRow;
  const before = await get<Me>('/api/recruiter/auth/me');

  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await page.goto(`/talents-folder/${talentId}/profile?referral=${id}`);

  await page.getByRole('button', { name: en('note_ai_edit_note') }).click();
  const note = `Called ${testInfo.project.name}: earns RM 5,200, expects RM 6,800. Two weeks notice. Wants a bigger team.`;
  const field = page.getByLabel(en('note_ai_note_label'));
  await field.fill(note);

  const assistant = page.getByTestId('note-assistant');
  await expect(assistant.getByTestId('note-ai-remaining')).toHaveText(
    countMessage('en', 'note_ai_remaining', before.remainingAiNoteImprovement),
  );

  // Analyse: the checklist with a score, salary covered.
  await assistant.getByRole('button', { name: en('note_ai_analyse') }).click();
  const checklist = assistant.getByTestId('note-ai-analysis');
  await expect(checklist.getByTestId('note-ai-score')).toHaveText(/\d+\/100/);
  await expect(checklist.locator('[data-aspect="salary"]')).toContainText(en('note_ai_covered'));
  await expect(checklist.getByText(en('note_ai_builtin_analysis'))).toBeVisible();

  // Improve: streamed into the preview, said to be the built-in assistant's, one use counted.
  await assistant.getByRole('button', { name: en('note_ai_improve') }).click();
  const accept = assistant.getByRole('button', { name: en('note_ai_accept') });
  await expect(accept).toBeVisible({ timeout: 15_000 });
  await expect(assistant.getByText(en('note_ai_builtin_written'))).toBeVisible();
  // (Both viewports run at once as the same recruiter: the other may have used one meanwhile.)
  const left = Number((await assistant.getByTestId('note-ai-remaining').textContent())?.match(/\d+/)?.[0]);
  expect(left).toBeLessThanOrEqual(before.remainingAiNoteImprovement - 1);
  const streamed = (await assistant.getByTestId('note-ai-preview').textContent()) ?? '';
  const improved = streamed.trim();
  for (const fact of ['5,200', '6,800']) expect(improved).toContain(fact);

  await accept.click();
  await expect(field).toHaveValue(streamed);
  await page.getByRole('button', { name: en('note_ai_save') }).click();
  await expect(page.getByTestId('referral-note')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('referral-note')).toHaveText(improved);
  const saved = await get<{ recruiterNote: string | null }>(`/api/recruiter/talent-task/${id}`);
  expect(saved.recruiterNote).toBe(improved);
});
