import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tinyPdf, tinyPng } from '../../src/server/db/demo/files';
import type { Driver } from './driver';
import { apiAs, en, expectHealthy, expectNoText, expectPath, expectText, expectValue, logIn } from './journey-steps';
import { linkInMail } from './mail';
import { untilFound } from './wait';

// The day's journeys, written once against the engine-neutral Driver: recruiter on a phone, talent from
// the e-mails, admin on a desktop. Selectors are roles, labels and texts of messages/en.json, so a
// rewording is one catalogue change away. They share one server (fresh DATA_DIR) per engine and run in order.

export type JourneyContext = {
  baseUrl: string;
  dataDir: string;
  password: string;
  /** Opens a fresh browser session (no cookies or storage of another journey) at this window size. */
  open: (width: number, height: number) => Promise<Driver>;
  /** The phone width this engine honours (WebKitGTK will not size a window under 447 px). */
  phoneWidth: number;
  /** Where PNGs go: test-results/engines/<engine>-<step>.png */
  shot: (driver: Driver, step: string) => Promise<void>;
};

export type Day = { talentName: string; talentEmail: string; talentId?: number; referralId?: number };

const RECRUITER = 'recruiter@example.com';
const ADMIN = 'admin@example.com';

function fixture(name: string, bytes: Uint8Array): string {
  const dir = path.join(tmpdir(), 'recruiter-engines-fixtures');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

export function newDay(engine: string): Day {
  const stamp = Date.now();
  // Letters only (names refuse digits); unique per run so reruns against one server never collide.
  const suffix = stamp
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 26)))
    .join('')
    .slice(-6);
  return {
    talentName: `Nurul ${engine[0]?.toUpperCase()}${engine.slice(1)} ${suffix[0]?.toUpperCase()}${suffix.slice(1)}`,
    talentEmail: `nurul.${engine}.${stamp}@example.com`,
  };
}

/** Recruiter on a phone: log in → task board → join → drop a PDF resume → completion → folder → call proof. */
export async function recruiterJourney(ctx: JourneyContext, day: Day): Promise<Driver> {
  const api = await apiAs(ctx.baseUrl, RECRUITER, ctx.password);
  const board = await api.get<{ items: { id: number; joined: boolean; title: string }[] }>(
    '/api/recruiter/task?status=open&pageSize=50',
  );
  const task = board.items.find((card) => !card.joined);
  if (!task) throw new Error('The demo has no open task the recruiter has not joined');

  const phone = await ctx.open(ctx.phoneWidth, 844);
  await logIn(phone, RECRUITER, ctx.password);
  await expectPath(phone, /^\/dashboard$/);
  await ctx.shot(phone, 'recruiter-1-dashboard');

  // The board, then the task's detail: join it; the button becomes "Joined", then add a talent.
  await phone.goto('/task');
  await expectText(phone, task.title);
  await phone.goto(`/task?view=${task.id}`);
  await phone.click('button', en('task_join'));
  await expectText(phone, en('task_joined'));
  await ctx.shot(phone, 'recruiter-2-joined');
  await phone.click('link', en('task_add_talent'));
  await expectPath(phone, /^\/manage-task\/add$/);
  // The card's link also holds its hint, so its name starts with the title.
  await phone.click('link', new RegExp(`^${en('manage_add_drop_resume')}`));
  await expectPath(phone, /^\/manage-task\/add\/drop-resume$/);

  // A real PDF file from disk, dropped through the file input.
  const resume = fixture(
    'nurul-resume.pdf',
    tinyPdf([
      day.talentName,
      'Current position: Senior Accounts Executive',
      'Experience: 6 years of experience in accounting',
      'Education: Bachelor of Accounting',
      'Skills: Excel, SQL, Financial Reporting',
    ]),
  );
  await phone.upload('#drop-file', resume);
  await phone.fill('#drop-full-name', day.talentName);
  await phone.fill('#drop-email', day.talentEmail);
  await phone.fill('#drop-phone', `013-${day.talentEmail.replace(/\D/g, '').slice(-7)}`);
  await phone.clickAt('input[name="languages"][value="ms"]');
  await phone.select('#drop-education', 'Degree');
  await phone.fill('#drop-country', 'Malaysia');
  await phone.fill('#drop-location', 'Shah Alam');
  await phone.fill('#drop-salary', '5200');
  // The talent's e-mails in English, so the talent journey reads the same catalogue.
  await phone.select({ label: "Language of the talent's e-mails" }, 'en');
  await ctx.shot(phone, 'recruiter-3-drop');
  await phone.click('button', en('add_talent_drop_submit'));

  // Processing, then profile completion with what the parser read from the PDF.
  await expectPath(phone, /^\/manage-task\/add\/profile-completion$/);
  await expectValue(phone, '#profile-position', 'Senior Accounts Executive');
  await expectValue(phone, '#profile-years', '6');
  await expectText(phone, 'Excel');
  await phone.clickAt({ label: en('add_talent_yes') });
  await phone.clickAt({ label: en('rating_good') });
  await ctx.shot(phone, 'recruiter-4-completion');
  await phone.click('button', en('add_talent_complete_submit'));

  // The referral's profile: consent pending (the link went out by e-mail), nothing else claimed.
  await expectPath(phone, /^\/talents-folder\/\d+\/profile$/);
  const url = new URL(await phone.url());
  day.talentId = Number(url.pathname.split('/')[2]);
  day.referralId = Number(url.searchParams.get('referral'));
  await expectText(phone, day.talentName);
  await expectText(phone, en('consent_pending'));
  await expectNoText(phone, en('consent_confirmed'));

  // A call proof (a screenshot of the phone's call log): the chip says it waits for review.
  await phone.upload('input[type="file"][id$="-file"]', fixture('call-log.png', tinyPng(3)));
  await phone.click('button', en('call_proof_ui_submit'));
  await expectText(phone, en('call_proof_need_review'));
  await ctx.shot(phone, 'recruiter-5-profile');

  // The talents folder lists the talent with the right chips.
  await phone.goto('/talents-folder');
  await expectText(phone, day.talentName);
  await expectText(phone, en('consent_pending'));
  await ctx.shot(phone, 'recruiter-6-folder');
  return phone;
}

/** Talent: consent from the e-mail → the recruiter sees it and sends the ITA → the talent confirms it. */
export async function talentJourney(ctx: JourneyContext, day: Day, recruiter: Driver) {
  const consentLink = await linkInMail(ctx.dataDir, day.talentEmail, '/talent/consent');
  const talent = await ctx.open(ctx.phoneWidth, 844);
  try {
    await talent.goto(consentLink);
    await expectText(talent, en('talent_link_consent_question'));
    await expectNoText(talent, 'Shah Alam'); // the talent's own data is not on a page reached by a link
    await ctx.shot(talent, 'talent-1-consent');
    await talent.click('button', en('talent_link_consent_agree'));
    await expectText(talent, /You agreed to be put forward for/);
    await expectNoText(talent, en('talent_link_consent_question'));
    await ctx.shot(talent, 'talent-2-consented');

    // The recruiter's profile page, reloaded: consent confirmed, no stale "pending" chip; send the ITA.
    await recruiter.goto(`/talents-folder/${day.talentId}/profile?referral=${day.referralId}`);
    await expectText(recruiter, en('consent_confirmed'));
    // "Consent pending" stays only in the history line ("Consent pending → Consent confirmed"), not as a chip.
    await expectNoText(recruiter, new RegExp(`${en('consent_pending')}(?! →)`));
    await recruiter.click('button', en('referral_send_ita'));
    await expectText(recruiter, en('referral_ita_sent_toast'));
    await ctx.shot(recruiter, 'recruiter-7-ita-sent');

    const itaLink = await linkInMail(ctx.dataDir, day.talentEmail, '/talent/ita-success');
    await talent.goto(itaLink);
    await expectText(talent, en('talent_link_ita_heading'));
    await talent.click('button', en('talent_link_ita_confirm'));
    await expectText(talent, en('talent_link_ita_thanks_confirmed'));
    await ctx.shot(talent, 'talent-3-ita');

    await recruiter.goto(`/talents-folder/${day.talentId}/profile?referral=${day.referralId}`);
    await expectText(recruiter, en('ita_confirmed'));
  } finally {
    await talent.close();
  }
}

/** Admin on a desktop: hiring status → the referral → call proof → move hiring → approve → payments → CSV. */
export async function adminJourney(ctx: JourneyContext, day: Day) {
  const admin = await ctx.open(1280, 800);
  try {
    await logIn(admin, ADMIN, ctx.password);
    await admin.goto('/admin/hiring-status');
    await admin.fill({ label: en('admin_hiring_search_label') }, day.talentName);
    await admin.click('button', new RegExp(`^${day.talentName}`));
    // The referral opens over the list (its title is the talent's name once loaded): its next move is offered.
    await untilFound(async () => new URL(await admin.url()).searchParams.has('referral'), 'the referral opened');
    await expectText(admin, en('admin_hiring_move_to', { status: en('hiring_screening') }));
    await expectText(admin, en('call_proof_need_review'));
    await ctx.shot(admin, 'admin-1-referral');

    await admin.click('button', en('admin_hiring_proof_accept'));
    await expectText(admin, en('admin_hiring_proof_accepted'));
    await expectText(admin, en('call_proof_accepted'));

    await admin.click('button', en('admin_hiring_move_to', { status: en('hiring_screening') }));
    await expectText(admin, en('admin_hiring_moved', { status: en('hiring_screening') }));

    await admin.clickAt({ label: en('admin_hiring_decide_approved') });
    await admin.click('button', en('admin_hiring_save_decision'));
    await expectText(admin, en('reward_approved'));
    await ctx.shot(admin, 'admin-2-approved');

    await admin.goto('/admin/payments');
    await expectText(admin, en('admin_payments_intro'));
    await admin.click('button', en('admin_payments_export'));
    await expectHealthy(admin);
    await ctx.shot(admin, 'admin-3-payments');
    // The CSV the button downloads, as the server serves it to the admin.
    const api = await apiAs(ctx.baseUrl, ADMIN, ctx.password);
    const csv = await api.raw('/api/admin/payments/export.csv');
    if (!csv.ok || !(csv.headers.get('content-type') ?? '').includes('text/csv')) {
      throw new Error(`The payments CSV answered ${csv.status} ${csv.headers.get('content-type')}`);
    }
  } finally {
    await admin.close();
  }
}
