import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Choice, ChoiceGroup, SelectField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import {
  type CountryCodeChoice,
  countryCodeChoiceOf,
  countryCodeOf,
  DEFAULT_COUNTRY_CODE,
  PhoneField,
} from '#src/components/form/phone-field.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import type { HeldResume } from '#src/features/add-talent/held-resume.ts';
import {
  type FillKey,
  hasReadableText,
  type ResumeFill,
  useResumeContact,
} from '#src/features/add-talent/use-resume-contact.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { currencyName, languageName } from '#src/lib/intl-names.ts';
import { outboxAppError } from '#src/lib/outbox/outbox-errors.ts';
import { enqueue, markHandedBack } from '#src/lib/outbox/outbox-runner.ts';
import type { TalentFactsFormValues } from '#src/lib/talent-form-values.ts';
import { useOnline } from '#src/lib/use-online.ts';
import { useSharedFileOnce } from '#src/lib/use-shared-file-once.ts';
import { focusFirstError, useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { CANDIDATE_LANGUAGES, CURRENCIES, LOCALES } from '#src/shared/enums.ts';
import {
  CONTACT_FIELDS,
  type ContactField,
  type DropResumeInput,
  dropResumeSchema,
  queuedDropResumeSchema,
} from '#src/shared/talent-schemas.ts';
import { AddTalentSteps } from './add-talent-steps';
import { EducationField, RecruiterNoteField } from './fields';
import { type PickedFile, ResumeFileField, resumeFileProblem } from './resume-file-field';
import { TaskHeading } from './task-heading';

// Step 1: the resume and the talent's details (seed section 3, "Resume drop payload"). The checked
// payload goes into the outbox (IndexedDB) before anything is sent, and the progress page follows it:
// offline it waits on the device; a refusal brings the recruiter back here with everything filled in.
// Offline, the name, e-mail and phone may be left blank for a resume with text: the server reads them
// from it when the drop arrives (issue 42.4), and what it cannot read comes back here to be typed.

// `contactLocale` is '' until the recruiter picks one: then it follows the talent's languages.
type FormState = TalentFactsFormValues & {
  countryCode: CountryCodeChoice;
  recruiterNote: string;
};

function initialState(held: HeldResume | null): FormState {
  const f = held?.fields;
  return {
    fullName: f?.fullName ?? '',
    email: f?.email ?? '',
    countryCode: countryCodeChoiceOf(f?.countryCode ?? DEFAULT_COUNTRY_CODE),
    phone: f?.phone ?? '',
    languages: f?.languages ?? [],
    educationLevel: f?.educationLevel ?? '',
    country: f?.country ?? '',
    location: f?.location ?? '',
    expectedSalary: f?.expectedSalary === undefined ? '' : String(f.expectedSalary),
    expectedSalaryCurrency: f?.expectedSalaryCurrency ?? 'MYR',
    contactLocale: f?.contactLocale ?? '',
    recruiterNote: f?.recruiterNote ?? '',
  };
}

function inputOf(taskId: string, state: FormState, contactLocale: string): DropResumeInput {
  return {
    taskId,
    fullName: state.fullName,
    email: state.email,
    countryCode: countryCodeOf(state.countryCode),
    phone: state.phone,
    languages: state.languages,
    educationLevel: state.educationLevel as DropResumeInput['educationLevel'],
    country: state.country,
    location: state.location,
    expectedSalary: state.expectedSalary,
    expectedSalaryCurrency: state.expectedSalaryCurrency as DropResumeInput['expectedSalaryCurrency'],
    contactLocale: contactLocale as DropResumeInput['contactLocale'],
    recruiterNote: state.recruiterNote,
  };
}

/** The form with what the CV said (a null clears a field an earlier CV filled). */
function withReading(state: FormState, values: ResumeFill): FormState {
  const next = { ...state };
  if (values.fullName !== undefined) next.fullName = values.fullName ?? '';
  if (values.email !== undefined) next.email = values.email ?? '';
  if (values.phone !== undefined) {
    next.countryCode = countryCodeChoiceOf(values.phone?.countryCode ?? DEFAULT_COUNTRY_CODE);
    next.phone = values.phone?.phone ?? '';
  }
  if (values.languages !== undefined) next.languages = values.languages ?? [];
  if (values.educationLevel !== undefined) next.educationLevel = values.educationLevel ?? '';
  if (values.location !== undefined) next.location = values.location ?? '';
  if (values.country !== undefined) next.country = values.country ?? '';
  return next;
}

const isBlank = (state: FormState, key: FillKey) =>
  key === 'languages' ? state.languages.length === 0 : state[key].trim() === '';

/** The contact fields a held refusal says the resume does not hold (issue 42.4). */
function contactNotInResume(held: HeldResume | null): ContactField[] {
  if (held?.error?.code !== 'CONTACT_NOT_IN_RESUME') return [];
  return CONTACT_FIELDS.filter((key) => held.error?.fields?.[key] !== undefined);
}

/** Under a field the CV filled, until the recruiter edits it. */
function ReadFromCvNote() {
  return <span className="text-base-content/70">{m.add_talent_read_from_cv()}</span>;
}

/** The e-mail language a talent most likely reads: the first of their languages the app speaks. */
function contactLocaleFor(languages: string[]): string {
  return languages.find((code) => (LOCALES as readonly string[]).includes(code)) ?? 'en';
}

export function DropResumePage({
  taskId,
  held,
  shared = false,
}: {
  taskId: string;
  held: HeldResume | null;
  /** A CV shared into the app (Web Share Target) waits to be attached. */
  shared?: boolean;
}) {
  const navigate = useNavigate();
  const online = useOnline();
  const [state, setState] = useState(() => initialState(held));
  const contactLocale = state.contactLocale || contactLocaleFor(state.languages);
  const [file, setFile] = useState<PickedFile | null>(() =>
    held ? { ...held.file, size: held.file.data.byteLength } : null,
  );
  // The fields the server has already found missing from this resume: the recruiter types those.
  const notInResume = contactNotInResume(held);
  // Offline with a resume that has text, blank contact fields are read from it once the drop arrives.
  const readOnArrival =
    !online && file !== null && hasReadableText(file) && CONTACT_FIELDS.some((key) => isBlank(state, key));
  const input = inputOf(taskId, state, contactLocale);
  const { errors, formError, submit, formRef } = useValidatedForm<
    typeof dropResumeSchema | typeof queuedDropResumeSchema
  >(
    readOnArrival ? queuedDropResumeSchema : dropResumeSchema,
    readOnArrival ? { ...input, contactFromResume: true } : input,
  );
  const [fileError, setFileError] = useState<string | null>(null);
  // What the picked resume holds fills the fields still empty (issues 21 and 42.17), in the background.
  const contact = useResumeContact({
    isEmpty: (key) => isBlank(state, key),
    fill: (values) => setState((current) => withReading(current, values)),
  });
  const readContact = contact.read;
  const heldFile = useRef(file);
  useEffect(() => {
    void readContact(heldFile.current);
  }, [readContact]);
  const sharedFile = useSharedFileOnce(shared);
  useEffect(() => {
    if (!sharedFile) return;
    const picked = { ...sharedFile, size: sharedFile.data.byteLength };
    const problem = resumeFileProblem(picked);
    setFile(problem ? null : picked);
    setFileError(problem);
    void readContact(problem ? null : picked);
  }, [sharedFile, readContact]);
  // The server's refusal of the held payload, shown until the form is sent again.
  const [refusal, setRefusal] = useState(() => (held?.error ? outboxAppError(held.error) : null));
  const [pending, setPending] = useState(false);
  // Once the form is enabled again (after the commit), the refused file field gets the focus.
  const [fileRefused, setFileRefused] = useState(0);
  useEffect(() => {
    if (fileRefused > 0) focusFirstError(formRef.current);
  }, [fileRefused, formRef]);
  // Shown here with everything as typed, the refusal is the form's to settle, not the outbox's (no
  // badge, no "Needs attention" entry); the entry stays stored so a reload loses nothing.
  const refusedId = held?.error ? held.entryId : null;
  useEffect(() => {
    if (refusedId) void markHandedBack(refusedId);
  }, [refusedId]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((current) => ({ ...current, [key]: value }));
  // A field the recruiter edits is theirs: no later read of a CV changes it.
  const edit = <K extends keyof FormState>(key: K, value: FormState[K], field: FillKey) => {
    contact.touch(field);
    set(key, value);
  };
  const cvNote = (field: FillKey) => (contact.fromCv(field) ? <ReadFromCvNote /> : undefined);
  const shownErrors: Record<string, string> = { ...fieldErrors(refusal?.fields), ...errors };
  const errorOf = (name: string) =>
    shownErrors[name] ?? Object.entries(shownErrors).find(([path]) => path.startsWith(`${name}.`))?.[1];
  const topError = formError ?? refusal;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    // Queued again without what the resume was found not to hold, it would only be refused again.
    if (readOnArrival && notInResume.some((key) => isBlank(state, key))) {
      setFileRefused((count) => count + 1);
      return;
    }
    setRefusal(null);
    // A refused pick keeps its reason until another file is chosen.
    const problem = file ? null : (fileError ?? m.add_talent_resume_required());
    setFileError(problem);
    setPending(true);
    try {
      await submit(readOnArrival ? { ...input, contactFromResume: true } : input, async (fields) => {
        if (!file) return;
        const data = file.data instanceof ArrayBuffer ? file.data : await file.data.arrayBuffer();
        // A new submission, with its own Idempotency-Key; a corrected one replaces the refused entry.
        // Without a name or e-mail yet, the Outbox names the drop by its file.
        const entry = await enqueue({
          kind: 'drop-resume',
          fields,
          file: { name: file.name, type: file.type, data },
          meta: { taskId, talentName: fields.fullName, email: fields.email },
          replaces: held?.entryId,
        });
        await navigate({ to: '/manage-task/add/progress', search: { taskId, entry: entry.id } });
      });
    } finally {
      setPending(false);
    }
    // Only the file missing passes the schema: bring the file field to the recruiter all the same.
    if (problem) setFileRefused((count) => count + 1);
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4">
      <AddTalentSteps current={1} />
      <h1 className="text-2xl font-semibold">{m.title_drop_resume()}</h1>
      <TaskHeading taskId={taskId} />
      {topError && <FormAlert message={errorMessage(topError)} />}
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
        <ResumeFileField
          id="drop-file"
          file={file}
          error={fileError ?? errorOf('file')}
          disabled={pending}
          note={contact.waitingForOnline ? m.add_talent_contact_read_when_online() : undefined}
          onChange={(picked, problem) => {
            setFile(picked);
            setFileError(problem);
            void readContact(picked);
          }}
        />
        <TextField
          id="drop-full-name"
          label={m.add_talent_full_name()}
          autoComplete="off"
          value={state.fullName}
          onChange={(event) => edit('fullName', event.currentTarget.value, 'fullName')}
          error={errorOf('fullName')}
          hint={cvNote('fullName')}
          disabled={pending}
        />
        <TextField
          id="drop-email"
          label={m.add_talent_email()}
          type="email"
          inputMode="email"
          autoComplete="off"
          value={state.email}
          onChange={(event) => edit('email', event.currentTarget.value, 'email')}
          error={errorOf('email')}
          hint={cvNote('email')}
          disabled={pending}
        />
        <PhoneField
          id="drop-phone"
          countryCode={state.countryCode}
          onCountryCodeChange={(next) => edit('countryCode', next, 'phone')}
          phone={state.phone}
          onPhoneChange={(next) => edit('phone', next, 'phone')}
          note={cvNote('phone')}
          countryCodeError={errorOf('countryCode')}
          phoneError={errorOf('phone')}
          disabled={pending}
        />
        <ChoiceGroup
          id="drop-languages"
          legend={m.add_talent_languages()}
          error={errorOf('languages')}
          hint={cvNote('languages')}
        >
          {CANDIDATE_LANGUAGES.map((code) => (
            <Choice
              key={code}
              type="checkbox"
              name="languages"
              value={code}
              label={languageName(code)}
              checked={state.languages.includes(code)}
              disabled={pending}
              onChange={(checked) =>
                edit(
                  'languages',
                  checked ? [...state.languages, code] : state.languages.filter((language) => language !== code),
                  'languages',
                )
              }
            />
          ))}
        </ChoiceGroup>
        <EducationField
          id="drop-education"
          chooseFirst
          value={state.educationLevel}
          onChange={(value) => edit('educationLevel', value, 'educationLevel')}
          error={errorOf('educationLevel')}
          hint={cvNote('educationLevel')}
          disabled={pending}
        />
        <TextField
          id="drop-country"
          label={m.add_talent_country()}
          autoComplete="off"
          value={state.country}
          onChange={(event) => edit('country', event.currentTarget.value, 'country')}
          error={errorOf('country')}
          hint={cvNote('country')}
          disabled={pending}
        />
        <TextField
          id="drop-location"
          label={m.add_talent_location()}
          autoComplete="off"
          value={state.location}
          onChange={(event) => edit('location', event.currentTarget.value, 'location')}
          error={errorOf('location')}
          hint={cvNote('location')}
          disabled={pending}
        />
        <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-2">
          <TextField
            id="drop-salary"
            label={`${m.add_talent_expected_salary()} ${m.add_talent_optional()}`}
            inputMode="decimal"
            value={state.expectedSalary}
            onChange={(event) => set('expectedSalary', event.currentTarget.value)}
            error={errorOf('expectedSalary')}
            disabled={pending}
          />
          <SelectField
            id="drop-currency"
            label={m.add_talent_currency()}
            value={state.expectedSalaryCurrency}
            onChange={(event) => set('expectedSalaryCurrency', event.currentTarget.value)}
            error={errorOf('expectedSalaryCurrency')}
            disabled={pending}
          >
            {CURRENCIES.map((code) => (
              // The code only: beside the salary at 390 px, "MYR · Malaysian Ringgit" ran under the caret.
              <option key={code} value={code} title={currencyName(code)}>
                {code}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField
          id="drop-contact-locale"
          label={m.add_talent_contact_locale()}
          hint={m.add_talent_contact_locale_hint()}
          value={contactLocale}
          onChange={(event) => set('contactLocale', event.currentTarget.value)}
          error={errorOf('contactLocale')}
          disabled={pending}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {languageName(locale)}
            </option>
          ))}
        </SelectField>
        <RecruiterNoteField
          id="drop-note"
          value={state.recruiterNote}
          onChange={(value) => set('recruiterNote', value)}
          error={errorOf('recruiterNote')}
          disabled={pending}
        />
        <SubmitButton pending={pending} label={m.add_talent_drop_submit()} pendingLabel={m.add_talent_preparing()} />
      </form>
    </section>
  );
}
