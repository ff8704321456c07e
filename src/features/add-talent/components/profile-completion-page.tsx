import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Choice, ChoiceGroup, TextAreaField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import {
  type CountryCodeChoice,
  countryCodeChoiceOf,
  countryCodeOf,
  PhoneField,
} from '#src/components/form/phone-field.tsx';
import { SkillsInput, withPending } from '#src/components/form/skills-input.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { NoteAssistant } from '#src/components/note-assistant/note-assistant.tsx';
import { noteFactsOf } from '#src/components/note-assistant/note-facts.ts';
import { addTalentTalentQueryOptions } from '#src/features/add-talent/api.ts';
import { dropNoteOf } from '#src/features/add-talent/held-resume.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { RATING_LABELS } from '#src/lib/enum-labels/talent-labels.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { outboxAppError } from '#src/lib/outbox/outbox-errors.ts';
import { enqueue, markHandedBack } from '#src/lib/outbox/outbox-runner.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { useOutbox, useSendProgress } from '#src/lib/outbox/use-outbox.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { RATINGS } from '#src/shared/enums.ts';
import { formatPhone } from '#src/shared/phone.ts';
import type { ReferralCreated, TalentDetail } from '#src/shared/recruiter-types.ts';
import {
  type ProfileCompletionFields,
  type ProfileCompletionInput,
  profileCompletionSchema,
} from '#src/shared/talent-schemas.ts';
import { AddTalentSteps } from './add-talent-steps';
import { EducationField, RecruiterNoteField } from './fields';
import { TaskHeading } from './task-heading';

// Step 3: what parsing found, to confirm or correct, plus work experience, rating and the recruiter
// note. Sending it creates the referral and queues the consent e-mail to the talent. It goes through
// the outbox: offline it waits on the device and goes by itself; a refusal comes back to this form.
// A drop queued offline had its name, e-mail and phone read from the resume on arrival (issue 42.4):
// they are then fields here, marked as read, for the recruiter to check and correct before the e-mail.

// The server may answer the note typed at the drop (talents.draft_note) beside the TalentDetail fields.
type TalentWithNote = TalentDetail & { draftNote?: string | null; recruiterNote?: string | null };

type FormState = {
  fullName: string;
  email: string;
  countryCode: CountryCodeChoice;
  phone: string;
  educationLevel: string;
  hasWorkExperience: boolean | null;
  yearsOfExperience: string;
  currentPosition: string;
  skills: string[];
  skillText: string;
  summary: string;
  rating: 5 | 10 | null;
  recruiterNote: string;
};

function initialState(talent: TalentWithNote, queued: OutboxEntry | null): FormState {
  const contact = {
    fullName: talent.fullName,
    email: talent.email,
    countryCode: countryCodeChoiceOf(talent.countryCode),
    phone: talent.phone,
  };
  if (queued) {
    const fields = queued.fields as ProfileCompletionFields;
    return {
      fullName: fields.fullName ?? contact.fullName,
      email: fields.email ?? contact.email,
      countryCode: fields.countryCode ? countryCodeChoiceOf(fields.countryCode) : contact.countryCode,
      phone: fields.phone ?? contact.phone,
      educationLevel: fields.educationLevel,
      hasWorkExperience: fields.hasWorkExperience,
      yearsOfExperience: fields.yearsOfExperience === undefined ? '' : String(fields.yearsOfExperience),
      currentPosition: fields.currentPosition ?? '',
      skills: fields.skills ?? [],
      skillText: '',
      summary: fields.summary ?? '',
      rating: fields.rating,
      recruiterNote: fields.recruiterNote ?? '',
    };
  }
  return {
    ...contact,
    educationLevel: talent.educationLevel,
    // Years found in the resume say "yes"; nothing found leaves the choice to the recruiter.
    hasWorkExperience: talent.hasWorkExperience ?? (talent.yearsOfExperience ? true : null),
    yearsOfExperience: talent.yearsOfExperience === null ? '' : String(talent.yearsOfExperience),
    currentPosition: talent.currentPosition ?? '',
    skills: talent.skills,
    skillText: '',
    summary: talent.summary ?? '',
    rating: null,
    recruiterNote: talent.draftNote ?? talent.recruiterNote ?? dropNoteOf(String(talent.id)) ?? '',
  };
}

const PARSE_NOTICES: Partial<Record<TalentDetail['parseStatus'], () => string>> = {
  PENDING: m.add_talent_parse_slow,
  PARSING: m.add_talent_parse_slow,
  FAILED: m.add_talent_parse_failed,
  SKIPPED: m.add_talent_parse_skipped,
};

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function ProfileCompletionPage({
  taskId,
  talentId,
  queued,
  picked = false,
}: {
  taskId: string;
  talentId: string;
  /** This talent's completion already in the outbox. */
  queued: OutboxEntry | null;
  /** Picked from the folder: the drop and its processing were skipped, not done. */
  picked?: boolean;
}) {
  const navigate = useNavigate();
  const { data: talent } = useSuspenseQuery(addTalentTalentQueryOptions(talentId));
  const { errors, formError, submit } = useValidatedForm(profileCompletionSchema);
  const [state, setState] = useState(() => initialState(talent, queued));
  // The contact fields read from the resume on arrival, to check; each loses its mark once edited.
  const checkContact = talent.contactFromResume.length > 0;
  const [readMarks, setReadMarks] = useState<ReadonlySet<string>>(() => new Set(talent.contactFromResume));
  const editContact = <K extends 'fullName' | 'email' | 'countryCode' | 'phone'>(
    key: K,
    value: FormState[K],
    field: 'fullName' | 'email' | 'phone',
  ) => {
    setReadMarks((marks) => new Set([...marks].filter((mark) => mark !== field)));
    set(key, value);
  };
  const readNote = (field: string) =>
    readMarks.has(field) ? <span className="text-base-content/70">{m.add_talent_read_from_cv()}</span> : undefined;
  const [entryId, setEntryId] = useState(queued?.id);
  const outbox = useOutbox();
  const entry = entryId
    ? outbox.loaded
      ? outbox.entries.find((item) => item.id === entryId)
      : (queued ?? undefined)
    : undefined;
  const sending = useSendProgress(entryId);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((current) => ({ ...current, [key]: value }));
  const refusal = entry?.state === 'needs-attention' && entry.error ? outboxAppError(entry.error) : null;
  const shownErrors: Record<string, string> = { ...fieldErrors(refusal?.fields), ...errors };
  const errorOf = (name: string) =>
    shownErrors[name] ?? Object.entries(shownErrors).find(([path]) => path.startsWith(`${name}.`))?.[1];
  const notice = PARSE_NOTICES[talent.parseStatus];
  // Queued and not refused: the form is what is being sent.
  const pending = entry?.state === 'waiting' || entry?.state === 'sending';
  const parked = entry?.state === 'waiting' && sending === null && (isOffline() || entry.attempts > 0);
  const topError = formError ?? refusal;
  // Shown here beside its fields, the refusal is the form's to settle, not the outbox's.
  const refusedId = refusal && entry ? entry.id : null;
  useEffect(() => {
    if (refusedId) void markHandedBack(refusedId);
  }, [refusedId]);

  const done = useRef(false);
  useEffect(() => {
    if (entry?.state !== 'sent' || done.current) return;
    done.current = true;
    const created = entry.answer as ReferralCreated;
    // The profile says "Talent added" itself (lib/talent-added.ts): no toast over its name on a phone.
    void navigate({
      to: '/talents-folder/$id/profile',
      params: { id: String(created.talentId) },
      search: { referral: String(created.referralId) },
      state: { talentAdded: true },
    });
  }, [entry, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const skills = withPending(state.skills, state.skillText);
    if (state.skillText) setState((current) => ({ ...current, skills, skillText: '' }));
    const input: ProfileCompletionInput = {
      talentId,
      taskId,
      educationLevel: state.educationLevel as ProfileCompletionInput['educationLevel'],
      hasWorkExperience: state.hasWorkExperience as boolean,
      // Without work experience, years and position (hidden then) are not sent.
      yearsOfExperience: state.hasWorkExperience === false ? undefined : state.yearsOfExperience,
      currentPosition: state.hasWorkExperience === false ? undefined : state.currentPosition,
      skills,
      summary: state.summary,
      rating: state.rating as 5 | 10,
      recruiterNote: state.recruiterNote,
      // As checked here; sent only when they were read from the resume (the server applies a correction).
      ...(checkContact && {
        fullName: state.fullName,
        email: state.email,
        countryCode: countryCodeOf(state.countryCode),
        phone: state.phone,
      }),
    };
    void submit(input, async (fields) => {
      // A new submission with its own Idempotency-Key; a corrected one replaces the refused entry.
      const queuedEntry = await enqueue({
        kind: 'profile-completion',
        fields,
        meta: {
          taskId,
          talentId: Number(talentId),
          talentName: fields.fullName ?? talent.fullName,
          email: fields.email ?? talent.email,
        },
        replaces: entry?.state === 'needs-attention' ? entry.id : undefined,
      });
      setEntryId(queuedEntry.id);
    });
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4">
      <AddTalentSteps current={3} skipped={picked ? [1, 2] : []} />
      <div>
        <h1 className="text-2xl font-semibold">{m.title_profile_completion()}</h1>
        <p className="text-sm text-base-content/70">{m.add_talent_profile_intro()}</p>
      </div>
      <TaskHeading taskId={taskId} />
      {checkContact ? (
        <div role="status" className="alert alert-soft alert-warning" data-testid="contact-check">
          <span>{m.add_talent_contact_check()}</span>
        </div>
      ) : (
        <div className="rounded-box border border-base-300 bg-base-100 px-4 py-3 text-sm">
          <p className="font-medium">{talent.fullName}</p>
          <p className="break-all text-base-content/70">
            {talent.email} · {formatPhone(talent.phoneE164)}
          </p>
        </div>
      )}
      {notice && (
        <div role="status" className="alert alert-soft alert-info">
          <span>{notice()}</span>
        </div>
      )}
      {topError && <FormAlert message={errorMessage(topError)} />}
      {parked && (
        <div role="status" className="alert alert-soft alert-info flex flex-col items-start gap-2">
          <span>{m.add_talent_profile_saved_offline()}</span>
          <span className="flex flex-wrap gap-3">
            <Link to="/manage-task/add/drop-resume" search={{ taskId }} className="link">
              {m.add_talent_add_another()}
            </Link>
            <Link to="/outbox" className="link">
              {m.add_talent_open_outbox()}
            </Link>
          </span>
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
        {checkContact && (
          <>
            <TextField
              id="profile-full-name"
              label={m.add_talent_full_name()}
              autoComplete="off"
              value={state.fullName}
              onChange={(event) => editContact('fullName', event.currentTarget.value, 'fullName')}
              error={errorOf('fullName')}
              hint={readNote('fullName')}
              disabled={pending}
            />
            <TextField
              id="profile-email"
              label={m.add_talent_email()}
              type="email"
              inputMode="email"
              autoComplete="off"
              value={state.email}
              onChange={(event) => editContact('email', event.currentTarget.value, 'email')}
              error={errorOf('email')}
              hint={readNote('email')}
              disabled={pending}
            />
            <PhoneField
              id="profile-phone"
              countryCode={state.countryCode}
              onCountryCodeChange={(next) => editContact('countryCode', next, 'phone')}
              phone={state.phone}
              onPhoneChange={(next) => editContact('phone', next, 'phone')}
              note={readNote('phone')}
              countryCodeError={errorOf('countryCode')}
              phoneError={errorOf('phone')}
              disabled={pending}
            />
          </>
        )}
        <EducationField
          id="profile-education"
          value={state.educationLevel}
          onChange={(value) => set('educationLevel', value)}
          error={errorOf('educationLevel')}
          disabled={pending}
        />
        <ChoiceGroup
          id="profile-work-experience"
          legend={m.add_talent_work_experience()}
          error={errorOf('hasWorkExperience')}
        >
          <Choice
            type="radio"
            name="hasWorkExperience"
            value="true"
            label={m.add_talent_yes()}
            checked={state.hasWorkExperience === true}
            disabled={pending}
            onChange={() => set('hasWorkExperience', true)}
          />
          <Choice
            type="radio"
            name="hasWorkExperience"
            value="false"
            label={m.add_talent_no()}
            checked={state.hasWorkExperience === false}
            disabled={pending}
            onChange={() => set('hasWorkExperience', false)}
          />
        </ChoiceGroup>
        {state.hasWorkExperience !== false && (
          <div className="grid grid-cols-1 gap-x-2 sm:grid-cols-2">
            <TextField
              id="profile-years"
              label={`${m.add_talent_years()} ${m.add_talent_optional()}`}
              inputMode="numeric"
              value={state.yearsOfExperience}
              onChange={(event) => set('yearsOfExperience', event.currentTarget.value)}
              error={errorOf('yearsOfExperience')}
              disabled={pending}
            />
            <TextField
              id="profile-position"
              label={`${m.add_talent_position()} ${m.add_talent_optional()}`}
              value={state.currentPosition}
              onChange={(event) => set('currentPosition', event.currentTarget.value)}
              error={errorOf('currentPosition')}
              disabled={pending}
            />
          </div>
        )}
        <SkillsInput
          id="profile-skills"
          label={m.add_talent_skills()}
          skills={state.skills}
          onChange={(skills) => set('skills', skills)}
          text={state.skillText}
          onTextChange={(text) => set('skillText', text)}
          error={errorOf('skills')}
          disabled={pending}
        />
        <TextAreaField
          id="profile-summary"
          label={`${m.add_talent_summary()} ${m.add_talent_optional()}`}
          rows={4}
          value={state.summary}
          onChange={(event) => set('summary', event.currentTarget.value)}
          error={errorOf('summary')}
          disabled={pending}
        />
        <ChoiceGroup id="profile-rating" legend={m.add_talent_rating()} error={errorOf('rating')}>
          {RATINGS.map((rating) => (
            <Choice
              key={rating}
              type="radio"
              name="rating"
              value={String(rating)}
              label={RATING_LABELS[rating]()}
              checked={state.rating === rating}
              disabled={pending}
              onChange={() => set('rating', rating)}
            />
          ))}
        </ChoiceGroup>
        <RecruiterNoteField
          id="profile-note"
          value={state.recruiterNote}
          onChange={(value) => set('recruiterNote', value)}
          error={errorOf('recruiterNote')}
          disabled={pending}
        />
        <NoteAssistant
          taskId={taskId}
          note={state.recruiterNote}
          facts={noteFactsOf(talent, {
            educationLevel: state.educationLevel as TalentDetail['educationLevel'],
            yearsOfExperience: state.yearsOfExperience === '' ? null : Number(state.yearsOfExperience),
            currentPosition: state.currentPosition,
            skills: state.skills,
          })}
          onAccept={(note) => set('recruiterNote', note)}
          disabled={pending}
        />
        <SubmitButton pending={pending} label={m.add_talent_complete_submit()} pendingLabel={m.add_talent_saving()} />
      </form>
    </section>
  );
}
