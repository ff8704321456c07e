import { useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { TextAreaField } from '#src/components/form/fields.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useReverseAnswerMutation } from '#src/features/admin-companies/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { HIRING_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { fieldMessage } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import { COMPANY_TEXT_MAX } from '#src/shared/company-schemas.ts';
import type { CompanyAnswerView } from '#src/shared/company-types.ts';

// An admin puts back the hiring move a company's answer made (issue 45), saying why: the recruiter is told.
export function ReverseAnswer({
  taskId,
  name,
  answer,
}: {
  taskId: number;
  name: string;
  answer: CompanyAnswerView & { moved: NonNullable<CompanyAnswerView['moved']> };
}) {
  const reverse = useReverseAnswerMutation(taskId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const from = HIRING_LABELS[answer.moved.from]();
  const to = HIRING_LABELS[answer.moved.to]();

  const confirm = () => {
    if (reason.trim() === '') {
      setError(m.error_field_field_required());
      return;
    }
    reverse.mutate(
      { answerId: answer.id, reason: reason.trim() },
      {
        onSuccess: () => {
          setAsking(false);
          toast.success(m.admin_share_reversed_toast({ name, status: from }));
        },
        onError: (failure) => {
          setAsking(false);
          const why = asAppError(failure).fields?.answer;
          toast.error(why ? fieldMessage(why) : errorMessage(failure));
        },
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-xs btn-ghost"
        onClick={() => setAsking(true)}
        aria-label={m.admin_share_reverse_named({ name })}
      >
        {m.admin_share_reverse()}
      </button>
      {asking && (
        <ConfirmDialog
          title={m.admin_share_reverse_title({ name })}
          text={m.admin_share_reverse_text({ from: to, to: from })}
          confirmLabel={m.admin_share_reverse()}
          cancelLabel={m.admin_tasks_cancel()}
          pending={reverse.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <TextAreaField
            id={`reverse-answer-${answer.id}`}
            label={m.admin_share_reverse_reason()}
            rows={2}
            maxLength={COMPANY_TEXT_MAX}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.target.value)}
          />
        </ConfirmDialog>
      )}
    </>
  );
}
