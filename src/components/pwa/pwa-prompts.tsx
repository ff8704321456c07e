import { useEffect, useState, useSyncExternalStore } from 'react';
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
} from '../../lib/pwa';
import { m } from '../../paraglide/messages';

// The app-wide PWA banners, rendered once by the root route: "new version" (update waiting), "install
// app" (browser offered installation) and, on iOS Safari, how to add the app to the home screen.
export function PwaPrompts() {
  const { updateReady, canInstall } = useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
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
          <span className="flex-1">{m.pwa_update_available()}</span>
          <div className="flex gap-2">
            <button type="button" className="btn btn-sm btn-ghost" onClick={dismissUpdate}>
              {m.pwa_update_later()}
            </button>
            <button type="button" className="btn btn-sm btn-primary" onClick={applyUpdate}>
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
