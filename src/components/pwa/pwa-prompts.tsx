import { useEffect, useState, useSyncExternalStore } from 'react';
import { whenOutboxIdle } from '#src/lib/outbox/outbox-runner.ts';
import { useOutbox } from '#src/lib/outbox/use-outbox.ts';
import {
  applyUpdate,
  dismissUpdate,
  getPwaState,
  isDismissed,
  isIosSafari,
  isStandalone,
  promptInstall,
  rememberDismissed,
  startPwa,
  subscribePwa,
} from '#src/lib/pwa.ts';
import { m } from '#src/paraglide/messages.js';

// The app-wide PWA banners, rendered once by the root route: "new version" (update waiting), "install
// app" (browser offered installation) and, on iOS Safari, how to add the app to the home screen.
// Reloading into the new version waits for a send in flight to finish (issue 4): cutting it would
// only make it go again, but a file half-uploaded on a slow line is minutes lost.
export function PwaPrompts() {
  const { updateReady, canInstall } = useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
  const sending = useOutbox().entries.some((entry) => entry.state === 'sending');
  const [updating, setUpdating] = useState(false);
  const [installDismissed, setInstallDismissed] = useState(() => isDismissed('install'));
  const [showIosHint, setShowIosHint] = useState(false);

  useEffect(() => {
    startPwa();
    setShowIosHint(
      !isStandalone() &&
        !isDismissed('ios-hint') &&
        isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    );
  }, []);

  const showInstall = canInstall && !installDismissed && !isStandalone();
  if (!updateReady && !showInstall && !showIosHint) return null;

  return (
    <div className="toast toast-center toast-bottom z-50 w-full max-w-md pb-[max(1rem,env(safe-area-inset-bottom))]">
      {updateReady && (
        <div role="status" aria-live="polite" className="alert alert-info flex flex-wrap shadow-lg">
          <span className="flex-1">{updating && sending ? m.outbox_update_finishing() : m.pwa_update_available()}</span>
          <div className="flex gap-2">
            <button type="button" className="btn btn-sm btn-ghost" onClick={dismissUpdate} disabled={updating}>
              {m.pwa_update_later()}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={updating}
              onClick={() => {
                setUpdating(true);
                void sendsSettled().then(applyUpdate);
              }}
            >
              {updating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {m.pwa_update_reload()}
            </button>
          </div>
        </div>
      )}
      {showInstall && (
        <div role="status" aria-live="polite" className="alert flex flex-wrap shadow-lg">
          <span className="flex-1">{m.pwa_install_text()}</span>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => {
                rememberDismissed('install');
                setInstallDismissed(true);
              }}
            >
              {m.pwa_dismiss()}
            </button>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => void promptInstall()}>
              {m.pwa_install_button()}
            </button>
          </div>
        </div>
      )}
      {showIosHint && (
        <div role="status" aria-live="polite" className="alert flex shadow-lg">
          <span className="flex-1">{m.pwa_ios_hint()}</span>
          <button
            type="button"
            className="btn btn-sm btn-ghost btn-square"
            aria-label={m.pwa_dismiss()}
            onClick={() => {
              rememberDismissed('ios-hint');
              setShowIosHint(false);
            }}
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      )}
    </div>
  );
}

/** Longest wait for a send before updating anyway (a 'sending' left by a closed tab never ends by itself). */
const SEND_WAIT_LIMIT_MS = 2 * 60_000;

// The outbox is idle, or no send can be running (offline), or the wait has been long enough.
function sendsSettled(): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('offline', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, SEND_WAIT_LIMIT_MS);
    window.addEventListener('offline', done);
    void whenOutboxIdle().then(done);
  });
}
