import { HIRING_LABELS, REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { AppLocale } from '#src/shared/enums.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { formatMinorUnits } from '#src/shared/money.ts';
import type { NotificationKind, NotificationPayload } from '#src/shared/notifications.ts';
import { ratePercent } from '#src/shared/withholding.ts';

// The words of every notification (issue 25): the in-app centre renders them in the screen's language,
// the server in the recipient's for pushes and e-mails. So this file takes the locale as an argument,
// passes it to every message, and imports nothing of React or src/features (the server bundles it).

export type NotificationText = { title: string; body: string };

type Opts = { locale: AppLocale };
type Words = { talentName: string; taskTitle: string; promoTitle: string; amount: string };

/**
 * Names and titles are as people typed them: line breaks and control characters become spaces and a web
 * address is dropped, so a "name" cannot add lines or a link to a lock-screen notification (as the e-mails).
 * A missing field reads as a dash rather than failing: an item stays readable whatever its payload.
 */
function plain(value: string | null | undefined): string {
  const cleaned = (value ?? '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/(?:https?:\/\/|www\.)\S*/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || '—';
}

function wordsOf(payload: NotificationPayload, o: Opts): Words {
  const amount =
    typeof payload.amount === 'number' && Number.isFinite(payload.amount)
      ? formatMinorUnits(payload.amount, payload.currency ?? 'MYR', INTL_LOCALES[o.locale])
      : '—';
  return {
    // An anonymised talent's name is emptied (issue 24): "Erased candidate" in the reader's language.
    talentName: payload.talentErased ? talentDisplayName('', o) : plain(talentDisplayName(payload.talentName, o)),
    taskTitle: plain(payload.taskTitle),
    promoTitle: plain(payload.promoTitle),
    amount,
  };
}

const hiringLabel = (status: string | undefined, o: Opts) =>
  status && Object.hasOwn(HIRING_LABELS, status)
    ? HIRING_LABELS[status as keyof typeof HIRING_LABELS]({}, o)
    : plain(status);
const COMPANY_ANSWER_LABELS: Record<string, (inputs: Record<string, never>, o: Opts) => string> = {
  SHORTLIST: m.company_answer_shortlist,
  INTERVIEW: m.company_answer_interview,
  NOT_A_FIT: m.company_answer_not_a_fit,
};
const companyAnswerLabel = (answer: string | undefined, o: Opts) =>
  answer && Object.hasOwn(COMPANY_ANSWER_LABELS, answer)
    ? (COMPANY_ANSWER_LABELS[answer] as (typeof COMPANY_ANSWER_LABELS)[string])({}, o)
    : plain(answer);
const rewardLabel = (status: string | undefined, o: Opts) =>
  status && Object.hasOwn(REWARD_LABELS, status)
    ? REWARD_LABELS[status as keyof typeof REWARD_LABELS]({}, o)
    : plain(status);

/** A Form CP58's year, as written (no grouping: "2026", never "2,026"). */
const yearOf = (payload: NotificationPayload) =>
  typeof payload.year === 'number' && Number.isInteger(payload.year) ? String(payload.year) : '—';

/**
 * A payment's section 107D figures (issue 46), when its notice carries them: `amount` is then the net paid,
 * and the body says the net and what was withheld from the gross. Null for a payment with nothing withheld
 * (and for an item written before the payload carried them: its `amount` is the whole payment).
 */
function withheldWords(payload: NotificationPayload, w: Words, o: Opts) {
  const { gross, withheld, withholdingRate: rate } = payload;
  const figures = [gross, withheld, rate];
  if (!figures.every((n) => typeof n === 'number' && Number.isFinite(n)) || !withheld || w.amount === '—') return null;
  const money = (minor: number) => formatMinorUnits(minor, payload.currency ?? 'MYR', INTL_LOCALES[o.locale]);
  return { net: w.amount, gross: money(gross as number), withheld: money(withheld), rate: ratePercent(rate as number) };
}

/** A body with the admin's reason after it, when the change has one. */
function withReason(text: string, reason: string | null | undefined, o: Opts): string {
  const cleaned = reason?.trim() ? plain(reason) : null;
  return cleaned ? m.notification_with_reason({ text, reason: cleaned }, o) : text;
}

/**
 * ADMIN_DIGEST: what is waiting, each count in its plural, the empty ones left out; then the hiring
 * companies' answers since the last digest, when there were any.
 */
function digestBody(payload: NotificationPayload, o: Opts): string {
  const items: string[] = [];
  if (payload.callProofs) items.push(m.notification_admin_digest_call_proofs({ count: payload.callProofs }, o));
  if (payload.rewards) items.push(m.notification_admin_digest_rewards({ count: payload.rewards }, o));
  if (payload.dataRequests) items.push(m.notification_admin_digest_data_requests({ count: payload.dataRequests }, o));
  if (payload.cp58Requests) items.push(m.notification_admin_digest_cp58_requests({ count: payload.cp58Requests }, o));
  const waiting =
    items.length === 0
      ? m.notification_admin_digest_nothing({}, o)
      : m.notification_admin_digest_body(
          { items: new Intl.ListFormat(INTL_LOCALES[o.locale], { type: 'conjunction' }).format(items) },
          o,
        );
  if (!payload.companyAnswers) return waiting;
  const answers = m.notification_admin_digest_company_answers({ count: payload.companyAnswers }, o);
  return m.notification_admin_digest_with_answers({ waiting, answers }, o);
}

const texts: Record<NotificationKind, (w: Words, p: NotificationPayload, o: Opts) => NotificationText> = {
  CONSENT_CONFIRMED: (w, _p, o) => ({
    title: m.notification_consent_confirmed_title({}, o),
    body: m.notification_consent_confirmed_body(w, o),
  }),
  CONSENT_DECLINED: (w, _p, o) => ({
    title: m.notification_consent_declined_title({}, o),
    body: m.notification_consent_declined_body(w, o),
  }),
  ITA_CONFIRMED: (w, _p, o) => ({
    title: m.notification_ita_confirmed_title({}, o),
    body: m.notification_ita_confirmed_body(w, o),
  }),
  ITA_DECLINED: (w, _p, o) => ({
    title: m.notification_ita_declined_title({}, o),
    body: m.notification_ita_declined_body(w, o),
  }),
  CONSENT_WITHDRAWN: (w, _p, o) => ({
    title: m.notification_consent_withdrawn_title({}, o),
    body: m.notification_consent_withdrawn_body(w, o),
  }),
  CONSENT_EXPIRED: (w, _p, o) => ({
    title: m.notification_consent_expired_title({}, o),
    body: m.notification_consent_expired_body(w, o),
  }),
  DATA_CORRECTION_REQUESTED: (w, _p, o) => ({
    title: m.notification_data_correction_requested_title({}, o),
    body: m.notification_data_correction_requested_body(w, o),
  }),
  CALL_PROOF_ACCEPTED: (w, _p, o) => ({
    title: m.notification_call_proof_accepted_title({}, o),
    body: m.notification_call_proof_accepted_body(w, o),
  }),
  CALL_PROOF_REJECTED: (w, p, o) => ({
    title: m.notification_call_proof_rejected_title({}, o),
    body: withReason(m.notification_call_proof_rejected_body(w, o), p.reason, o),
  }),
  // The server puts a reason in the payload for a final move (hired, rejected, withdrawn) only.
  HIRING_CHANGED: (w, p, o) => {
    const status = hiringLabel(p.status, o);
    return {
      title: m.notification_hiring_changed_title({ status }, o),
      body: withReason(m.notification_hiring_changed_body({ ...w, status }, o), p.reason, o),
    };
  },
  REWARD_DECIDED: (w, p, o) => {
    const status = rewardLabel(p.status, o);
    const decision = w.amount === '—' ? status : m.notification_status_amount({ status, amount: w.amount }, o);
    return {
      title: m.notification_reward_decided_title({ status }, o),
      body: withReason(m.notification_reward_decided_body({ ...w, decision }, o), p.reason, o),
    };
  },
  // Under section 107D: the net paid and what was withheld, rather than one amount.
  PAYMENT_CREATED: (w, p, o) => {
    const withheld = withheldWords(p, w, o);
    return {
      title: m.notification_payment_created_title({}, o),
      body: withheld
        ? m.notification_payment_created_withheld_body(withheld, o)
        : m.notification_payment_created_body(w, o),
    };
  },
  PAYMENT_PAID: (w, p, o) => {
    const withheld = withheldWords(p, w, o);
    return {
      title: m.notification_payment_paid_title({}, o),
      body: withheld ? m.notification_payment_paid_withheld_body(withheld, o) : m.notification_payment_paid_body(w, o),
    };
  },
  PAYMENT_CANCELLED: (w, _p, o) => ({
    title: m.notification_payment_cancelled_title({}, o),
    body: m.notification_payment_cancelled_body(w, o),
  }),
  // A correction says so, and which version it replaces: the recruiter may have given the first to someone.
  CP58_ISSUED: (_w, p, o) => {
    const year = yearOf(p);
    return p.correctsVersion
      ? {
          title: m.notification_cp58_corrected_title({ year }, o),
          body: m.notification_cp58_corrected_body(
            { year, version: String(p.version ?? ''), corrects: String(p.correctsVersion) },
            o,
          ),
        }
      : { title: m.notification_cp58_issued_title({ year }, o), body: m.notification_cp58_issued_body({ year }, o) };
  },
  TASK_OPENED: (w, _p, o) => ({
    title: m.notification_task_opened_title({}, o),
    body: m.notification_task_opened_body(w, o),
  }),
  PROMO_OPENED: (w, _p, o) => ({
    title: m.notification_promo_opened_title({}, o),
    body: m.notification_promo_opened_body(w, o),
  }),
  ADMIN_CALL_PROOF_WAITING: (w, _p, o) => ({
    title: m.notification_admin_call_proof_waiting_title({}, o),
    body: m.notification_admin_call_proof_waiting_body(w, o),
  }),
  ADMIN_REWARD_WAITING: (w, _p, o) => ({
    title: m.notification_admin_reward_waiting_title({}, o),
    body: m.notification_admin_reward_waiting_body(w, o),
  }),
  ADMIN_DATA_REQUEST: (w, p, o) => ({
    title: m.notification_admin_data_request_title({}, o),
    body:
      p.requestKind === 'WITHDRAWAL'
        ? m.notification_admin_data_request_withdrawal_body(w, o)
        : m.notification_admin_data_request_body(w, o),
  }),
  ADMIN_COMPANY_ANSWER: (w, p, o) => ({
    title: m.notification_admin_company_answer_title({}, o),
    body: m.notification_admin_company_answer_body(
      { ...w, companyName: plain(p.companyName), answer: companyAnswerLabel(p.answer, o) },
      o,
    ),
  }),
  ADMIN_CP58_REQUESTED: (_w, p, o) => ({
    title: m.notification_admin_cp58_requested_title({}, o),
    body: m.notification_admin_cp58_requested_body({ recruiterName: plain(p.recruiterName), year: yearOf(p) }, o),
  }),
  ADMIN_DIGEST: (_w, p, o) => ({ title: m.notification_admin_digest_title({}, o), body: digestBody(p, o) }),
};

/**
 * The title (short: a phone's lock screen) and body (one or two sentences naming the talent and the task)
 * of a notification, in `locale`. An unknown kind (an item written by a newer server) reads generically.
 */
export function notificationText(
  kind: NotificationKind,
  payload: NotificationPayload,
  locale: AppLocale,
): NotificationText {
  const o = { locale };
  const compose = Object.hasOwn(texts, kind) ? texts[kind] : null;
  if (!compose) return { title: m.notification_unknown_title({}, o), body: m.notification_unknown_body({}, o) };
  return compose(wordsOf(payload ?? {}, o), payload ?? {}, o);
}
