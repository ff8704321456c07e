import { FormDialog } from '#src/components/form-dialog.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useSavePromoMutation } from '#src/features/admin-promos/api.ts';
import { EMPTY_PROMO } from '#src/features/admin-promos/form-values.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminPromoDetail } from '#src/shared/admin-promo-types.ts';
import { PromoForm } from './promo-form';

// A new promo in a modal over the list; once created, the caller opens it to add its tasks.
export function PromoCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (promo: AdminPromoDetail) => void;
}) {
  const save = useSavePromoMutation();
  return (
    <FormDialog
      testId="promo-create-dialog"
      title={m.admin_promo_new_title()}
      closeLabel={m.admin_promo_close_dialog()}
      widthClassName="sm:max-w-2xl"
      pending={save.isPending}
      onClose={onClose}
    >
      {(close) => (
        <PromoForm
          idPrefix="new-promo"
          initial={EMPTY_PROMO}
          pending={save.isPending}
          submitLabel={m.admin_promo_create_submit()}
          onSave={(input) => save.mutateAsync({ id: null, input })}
          onSaved={(promo) => {
            toast.success(m.admin_promo_created_toast({ title: promo.title }));
            onCreated(promo);
          }}
          onCancel={close}
        />
      )}
    </FormDialog>
  );
}
