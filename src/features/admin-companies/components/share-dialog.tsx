import { useQuery } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, type SetStateAction, useState } from 'react';
import { Choice, ChoiceGroup, TextAreaField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { FormDialog } from '#src/components/form-dialog.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { taskSharesQueryOptions, useCreateSharesMutation } from '#src/features/admin-companies/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { fieldMessage } from '#src/lib/field-errors.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminReferralRow } from '#src/shared/admin-referral-types.ts';
import {
  COMPANY_TEXT_MAX,
  SHARE_DEFAULT_DAYS,
  SHARE_MAX_DAYS,
  SHARE_REVEALS,
  type ShareReveal,
} from '#src/shared/company-schemas.ts';
import type { TaskShares } from '#src/shared/company-types.ts';
import { ContactForm } from './contact-form';
import { notShareable, ShareReferralPicker } from './share-referral-picker';
import { REVEAL_LABELS, TaskShareList } from './task-share-list';

/** A referral chosen before the dialog opened (Hiring status's selection), with what decides if it can go. */
export type PreselectedReferral = Pick<AdminReferralRow, 'id' | 'talentName' | 'consentStatus' | 'hiringStatus'>;

// "Share with the company" from a task or from Hiring status's selection (issue 45): chosen referrals go
// to chosen contacts of the task's company, one review link each, e-mailed in the contact's language.
// Below, the task's links: their state, when they were opened, the company's answers, and Revoke.
export function ShareDialog({
  taskId,
  preselected = [],
  onClose,
}: {
  taskId: number;
  /** Referrals of this task selected before: the ones that can be shared come ticked, the others say why not. */
  preselected?: PreselectedReferral[];
  onClose: () => void;
}) {
  const shares = useQuery(taskSharesQueryOptions(taskId));
  const create = useCreateSharesMutation(taskId);
  // The referrals ticked in the form: a new link's, or more for an open link (TaskShareList).
  const [picked, setPicked] = useState<number[]>(() =>
    preselected.filter((referral) => notShareable(referral) === null).map((referral) => referral.id),
  );
  const refusedUpFront = preselected.flatMap((referral) => {
    const why = notShareable(referral);
    return why === null ? [] : [{ id: referral.id, name: talentDisplayName(referral.talentName), why }];
  });
  return (
    <FormDialog
      testId="share-dialog"
      title={
        shares.data
          ? m.admin_share_title({ company: shares.data.company.name, title: shares.data.task.title })
          : m.admin_share_action()
      }
      closeLabel={m.admin_tasks_close_dialog()}
      widthClassName="sm:max-w-3xl"
      pending={create.isPending}
      onClose={onClose}
    >
      {(close) =>
        shares.data ? (
          <>
            {refusedUpFront.length > 0 && (
              <div role="note" className="alert alert-soft alert-warning flex flex-col items-start gap-1 text-sm">
                <p>{m.admin_share_preselected_refused()}</p>
                <ul className="list-disc ps-5" data-testid="share-refused-up-front">
                  {refusedUpFront.map((line) => (
                    <li key={line.id}>
                      <span className="font-medium">{line.name}</span> — {line.why}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <ShareForm taskId={taskId} data={shares.data} picked={picked} setPicked={setPicked} onCancel={close} />
            <TaskShareList taskId={taskId} shares={shares.data.shares} picked={picked} />
          </>
        ) : shares.isError ? (
          <FormAlert message={errorMessage(shares.error)} />
        ) : (
          <p role="status" className="flex items-center gap-2 text-base-content/70">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {m.common_loading()}
          </p>
        )
      }
    </FormDialog>
  );
}

function ShareForm({
  taskId,
  data,
  picked,
  setPicked,
  onCancel,
}: {
  taskId: number;
  data: TaskShares;
  picked: number[];
  setPicked: Dispatch<SetStateAction<number[]>>;
  onCancel: () => void;
}) {
  const create = useCreateSharesMutation(taskId);
  const [contacts, setContacts] = useState<number[]>([]);
  const [days, setDays] = useState(String(SHARE_DEFAULT_DAYS));
  // What the link shows beyond the review fields, only when the admin chooses it, and why.
  const [reveal, setReveal] = useState<ShareReveal[]>([]);
  const [revealReason, setRevealReason] = useState('');
  const [errors, setErrors] = useState<{ referrals?: string; contacts?: string; days?: string; reason?: string }>({});
  const [refused, setRefused] = useState<Record<number, string>>({});
  const [addingContact, setAddingContact] = useState(false);
  const toggle = (list: number[], id: number, on: boolean) => (on ? [...list, id] : list.filter((x) => x !== id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresInDays = Number(days);
    const next: typeof errors = {};
    if (picked.length === 0) next.referrals = m.admin_share_pick_referral();
    if (contacts.length === 0) next.contacts = m.admin_share_pick_contact();
    if (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > SHARE_MAX_DAYS)
      next.days = m.admin_share_days_invalid({ max: String(SHARE_MAX_DAYS) });
    if (reveal.length > 0 && revealReason.trim() === '') next.reason = m.admin_share_reveal_reason_required();
    setErrors(next);
    setRefused({});
    if (Object.keys(next).length > 0) return;
    create.mutate(
      {
        referralIds: picked,
        contactIds: contacts,
        expiresInDays,
        ...(reveal.length > 0 ? { reveal, revealReason: revealReason.trim() } : {}),
      },
      {
        onSuccess: ({ shares }) => {
          toast.success(m.admin_share_sent_toast({ count: String(shares.length) }));
          setPicked([]);
          setContacts([]);
          setReveal([]);
          setRevealReason('');
        },
        onError: (error) => {
          const fields = asAppError(error).fields ?? {};
          const byReferral: Record<number, string> = {};
          for (const [key, why] of Object.entries(fields)) {
            if (key.startsWith('referrals.')) byReferral[Number(key.slice('referrals.'.length))] = fieldMessage(why);
          }
          setRefused(byReferral);
        },
      },
    );
  };

  const refusal = create.error ? asAppError(create.error) : null;
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate aria-label={m.admin_share_action()}>
      <p className="text-sm text-base-content/70">{m.admin_share_intro()}</p>
      <ShareReferralPicker
        taskId={taskId}
        picked={picked}
        setPicked={setPicked}
        refused={refused}
        disabled={create.isPending}
        error={errors.referrals}
      />
      <ChoiceGroup id="share-contacts" legend={m.admin_share_contacts()} error={errors.contacts}>
        {data.contacts.length === 0 && (
          <span className="text-sm text-base-content/70">
            {m.admin_share_no_contacts({ company: data.company.name })}
          </span>
        )}
        {data.contacts.map((contact) => (
          <Choice
            key={contact.id}
            type="checkbox"
            name="share-contact"
            value={String(contact.id)}
            checked={contacts.includes(contact.id)}
            disabled={create.isPending}
            onChange={(on) => setContacts((list) => toggle(list, contact.id, on))}
            label={`${contact.name} <${contact.email}>`}
          />
        ))}
      </ChoiceGroup>
      {addingContact || data.contacts.length === 0 ? (
        <ContactForm
          companyId={data.company.id}
          idPrefix="share-contact"
          onSaved={(contact) => {
            setContacts((list) => [...list, contact.id]);
            setAddingContact(false);
          }}
          onCancel={data.contacts.length > 0 ? () => setAddingContact(false) : undefined}
        />
      ) : (
        <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => setAddingContact(true)}>
          {m.admin_share_add_contact()}
        </button>
      )}
      <TextField
        id="share-days"
        type="number"
        inputMode="numeric"
        min={1}
        max={SHARE_MAX_DAYS}
        label={m.admin_share_days()}
        value={days}
        error={errors.days}
        className="sm:max-w-32"
        onChange={(event) => setDays(event.target.value)}
      />
      <ChoiceGroup id="share-reveal" legend={m.admin_share_reveal()}>
        {SHARE_REVEALS.map((what) => (
          <Choice
            key={what}
            type="checkbox"
            name="share-reveal"
            value={what}
            checked={reveal.includes(what)}
            disabled={create.isPending}
            onChange={(on) => setReveal((list) => (on ? [...list, what] : list.filter((x) => x !== what)))}
            label={REVEAL_LABELS[what]()}
          />
        ))}
      </ChoiceGroup>
      {reveal.length > 0 && (
        <TextAreaField
          id="share-reveal-reason"
          label={m.admin_share_reveal_reason()}
          rows={2}
          maxLength={COMPANY_TEXT_MAX}
          value={revealReason}
          error={errors.reason}
          onChange={(event) => setRevealReason(event.target.value)}
        />
      )}
      {refusal && (
        <FormAlert message={Object.keys(refused).length > 0 ? m.admin_share_refused() : errorMessage(refusal)} />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={create.isPending}>
          {m.admin_tasks_cancel()}
        </button>
        <button type="submit" className="btn btn-primary" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {m.admin_share_submit()}
        </button>
      </div>
    </form>
  );
}
