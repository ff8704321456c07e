import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton } from '#src/components/confirm-button.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { QueryDialog } from '#src/components/query-dialog.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import {
  companyQueryOptions,
  useRemoveContactMutation,
  useRenameCompanyMutation,
} from '#src/features/admin-companies/api.ts';
import { nameRefusal, useCompanyName } from '#src/features/admin-companies/use-company-name.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import type { CompanyContact, CompanyDetail } from '#src/shared/company-types.ts';
import { toAppLocale } from '#src/shared/enums.ts';
import { ContactForm, LANGUAGES } from './contact-form';

// One company over the list (`?company=<id>`, issue 45): its name, which its tasks show too, and the
// contacts who get its review links (add, change, remove).
export function CompanyDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const query = useQuery(companyQueryOptions(companyId));
  return (
    <QueryDialog
      query={query}
      title={query.data?.name ?? m.title_companies()}
      closeLabel={m.admin_tasks_close_dialog()}
      boxClassName="modal-box max-h-[92vh] w-full max-w-3xl"
      onClose={onClose}
    >
      {(company) => (
        <div className="space-y-5" data-testid="company-panel">
          <RenameForm key={company.name} company={company} />
          <Contacts company={company} />
        </div>
      )}
    </QueryDialog>
  );
}

function RenameForm({ company }: { company: CompanyDetail }) {
  const rename = useRenameCompanyMutation(company.id);
  const { name, setName, error, setError, submitting } = useCompanyName(company.name);
  const submit = submitting((valid) =>
    rename.mutate(valid, {
      onSuccess: (renamed) => toast.success(m.admin_companies_renamed_toast({ name: renamed.name })),
      onError: (failure) => setError(nameRefusal(failure) ?? errorMessage(failure)),
    }),
  );
  return (
    <form className="flex flex-col gap-2 sm:flex-row sm:items-start" onSubmit={submit} noValidate>
      <div className="flex-1">
        <TextField
          id={`company-${company.id}-name`}
          label={m.admin_companies_field_name()}
          value={name}
          error={error}
          hint={m.admin_companies_rename_hint()}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn btn-sm btn-primary sm:mt-9"
        disabled={rename.isPending || name.trim() === company.name}
      >
        {m.admin_companies_rename()}
      </button>
    </form>
  );
}

function Contacts({ company }: { company: CompanyDetail }) {
  const remove = useRemoveContactMutation(company.id);
  // The contact being changed, 'new' while one is added, null otherwise.
  const [editing, setEditing] = useState<number | 'new' | null>(company.contacts.length === 0 ? 'new' : null);
  return (
    <section className="space-y-2" aria-labelledby={`company-${company.id}-contacts`}>
      <h3 id={`company-${company.id}-contacts`} className="font-semibold">
        {m.admin_companies_col_contacts()}
      </h3>
      <p className="text-sm text-base-content/70">{m.admin_companies_contacts_intro()}</p>
      {company.contacts.length === 0 && (
        <p className="text-sm text-base-content/70">{m.admin_companies_no_contacts()}</p>
      )}
      {remove.isError && <FormAlert message={errorMessage(remove.error)} />}
      <ul className="flex flex-col gap-2">
        {company.contacts.map((contact) =>
          editing === contact.id ? (
            <li key={contact.id}>
              <ContactForm
                companyId={company.id}
                idPrefix={`contact-${contact.id}`}
                contact={contact}
                onSaved={(saved) => {
                  setEditing(null);
                  toast.success(m.admin_companies_contact_saved_toast({ name: saved.name }));
                }}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <ContactLine
              key={contact.id}
              company={company}
              contact={contact}
              onEdit={() => setEditing(contact.id)}
              onRemove={async () => {
                const removed = await remove.mutateAsync(contact.id);
                return m.admin_companies_contact_removed_toast({
                  name: contact.name,
                  count: String(removed.revokedShares),
                });
              }}
            />
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <ContactForm
          companyId={company.id}
          idPrefix={`company-${company.id}-new-contact`}
          onSaved={(saved) => {
            setEditing(null);
            toast.success(m.admin_companies_contact_added_toast({ name: saved.name }));
          }}
          onCancel={company.contacts.length > 0 ? () => setEditing(null) : undefined}
        />
      ) : (
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing('new')}>
          {m.admin_share_add_contact()}
        </button>
      )}
    </section>
  );
}

function ContactLine({
  company,
  contact,
  onEdit,
  onRemove,
}: {
  company: CompanyDetail;
  contact: CompanyContact;
  onEdit: () => void;
  onRemove: () => Promise<string>;
}) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3 text-sm"
      data-testid="company-contact"
    >
      <div className="min-w-0">
        <p className="font-medium break-words">{contact.name}</p>
        <p className="break-all text-base-content/70">{contact.email}</p>
        <p className="text-xs text-base-content/70">
          {m.admin_companies_contact_language({ language: LANGUAGES[toAppLocale(contact.locale)]() })}
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-xs btn-ghost"
          onClick={onEdit}
          aria-label={m.admin_companies_edit_contact_named({ name: contact.name })}
        >
          {m.admin_companies_edit_contact()}
        </button>
        <ConfirmButton
          label={m.admin_share_remove()}
          ariaLabel={m.admin_companies_remove_contact_named({ name: contact.name })}
          className="btn btn-xs btn-outline btn-error"
          title={m.admin_companies_remove_contact_title({ name: contact.name, company: company.name })}
          text={m.admin_companies_remove_contact_text()}
          cancelLabel={m.admin_tasks_cancel()}
          tone="danger"
          run={onRemove}
        />
      </div>
    </li>
  );
}
