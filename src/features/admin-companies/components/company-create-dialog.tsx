import { FormAlert } from '#src/components/form/form-alert.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { FormDialog } from '#src/components/form-dialog.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useCreateCompanyMutation } from '#src/features/admin-companies/api.ts';
import { nameRefusal, useCompanyName } from '#src/features/admin-companies/use-company-name.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import type { CompanyDetail } from '#src/shared/company-types.ts';

// A new hiring company by name, before any of its tasks (tasks already naming it become its own); the
// caller opens it next, to add its contacts.
export function CompanyCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (company: CompanyDetail) => void;
}) {
  const create = useCreateCompanyMutation();
  const { name, setName, error, setError, submitting } = useCompanyName('');
  const submit = submitting((valid) =>
    create.mutate(valid, {
      onSuccess: (company) => {
        toast.success(m.admin_companies_created_toast({ name: company.name }));
        onCreated(company);
      },
      onError: (failure) => setError(nameRefusal(failure)),
    }),
  );
  return (
    <FormDialog
      testId="company-create-dialog"
      title={m.admin_companies_new()}
      closeLabel={m.admin_tasks_close_dialog()}
      widthClassName="sm:max-w-lg"
      pending={create.isPending}
      onClose={onClose}
    >
      {(close) => (
        <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
          <TextField
            id="new-company-name"
            label={m.admin_companies_field_name()}
            value={name}
            error={error}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          {create.error && !asAppError(create.error).fields && <FormAlert message={errorMessage(create.error)} />}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={close} disabled={create.isPending}>
              {m.admin_tasks_cancel()}
            </button>
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {m.admin_companies_create_submit()}
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
