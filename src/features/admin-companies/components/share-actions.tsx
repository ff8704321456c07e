import { ConfirmButton } from '#src/components/confirm-button.tsx';
import { useRemoveShareReferralMutation, useRevokeShareMutation } from '#src/features/admin-companies/api.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { ShareLink } from '#src/shared/company-types.ts';

// What the task's links (task-share-list.tsx) and a referral's links (referral-shares.tsx) both say of a
// link and do to it, the same way: until when it works and whether it was opened, Revoke and Remove.

/** "Until <date> · Opened <first> (last <last>)" or "… · Not opened yet". */
export const untilAndOpened = (share: ShareLink) =>
  `${m.admin_share_until({ date: formatDateTime(share.expiresAt) })} · ${
    share.firstOpenedAt
      ? m.admin_share_opened({
          first: formatDateTime(share.firstOpenedAt),
          last: formatDateTime(share.lastOpenedAt ?? share.firstOpenedAt),
        })
      : m.admin_share_not_opened()
  }`;

/** Revokes the whole link; `text` says what that does where the button stands. */
export function RevokeShareButton({ share, text }: { share: ShareLink; text: string }) {
  const revoke = useRevokeShareMutation(share.taskId);
  const { name } = share.contact;
  return (
    <ConfirmButton
      label={m.admin_share_revoke()}
      ariaLabel={m.admin_share_revoke_named({ name })}
      className="btn btn-xs btn-outline btn-error"
      title={m.admin_share_revoke_title({ name })}
      text={text}
      cancelLabel={m.admin_tasks_cancel()}
      tone="danger"
      run={async () => {
        await revoke.mutateAsync(share.id);
        return m.admin_share_revoked_toast({ name });
      }}
    />
  );
}

/** Takes one talent's referral off the link. */
export function RemoveFromShareButton({
  share,
  referralId,
  talentName,
}: {
  share: ShareLink;
  referralId: number;
  talentName: string;
}) {
  const remove = useRemoveShareReferralMutation(share.taskId);
  return (
    <ConfirmButton
      label={m.admin_share_remove()}
      ariaLabel={m.admin_share_remove_named({ name: talentName, contact: share.contact.name })}
      className="btn btn-xs btn-ghost"
      title={m.admin_share_remove_title({ name: talentName })}
      text={m.admin_share_remove_text()}
      cancelLabel={m.admin_tasks_cancel()}
      tone="danger"
      run={async () => {
        await remove.mutateAsync({ shareId: share.id, referralId });
        return m.admin_share_removed_toast({ name: talentName });
      }}
    />
  );
}
