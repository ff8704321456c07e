import { UPDATE_CHECK_INTERVAL_MS } from '#src/shared/constants.ts';
import { afterLoad } from './after-load';

// Service-worker registration, update detection and the install prompt, as a tiny external store that
// <PwaPrompts> reads with useSyncExternalStore. Plain ServiceWorker API (no virtual module), so this
// file imports cleanly under vitest; nothing registers outside a production build.

export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export type PwaState = {
  /** A new build is installed and waiting; reloading onto it needs the user's go. */
  updateReady: boolean;
  /** The browser offered installation (beforeinstallprompt) and the app is not installed yet. */
  canInstall: boolean;
};

const SW_URL = '/sw.js';
// A tab that keeps becoming visible must not hammer the server for sw.js.
const MIN_VISIBLE_CHECK_GAP_MS = 60_000;

let state: PwaState = { updateReady: false, canInstall: false };
const listeners = new Set<() => void>();
let registration: ServiceWorkerRegistration | null = null;
let installEvent: BeforeInstallPromptEvent | null = null;
let started = false;
let reloading = false;
let lastCheck = 0;

function set(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getPwaState = (): PwaState => state;

/** Starts the service worker (production builds only) and the install-prompt capture. Idempotent. */
export function startPwa(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away; our own button offers installation instead.
    event.preventDefault();
    installEvent = event as BeforeInstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    set({ canInstall: false });
  });

  if (!import.meta.env.PROD || import.meta.env.VITEST || !('serviceWorker' in navigator)) return;
  // Registering after `load` keeps sw.js and the precache downloads out of the first paint's way.
  afterLoad(() => void register());
}

async function register() {
  try {
    registration = await navigator.serviceWorker.register(SW_URL, { scope: '/' });
  } catch (error) {
    console.warn('[pwa] service worker registration failed', error);
    return;
  }
  const reg = registration;
  if (reg.waiting && navigator.serviceWorker.controller) set({ updateReady: true });
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      // With a controller this is an update waiting for the user; without one it is the first
      // install, which activates and claims the page by itself.
      if (worker.state === 'installed' && navigator.serviceWorker.controller) set({ updateReady: true });
    });
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!reloading) return;
    reloading = false;
    window.location.reload();
  });

  checkForUpdate();
  window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > MIN_VISIBLE_CHECK_GAP_MS) checkForUpdate();
  });
}

/** Asks the server for sw.js; a changed build (its precache manifest differs) installs and waits. */
export function checkForUpdate(): void {
  if (!registration || !navigator.onLine) return;
  lastCheck = Date.now();
  registration.update().catch(() => {
    // Offline or the server is restarting: the next check will try again.
  });
}

/** Activates the waiting build and reloads once it controls the page. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  reloading = true;
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

export function dismissUpdate(): void {
  set({ updateReady: false });
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = installEvent;
  if (!event) return 'unavailable';
  installEvent = null;
  set({ canInstall: false });
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** iPhone or iPad, whatever the browser (all are WebKit there); iPadOS asks for desktop sites as a Mac with touch. */
export function isIosDevice(userAgent: string, platform = '', maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

/** iPhone/iPad Safari, which has no beforeinstallprompt: installation is by hand from the Share menu. */
export function isIosSafari(userAgent: string, platform = '', maxTouchPoints = 0): boolean {
  const ios = isIosDevice(userAgent, platform, maxTouchPoints);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//i.test(userAgent);
  return ios && !otherBrowser && /Safari/i.test(userAgent);
}

const dismissedKey = (what: 'install' | 'ios-hint') => `recruiter-pwa-${what}-dismissed`;

export function isDismissed(what: 'install' | 'ios-hint'): boolean {
  try {
    return localStorage.getItem(dismissedKey(what)) === '1';
  } catch {
    return false;
  }
}

export function rememberDismissed(what: 'install' | 'ios-hint'): void {
  try {
    localStorage.setItem(dismissedKey(what), '1');
  } catch {
    // Private mode without storage: the hint comes back next visit, which is acceptable.
  }
}
