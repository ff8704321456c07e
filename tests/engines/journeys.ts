import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tinyPdf, tinyPng } from '#src/server/db/demo/files.ts';
import type { Driver } from './driver';
import {
  apiAs,
  en,
  enCount,
  expectHealthy,
  expectNoText,
  expectPath,
  expectText,
  expectValue,
  logIn,
} from './journey-steps';
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
  /** Cuts or restores every browser's way to the server (app-server.ts). */
  setOffline: (offline: boolean) => void;
  /** Deploys a new build of the service worker (app-server.ts). */
  publishNewBuild: () => void;
};

type Person = { talentName: string; talentEmail: string; phone: string; talentId?: number; referralId?: number };
/** Talent A goes the whole way (consent, ITA, shortlisted by the company, hired, paid); talent B, added after a
 * refused duplicate, withdraws. `taskId`: the task both are referred to. */
export type Day = Person & { second: Person; taskId?: number };

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
  const surname = `${suffix[0]?.toUpperCase()}${suffix.slice(1)}`;
  const engineName = `${engine[0]?.toUpperCase()}${engine.slice(1)}`;
  return {
    talentName: `Nurul ${engineName} ${surname}`,
    talentEmail: `nurul.${engine}.${stamp}@example.com`,
    phone: `013-${String(stamp).slice(-7)}`,
    second: {
      talentName: `Hafiz ${engineName} ${surname}`,
      talentEmail: `hafiz.${engine}.${stamp}@example.com`,
      phone: `014-${String(stamp).slice(-7)}`,
    },
  };
}

/** The task's detail on the board → Add talent → Drop resume. */
async function openDropResume(phone: Driver, taskId: number) {
  await phone.goto(`/task?view=${taskId}`);
  await phone.click('link', en('task_add_talent'));
  await expectPath(phone, /^\/manage-task\/add$/);
  // The card's link also holds its hint, so its name starts with the title.
  await phone.click('link', new RegExp(`^${en('manage_add_drop_resume')}`));
  await expectPath(phone, /^\/manage-task\/add\/drop-resume$/);
}

async function fillPerson(phone: Driver, person: Person) {
  await phone.fill('#drop-full-name', person.talentName);
  await phone.fill('#drop-email', person.talentEmail);
  await phone.fill('#drop-phone', person.phone);
}

/** Profile completion with what the parser read from the PDF, then "Add talent": the referral's profile. */
async function completeProfile(ctx: JourneyContext, phone: Driver, person: Person, step: string) {
  await expectPath(phone, /^\/manage-task\/add\/profile-completion$/);
  await expectValue(phone, '#profile-position', 'Senior Accounts Executive');
  await expectValue(phone, '#profile-years', '6');
  await expectText(phone, 'Excel');
  await phone.clickAt({ label: en('add_talent_yes') });
  await phone.clickAt({ label: en('rating_good') });
  await ctx.shot(phone, step);
  await phone.click('button', en('add_talent_complete_submit'));
  await expectPath(phone, /^\/talents-folder\/\d+\/profile$/);
  const url = new URL(await phone.url());
  person.talentId = Number(url.pathname.split('/')[2]);
  person.referralId = Number(url.searchParams.get('referral'));
  await expectText(phone, person.talentName);
  await expectText(phone, en('consent_pending'));
  await expectNoText(phone, en('consent_confirmed'));
}

/** Recruiter on a phone: log in → task board → join → drop a PDF resume → completion → folder → call proof. */
export async function recruiterJourney(ctx: JourneyContext, day: Day): Promise<Driver> {
  const api = await apiAs(ctx.baseUrl, RECRUITER, ctx.password);
  const board = await api.get<{ items: { id: number; joined: boolean; title: string }[] }>(
    '/api/recruiter/task?status=open&pageSize=50',
  );
  const task = board.items.find((card) => !card.joined);
  if (!task) throw new Error('The demo has no open task the recruiter has not joined');
  day.taskId = task.id;

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
  await openDropResume(phone, task.id);

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
  const dropFor = async (person: Person) => {
    await phone.upload('#drop-file', resume);
    await fillPerson(phone, person);
    await phone.clickAt('input[name="languages"][value="ms"]');
    await phone.select('#drop-education', 'Degree');
    await phone.fill('#drop-country', 'Malaysia');
    await phone.fill('#drop-location', 'Shah Alam');
    await phone.fill('#drop-salary', '5200');
    // The talent's e-mails in English, so the talent journey reads the same catalogue.
    await phone.select({ label: "Language of the talent's e-mails" }, 'en');
  };
  await dropFor(day);
  await ctx.shot(phone, 'recruiter-3-drop');
  await phone.click('button', en('add_talent_drop_submit'));
  await completeProfile(ctx, phone, day, 'recruiter-4-completion');

  // A call proof (a screenshot of the phone's call log): the chip says it waits for review.
  await phone.upload('input[type="file"][id$="-file"]', fixture('call-log.png', tinyPng(3)));
  await phone.click('button', en('call_proof_ui_submit'));
  await expectText(phone, en('call_proof_need_review'));
  await ctx.shot(phone, 'recruiter-5-profile');

  // The same person again: refused on the form, naming the fields; nothing typed is lost. Then a new
  // person's contact details on the same form go through.
  await openDropResume(phone, task.id);
  await dropFor(day);
  await phone.click('button', en('add_talent_drop_submit'));
  await expectText(phone, en('error_field_duplicate_email'));
  await expectText(phone, en('error_field_duplicate_phone'));
  await expectPath(phone, /^\/manage-task\/add\/drop-resume$/);
  await expectValue(phone, '#drop-location', 'Shah Alam');
  await ctx.shot(phone, 'recruiter-6-duplicate-refused');
  await fillPerson(phone, day.second);
  await phone.click('button', en('add_talent_drop_submit'));
  await completeProfile(ctx, phone, day.second, 'recruiter-7-second-completion');

  // The talents folder lists both talents; the outbox holds nothing stuck (the refusal was settled).
  await phone.goto('/talents-folder');
  await expectText(phone, day.talentName);
  await expectText(phone, day.second.talentName);
  await expectText(phone, en('consent_pending'));
  await ctx.shot(phone, 'recruiter-8-folder');
  await phone.goto('/outbox');
  await expectText(phone, en('outbox_empty'));
  return phone;
}

/** Talent: consent from the e-mail → the recruiter sees it and sends the ITA → the talent confirms it. */
export async function talentJourney(ctx: JourneyContext, day: Day, recruiter: Driver) {
  const consentLink = await linkInMail(ctx.dataDir, day.talentEmail, '/talent/consent');
  const talent = await ctx.open(ctx.phoneWidth, 844);
  try {
    // The same e-mail's "Manage my data" link first: an app page, whose service worker then controls this
    // browser. The consent and ITA links must still reach the talent's pages, never the app's 404.
    await talent.goto(await linkInMail(ctx.dataDir, day.talentEmail, '/talent/data'));
    await expectText(talent, en('talent_data_heading'));
    await untilFound(() => talent.workerControls(), "the app's service worker controls the talent's browser");
    await talent.goto(consentLink);
    await expectNoText(talent, en('error_page_not_found'));
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

    // The ITA e-mail opened on a train: the worker says, in the talent's words, that the link needs a
    // connection (never the app's 404 or the browser's error); back online, "Try again" opens the page.
    const itaLink = await linkInMail(ctx.dataDir, day.talentEmail, '/talent/ita-success');
    ctx.setOffline(true);
    try {
      await talent.goto(itaLink);
      await expectText(talent, en('offline_page_title'));
      await expectText(talent, en('talent_link_offline_text'));
      await expectNoText(talent, en('error_page_not_found'));
      await ctx.shot(talent, 'talent-3-ita-offline');
    } finally {
      ctx.setOffline(false);
    }
    await talent.click('link', en('talent_link_retry'));
    await expectNoText(talent, en('error_page_not_found'));
    await expectText(talent, en('talent_link_ita_heading'));
    await ctx.shot(talent, 'talent-3-ita-back-online');
    await talent.click('button', en('talent_link_ita_confirm'));
    await expectText(talent, en('talent_link_ita_thanks_confirmed'));
    await ctx.shot(talent, 'talent-4-ita');

    await recruiter.goto(`/talents-folder/${day.talentId}/profile?referral=${day.referralId}`);
    await expectText(recruiter, en('ita_confirmed'));

    // Talent B agrees, then changes their mind on the same page: withdrawn, and the recruiter sees it.
    const second = day.second;
    // First the recruiter tries B's consent link on their own phone, signed in, the app's worker in control
    // and just updated to a new build (issue 42.1): the consent page, never the app's 404. They leave it
    // unanswered.
    await untilFound(() => recruiter.workerControls(), "the app's service worker controls the recruiter's browser");
    ctx.publishNewBuild();
    await recruiter.goto('/dashboard'); // the app looks for a new build as it starts
    await expectText(recruiter, en('pwa_update_available'), 30_000);
    await recruiter.click('button', en('pwa_update_reload'));
    await expectNoText(recruiter, en('pwa_update_available'));
    await untilFound(() => recruiter.workerControls(), "the new build's worker controls the recruiter's browser");
    await recruiter.goto(await linkInMail(ctx.dataDir, second.talentEmail, '/talent/consent'));
    await expectNoText(recruiter, en('error_page_not_found'));
    await expectText(recruiter, en('talent_link_consent_question'));
    await ctx.shot(recruiter, 'recruiter-8-talent-link');
    await talent.goto(await linkInMail(ctx.dataDir, second.talentEmail, '/talent/consent'));
    await talent.click('button', en('talent_link_consent_agree'));
    await expectText(talent, en('talent_link_withdraw_heading'));
    await talent.click('button', en('talent_link_withdraw_action'));
    await talent.click('button', en('talent_link_withdraw_yes'));
    await expectText(talent, en('talent_link_withdrawn_heading'));
    await expectNoText(talent, en('talent_link_withdraw_action'));
    await ctx.shot(talent, 'talent-5-withdrawn');
    await recruiter.goto(`/talents-folder/${second.talentId}/profile?referral=${second.referralId}`);
    // Consent withdrawn (never read as a refusal), no stale "confirmed" chip; nothing more can be asked of
    // the talent. The application ended with it: its hiring status reads Withdrawn (issue 42.5).
    await expectText(recruiter, en('referral_consent_withdrawn'));
    await expectText(recruiter, new RegExp(`^${en('hiring_withdrawn')}$`, 'm'));
    await expectNoText(recruiter, en('consent_declined'));
    await expectNoText(recruiter, new RegExp(`^${en('consent_confirmed')}$`, 'm'));
    await expectNoText(recruiter, en('referral_send_ita'));
    await ctx.shot(recruiter, 'recruiter-9-withdrawn');
  } finally {
    await talent.close();
  }
}

/** The hiring company on a phone (issue 45): the admin shares talent A with a contact of the task's company;
 * the contact opens the e-mail's review link, reads the candidate and shortlists them for screening, which
 * moves the referral. */
export async function companyJourney(ctx: JourneyContext, day: Day) {
  const api = await apiAs(ctx.baseUrl, ADMIN, ctx.password);
  const { company } = await api.get<{ company: { id: number; name: string } }>(
    `/api/admin/companies/tasks/${day.taskId}/shares`,
  );
  const contactEmail = `hr.${day.talentEmail.split('@')[0]}@company.example`;
  const contact = await api.post<{ id: number }>(`/api/admin/companies/${company.id}/contacts`, {
    name: 'Tan Mei Ling',
    email: contactEmail,
    locale: 'en',
  });
  await api.post(`/api/admin/companies/tasks/${day.taskId}/shares`, {
    referralIds: [day.referralId],
    contactIds: [contact.id],
  });

  const phone = await ctx.open(ctx.phoneWidth, 844);
  try {
    await phone.goto(await linkInMail(ctx.dataDir, contactEmail, '/review'));
    await expectText(phone, en('review_for_company', { company: company.name }));
    await expectText(phone, day.talentName);
    await expectText(phone, 'Senior Accounts Executive');
    // Neither the talent's e-mail nor the recruiter: the admin revealed nothing more.
    await expectNoText(phone, day.talentEmail);
    await expectNoText(phone, 'Ahmad Faizal');
    await ctx.shot(phone, 'company-1-review');
    await phone.clickAt({ label: en('company_answer_shortlist') });
    await phone.click('button', en('review_submit'));
    // The form gives way to the answer given.
    await expectNoText(phone, en('review_submit'));
    await expectText(phone, en('company_answer_shortlist'));
    await ctx.shot(phone, 'company-2-answered');
  } finally {
    await phone.close();
  }
}

/** Admin on a desktop: the referral with its CV and its review link → call proof → hiring moves on from the
 * company's Screening, the final one with a reason → bulk approve → payment → CSV. */
export async function adminJourney(ctx: JourneyContext, day: Day) {
  const admin = await ctx.open(1280, 800);
  const moveTo = (status: string) => en('admin_hiring_move_to', { status: en(status) });
  try {
    await logIn(admin, ADMIN, ctx.password);
    await admin.goto('/admin/hiring-status');
    await admin.fill({ label: en('admin_hiring_search_label') }, day.talentName);
    // The search applies 300 ms after typing stops and the list reloads: click the row once it has (a click
    // during the reload can land on the row being replaced, as a hurried tap can).
    await untilFound(
      async () => new URL(await admin.url()).searchParams.get('search') === day.talentName,
      'the search applied',
    );
    await expectText(admin, day.talentEmail);
    await admin.click('button', new RegExp(`^${day.talentName}`));
    // The referral opens over the list (its title is the talent's name once loaded), with the CV beside it.
    await untilFound(async () => new URL(await admin.url()).searchParams.has('referral'), 'the referral opened');
    // The company shortlisted the talent: Screening, and the referral's review link says who answered.
    await expectText(admin, moveTo('hiring_interview'));
    await expectText(admin, 'Tan Mei Ling');
    await expectText(admin, en('admin_hiring_cv_download', { name: 'nurul-resume.pdf' }));
    await expectText(admin, 'Senior Accounts Executive');
    await expectText(admin, en('call_proof_need_review'));
    await ctx.shot(admin, 'admin-1-referral');

    await admin.click('button', en('admin_hiring_proof_accept'));
    await expectText(admin, en('admin_hiring_proof_accepted'));
    await expectText(admin, en('call_proof_accepted'));

    for (const [status, next] of [
      ['hiring_interview', 'hiring_offered'],
      ['hiring_offered', 'hiring_hired'],
    ] as const) {
      await admin.click('button', moveTo(status));
      await expectText(admin, moveTo(next));
    }
    // The final move asks for the reason the recruiter will read.
    await admin.click('button', moveTo('hiring_hired'));
    await expectText(admin, en('admin_hiring_final_confirm_text'));
    await admin.fill({ label: en('admin_hiring_final_reason_label') }, 'Signed the offer on Monday');
    await ctx.shot(admin, 'admin-2-final-move');
    await admin.click('button', moveTo('hiring_hired'));
    await expectText(admin, en('admin_hiring_final'));
    await expectText(admin, 'Signed the offer on Monday');
    await expectNoText(admin, en('admin_hiring_final_confirm_text'));
    await admin.click('button', en('admin_hiring_close'));

    // Bulk approve from the list: the summary dialog, then the result.
    await admin.click('checkbox', en('admin_hiring_select_row', { name: day.talentName }));
    await admin.click('button', en('admin_hiring_bulk_approve'));
    await expectText(admin, en('admin_hiring_bulk_approve_pending_none'));
    await ctx.shot(admin, 'admin-3-bulk-approve');
    await admin.click('button', enCount('admin_hiring_bulk_approve_confirm', 1));
    await expectText(admin, en('admin_hiring_bulk_done', { done: 1, refused: 0 }));
    await expectText(admin, en('reward_approved'));

    // A payment for the recruiter, then the CSV.
    await admin.goto('/admin/payments');
    await expectText(admin, en('admin_payments_intro'));
    await admin.click('button', en('admin_payments_new'));
    await admin.select({ label: en('admin_payments_recruiter') }, 'Ahmad Faizal bin Ismail');
    await expectText(admin, day.talentName);
    await admin.click('button', en('admin_payments_create'));
    await expectText(admin, en('admin_payments_created'));
    await expectText(admin, en('admin_payments_status_pending'));
    await admin.click('button', en('admin_payments_export'));
    await expectHealthy(admin);
    await ctx.shot(admin, 'admin-4-payments');
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

/** Back on the phone: the admin's decisions have reached the recruiter's referral and earnings. */
export async function decisionsArrive(ctx: JourneyContext, day: Day, recruiter: Driver) {
  await recruiter.goto(`/talents-folder/${day.talentId}/profile?referral=${day.referralId}`);
  await expectText(recruiter, en('hiring_hired'));
  await expectText(recruiter, en('referral_hiring_reason', { reason: 'Signed the offer on Monday' }));
  await expectText(recruiter, en('call_proof_accepted'));
  await expectText(recruiter, en('reward_pending_payment'));
  await ctx.shot(recruiter, 'recruiter-10-decisions');
  await recruiter.goto('/earning');
  await expectText(recruiter, day.talentName);
  await expectText(recruiter, en('reward_pending_payment'));
}
