import { useEffect, useState } from 'react';
import { toast } from '#src/components/toast/toast-store.ts';
import { pushSupport, subscribeThisDevice, thisDeviceSubscribed } from '#src/lib/push.ts';
import { m } from '#src/paraglide/messages.js';

// A one-time invitation to turn push on, on the recruiter's dashboard once they have referred someone
// (there is then an answer to wait for). Never on the app's first load on a device: the first time it
// could show, it only notes the moment, and it shows from a later load on. It goes for good once
// dismissed or used; it never shows where push cannot be on, was already decided on (the browser's
// permission asked before) or is on.

const FIRST_ELIGIBLE_KEY = 'recruiter-push-invite-first-eligible';
const DISMISSED_KEY = 'recruiter-push-invite-dismissed';

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage (private mode): the invitation may come back on another visit, which is acceptable.
  }
}

/** Whether to show it now; notes the first eligible load so the next one can. */
async function shouldInvite(): Promise<boolean> {
  if (storageGet(DISMISSED_KEY) === '1') return false;
  if (pushSupport() !== 'supported' || Notification.permission !== 'default') return false;
  if (await thisDeviceSubscribed()) return false;
  const first = Number(storageGet(FIRST_ELIGIBLE_KEY));
  if (!first) {
    storageSet(FIRST_ELIGIBLE_KEY, String(Date.now()));
    return false;
  }
  // Noted during an earlier load of the app (before this document started), not earlier in this one.
  return first < performance.timeOrigin;
}

export function PushInvitation({ eligible }: { eligible: boolean }) {
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!eligible) return;
    let live = true;
    void shouldInvite().then((yes) => {
      if (live) setShow(yes);
    });
    return () => {
      live = false;
    };
  }, [eligible]);

  if (!show) return null;

  const close = () => {
    storageSet(DISMISSED_KEY, '1');
    setShow(false);
  };

  async function turnOn() {
    setBusy(true);
    try {
      if ((await subscribeThisDevice()) === 'subscribed') toast.success(m.push_invite_done());
      close();
    } catch {
      toast.error(m.push_device_failed());
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="push-invite-title"
      className="alert flex flex-col items-start gap-2"
      data-testid="push-invite"
    >
      <h2 id="push-invite-title" className="font-semibold">
        {m.push_invite_title()}
      </h2>
      <p className="text-sm">{m.push_invite_text()}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => void turnOn()}>
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {m.push_invite_button()}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={close}>
          {m.push_invite_dismiss()}
        </button>
      </div>
    </section>
  );
}
