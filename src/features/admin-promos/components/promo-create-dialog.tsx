import { useEffect, useId, useRef } from 'react';
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const save = useSavePromoMutation();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      data-testid="promo-create-dialog"
    >
      <div className="modal-box max-h-[92dvh] w-full space-y-3 p-4 sm:max-w-2xl sm:p-6">
        <button
          type="button"
          className="btn btn-sm btn-circle btn-ghost absolute top-2 right-2"
          onClick={close}
          aria-label={m.admin_promo_close_dialog()}
        >
          ✕
        </button>
        <h2 id={titleId} className="pr-8 text-lg font-semibold">
          {m.admin_promo_new_title()}
        </h2>
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
      </div>
    </dialog>
  );
}
