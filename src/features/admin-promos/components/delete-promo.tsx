import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useDeletePromoMutation } from '#src/features/admin-promos/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminPromoDetail } from '#src/shared/admin-promo-types.ts';

// Delete, after a confirmation. A promo referrals were made under is history: the server refuses (409)
// and the button says why beforehand.
export function DeletePromo({ promo }: { promo: AdminPromoDetail }) {
  const [asking, setAsking] = useState(false);
  const mutation = useDeletePromoMutation();
  const navigate = useNavigate();
  const used = promo.referralCount > 0;

  const confirm = () =>
    mutation.mutate(promo.id, {
      onSuccess: async () => {
        setAsking(false);
        toast.success(m.admin_promo_deleted_toast({ title: promo.title }));
        await navigate({ to: '/admin/promo' });
      },
      onError: (error) => {
        setAsking(false);
        toast.error(asAppError(error).code === 'CONFLICT' ? m.admin_promo_delete_refused() : errorMessage(error));
      },
    });

  return (
    <div className="space-y-1">
      <button
        type="button"
        className="btn btn-sm btn-outline btn-error"
        onClick={() => setAsking(true)}
        disabled={used}
        aria-describedby={used ? 'promo-delete-why' : undefined}
      >
        {m.admin_promo_delete()}
      </button>
      {used && (
        <p id="promo-delete-why" className="text-xs text-base-content/70">
          {m.admin_promo_delete_refused()}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={m.admin_promo_delete_title({ title: promo.title })}
          text={m.admin_promo_delete_text()}
          confirmLabel={m.admin_promo_delete()}
          cancelLabel={m.admin_promo_cancel()}
          pending={mutation.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}
