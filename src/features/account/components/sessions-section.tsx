import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import {
  accountSessionsQueryOptions,
  useEndSessionMutation,
  useSignOutOthersMutation,
} from '#src/features/account/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { AccountSession } from '#src/shared/account-types.ts';
import { AccountCard } from './account-card';

const deviceLabel = ({ browser, os }: AccountSession) =>
  browser && os ? m.account_sessions_device({ browser, os }) : (browser ?? os ?? m.account_sessions_device_unknown());

const endedToast = (count: number) =>
  count === 0 ? m.account_sessions_only_this() : m.account_sessions_signed_out_toast({ count });

// "Your sessions" (issue 22 finding 14): every device signed in to the account, this one marked; the
// others can be signed out one by one or all at once (after a confirmation).
export function SessionsSection() {
  const sessions = useQuery(accountSessionsQueryOptions());
  const endOne = useEndSessionMutation();
  const endOthers = useSignOutOthersMutation();
  const [asking, setAsking] = useState(false);
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const signOut = (session: AccountSession) =>
    endOne.mutate(session.id, {
      onSuccess: (answer) => toast.success(endedToast(answer.endedSessions)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (answer) => {
        setAsking(false);
        toast.success(endedToast(answer.endedSessions));
      },
      onError: (error) => {
        setAsking(false);
        toast.error(errorMessage(error));
      },
    });

  return (
    <AccountCard id="account-sessions" title={m.account_sessions_heading()} intro={m.account_sessions_intro()}>
      {sessions.isPending && (
        <p role="status" className="text-sm text-base-content/70">
          <span className="loading loading-dots loading-sm" aria-hidden="true" /> {m.common_loading()}
        </p>
      )}
      {sessions.isError && (
        <div role="alert" className="alert alert-soft alert-error flex flex-wrap items-center gap-2">
          <span className="flex-1">{m.list_load_failed()}</span>
          <button type="button" className="btn btn-sm" onClick={() => void sessions.refetch()}>
            {m.list_retry()}
          </button>
        </div>
      )}
      {sessions.data && (
        <ul className="divide-y divide-base-300" data-testid="account-sessions">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex items-start justify-between gap-3 py-3" data-testid="account-session">
              <div className="min-w-0 space-y-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{deviceLabel(session)}</span>
                  {session.current && (
                    <span className="badge badge-sm badge-success badge-soft">{m.account_sessions_this_device()}</span>
                  )}
                </p>
                <p className="text-sm text-base-content/70">
                  {m.account_sessions_last_active({ date: formatDateTime(session.lastActiveAt) })}
                </p>
                <p className="text-xs text-base-content/60">
                  {m.account_sessions_signed_in({ date: formatDateTime(session.signedInAt) })}
                  {session.network && <span> · {m.account_sessions_network({ network: session.network })}</span>}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="btn btn-xs btn-outline shrink-0"
                  disabled={endOne.isPending}
                  onClick={() => signOut(session)}
                  aria-label={m.account_sessions_sign_out_named({ device: deviceLabel(session) })}
                >
                  {m.account_sessions_sign_out()}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.data &&
        (others.length > 0 ? (
          <div>
            <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => setAsking(true)}>
              {m.account_sessions_sign_out_others()}
            </button>
          </div>
        ) : (
          <p className="text-sm text-base-content/70">{m.account_sessions_only_this()}</p>
        ))}
      {asking && (
        <ConfirmDialog
          title={m.account_sessions_sign_out_others_title({ count: others.length })}
          text={m.account_sessions_sign_out_others_text()}
          // The short label: the long one pushed Cancel off a phone's screen in Malay (390 px).
          confirmLabel={m.account_sessions_sign_out()}
          cancelLabel={m.account_cancel()}
          pending={endOthers.isPending}
          onConfirm={signOutOthers}
          onCancel={() => setAsking(false)}
        />
      )}
    </AccountCard>
  );
}
