import { useEffect, useId, useState } from 'react';
import {
  type PushSupport,
  pushSupport,
  subscribeThisDevice,
  thisDeviceSubscribed,
  unsubscribeThisDevice,
} from '#src/lib/push.ts';
import { m } from '#src/paraglide/messages.js';

// "Push notifications on this device", on the account page's notification section. It reads the
// device's state when shown and asks the browser for permission only when switched on. When push
// cannot be on here, the switch is off and disabled and the line below says why and what to do.

type Failure = 'not-allowed' | 'browser-refused' | 'failed' | null;

export function PushDeviceSwitch() {
  const hintId = useId();
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>(null);

  useEffect(() => {
    let live = true;
    setSupport(pushSupport());
    void thisDeviceSubscribed().then((on) => {
      if (live) setSubscribed(on);
    });
    return () => {
      live = false;
    };
  }, []);

  async function change(on: boolean) {
    setBusy(true);
    setFailure(null);
    try {
      if (on) {
        const outcome = await subscribeThisDevice();
        setSubscribed(outcome === 'subscribed');
        if (outcome !== 'subscribed') setFailure(outcome);
      } else {
        await unsubscribeThisDevice();
        setSubscribed(false);
      }
    } catch {
      setFailure('failed');
      setSubscribed(await thisDeviceSubscribed());
    } finally {
      // Blocking notifications in the browser's prompt turns the reason into "blocked, allow it in settings".
      setSupport(pushSupport());
      setBusy(false);
    }
  }

  const usable = support === 'supported';
  const on = usable && subscribed === true;
  return (
    <div className="space-y-1" data-testid="push-device">
      <label className="flex cursor-pointer items-center justify-between gap-3">
        <span className="font-medium">{m.push_device_label()}</span>
        <span className="flex items-center gap-2">
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          <input
            type="checkbox"
            role="switch"
            className="checkbox checkbox-primary"
            checked={on}
            aria-checked={on}
            disabled={!usable || subscribed === null || busy}
            aria-describedby={hintId}
            onChange={(event) => void change(event.currentTarget.checked)}
          />
        </span>
      </label>
      <p id={hintId} className="text-sm text-base-content/70" data-testid="push-device-hint">
        {support !== null && hintText(support, on, failure)}
      </p>
    </div>
  );
}

function hintText(support: PushSupport, on: boolean, failure: Failure): string {
  if (support === 'ios-needs-home-screen') return m.push_device_ios_home_screen();
  if (support === 'unsupported') return m.push_device_unsupported();
  if (support === 'denied') return m.push_device_denied();
  if (failure === 'not-allowed') return m.push_device_not_allowed();
  // The browser would not subscribe: not the connection's fault, so not "check your connection".
  if (failure === 'browser-refused') return m.push_device_browser_refused();
  if (failure === 'failed') return m.push_device_failed();
  return on ? m.push_device_on() : m.push_device_off();
}
