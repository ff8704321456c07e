import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushDeviceSwitch } from '#src/components/pwa/push-device-switch.tsx';
import { PushInvitation } from '#src/components/pwa/push-invitation.tsx';
import { clearAuthTokens, setAuthTokens } from '#src/lib/auth-session.ts';
import { pushSupport, renewThisDevice, subscribeThisDevice, thisDeviceSubscribed } from '#src/lib/push.ts';
import { m } from '#src/paraglide/messages.js';

// Whether this device can have push, as the account switch tells it: iOS gives push only to the app
// opened from the Home Screen, a blocked permission is said with how to allow it, and an old browser
// without the Push API is told so. The browser's parts are stubbed per device; our code runs as it is.

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
// iPadOS asks for desktop sites: it says Macintosh, and only its touch points tell it from a Mac.
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

type Device = {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
  /** Opened from the Home Screen (iOS's navigator.standalone, and display-mode: standalone). */
  standalone?: boolean;
  /** The Push API is there (absent in an iOS Safari tab and in old browsers). */
  push?: boolean;
  permission?: NotificationPermission;
};

function onDevice({
  userAgent,
  platform = '',
  maxTouchPoints = 0,
  standalone = false,
  push = true,
  permission = 'default',
}: Device) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(navigator, 'platform', 'get').mockReturnValue(platform);
  vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(maxTouchPoints);
  Object.defineProperty(navigator, 'standalone', { value: standalone, configurable: true });
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({ matches: standalone && query.includes('standalone'), media: query }) as unknown as MediaQueryList,
  );
  if (push) {
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: () => Promise.resolve(undefined) },
      configurable: true,
    });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission, requestPermission: () => Promise.resolve(permission) });
  }
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'standalone');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('pushSupport', () => {
  it('on an iPhone in a Safari tab, push needs the Home Screen app first', () => {
    onDevice({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, push: false });
    expect(pushSupport()).toBe('ios-needs-home-screen');
  });

  it('on an iPad that presents itself as a Mac, in a tab, push needs the Home Screen app first', () => {
    onDevice({ userAgent: IPAD_AS_MAC, platform: 'MacIntel', maxTouchPoints: 5, push: false });
    expect(pushSupport()).toBe('ios-needs-home-screen');
  });

  it('on an iPhone opened from the Home Screen (iOS 16.4+), push is supported', () => {
    onDevice({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true });
    expect(pushSupport()).toBe('supported');
  });

  it('on an iPhone from the Home Screen but older than 16.4 (no Push API), push is unsupported', () => {
    onDevice({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true, push: false });
    expect(pushSupport()).toBe('unsupported');
  });

  it('on Android Chrome in a tab, push is supported', () => {
    onDevice({ userAgent: ANDROID_CHROME, platform: 'Linux armv8l', maxTouchPoints: 5 });
    expect(pushSupport()).toBe('supported');
  });

  it('a Mac without touch is not taken for an iPad', () => {
    onDevice({ userAgent: IPAD_AS_MAC, platform: 'MacIntel' });
    expect(pushSupport()).toBe('supported');
  });

  it('when notifications were blocked for the site, it says denied', () => {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5, permission: 'denied' });
    expect(pushSupport()).toBe('denied');
  });

  it('on an installed iPhone app whose notifications were blocked, it says denied', () => {
    onDevice({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true, permission: 'denied' });
    expect(pushSupport()).toBe('denied');
  });
});

describe('the "push on this device" switch', () => {
  const theSwitch = () => screen.getByRole('switch', { name: m.push_device_label() });

  it('on an iPhone in Safari, is off and says to add the app to the Home Screen first', async () => {
    onDevice({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5, push: false });
    render(<PushDeviceSwitch />);
    expect(await screen.findByText(m.push_device_ios_home_screen())).toBeTruthy();
    expect((theSwitch() as HTMLInputElement).checked).toBe(false);
    expect((theSwitch() as HTMLInputElement).disabled).toBe(true);
  });

  it('with notifications blocked, is off and says how to allow them', async () => {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5, permission: 'denied' });
    render(<PushDeviceSwitch />);
    expect(await screen.findByText(m.push_device_denied())).toBeTruthy();
    expect((theSwitch() as HTMLInputElement).disabled).toBe(true);
  });

  it('without the Push API, says this browser cannot receive push', async () => {
    onDevice({ userAgent: ANDROID_CHROME, push: false });
    render(<PushDeviceSwitch />);
    expect(await screen.findByText(m.push_device_unsupported())).toBeTruthy();
  });

  // Issue 42.21: a browser with PushManager but no push service of its own said "Check your connection".
  it('when the browser itself will not subscribe, says so, not that the connection failed', async () => {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5, permission: 'granted' });
    const refusal = new DOMException('Registration failed - push service not available', 'AbortError');
    const pushManager = { getSubscription: () => Promise.resolve(null), subscribe: () => Promise.reject(refusal) };
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: () => Promise.resolve({ pushManager }) },
      configurable: true,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, data: { publicKey: 'BAAAAAAAAAAAAAAAAAAAAA' } })),
    );
    render(<PushDeviceSwitch />);
    await vi.waitFor(() => expect((theSwitch() as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(theSwitch());
    expect(await screen.findByText(m.push_device_browser_refused())).toBeTruthy();
    expect(screen.queryByText(m.push_device_failed())).toBeNull();
    expect((theSwitch() as HTMLInputElement).checked).toBe(false);
  });

  it('where push works and this device has no subscription, is off, can be switched on, and asked nothing yet', async () => {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 });
    const ask = vi.spyOn(Notification, 'requestPermission');
    render(<PushDeviceSwitch />);
    expect(await screen.findByText(m.push_device_off())).toBeTruthy();
    await vi.waitFor(() => expect((theSwitch() as HTMLInputElement).disabled).toBe(false));
    expect((theSwitch() as HTMLInputElement).checked).toBe(false);
    expect(ask).not.toHaveBeenCalled();
  });
});

describe('the invitation to turn push on (recruiter dashboard)', () => {
  const FIRST_ELIGIBLE_KEY = 'recruiter-push-invite-first-eligible';
  const invitation = () => screen.queryByRole('heading', { name: m.push_invite_title() });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('is not shown on the first load where it could be, only noted', async () => {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 });
    render(<PushInvitation eligible />);
    await vi.waitFor(() => expect(localStorage.getItem(FIRST_ELIGIBLE_KEY)).not.toBeNull());
    await settle();
    expect(invitation()).toBeNull();
  });

  it('shows on a later load, and "Not now" puts it away for good', async () => {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 });
    localStorage.setItem(FIRST_ELIGIBLE_KEY, String(performance.timeOrigin - 60_000));
    const { unmount } = render(<PushInvitation eligible />);
    expect(await screen.findByRole('heading', { name: m.push_invite_title() })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.push_invite_dismiss() }));
    expect(invitation()).toBeNull();
    unmount();
    render(<PushInvitation eligible />);
    await settle();
    expect(invitation()).toBeNull();
  });

  it('is never shown before the recruiter has referred anyone', async () => {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 });
    localStorage.setItem(FIRST_ELIGIBLE_KEY, String(performance.timeOrigin - 60_000));
    render(<PushInvitation eligible={false} />);
    await settle();
    expect(invitation()).toBeNull();
  });

  it('is not shown once the browser was asked (notifications allowed or blocked), nor on an iPhone in Safari', async () => {
    localStorage.setItem(FIRST_ELIGIBLE_KEY, String(performance.timeOrigin - 60_000));
    for (const device of [
      { userAgent: ANDROID_CHROME, permission: 'granted' as const },
      { userAgent: ANDROID_CHROME, permission: 'denied' as const },
      { userAgent: IPHONE_SAFARI, maxTouchPoints: 5, push: false },
    ]) {
      onDevice(device);
      const { unmount } = render(<PushInvitation eligible />);
      await settle();
      expect(invitation()).toBeNull();
      unmount();
    }
  });

  it('its button asks the browser; notifications not allowed, it goes and does not ask again', async () => {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 });
    localStorage.setItem(FIRST_ELIGIBLE_KEY, String(performance.timeOrigin - 60_000));
    const ask = vi.spyOn(Notification, 'requestPermission').mockResolvedValue('denied');
    const { unmount } = render(<PushInvitation eligible />);
    fireEvent.click(await screen.findByRole('button', { name: m.push_invite_button() }));
    await vi.waitFor(() => expect(invitation()).toBeNull());
    expect(ask).toHaveBeenCalledTimes(1);
    unmount();
    render(<PushInvitation eligible />);
    await settle();
    expect(invitation()).toBeNull();
  });
});

describe("the device's subscription follows the session", () => {
  const OWNER_KEY = 'recruiter-push-owner';
  const token = (userId: number) => `e30.${btoa(JSON.stringify({ sub: String(userId) }))}.sig`;
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      expirationTime: null,
      keys: { p256dh: 'BPublicKey', auth: 'secret' },
    }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };

  function withSubscription() {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5, permission: 'granted' });
    Object.defineProperty(navigator, 'serviceWorker', {
      value: {
        getRegistration: () =>
          Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscription) } }),
      },
      configurable: true,
    });
    const sent: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      sent.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
      return Response.json({ success: true, data: { subscribed: true } });
    });
    return sent;
  }

  afterEach(() => {
    clearAuthTokens();
    subscription.unsubscribe.mockClear();
  });

  it('the one who turned push on, signing in again, has the subscription sent to the server again', async () => {
    const sent = withSubscription();
    localStorage.setItem(OWNER_KEY, '7');
    setAuthTokens({ accessToken: token(7), rememberMe: false });
    await renewThisDevice();
    expect(sent).toEqual([
      { method: 'PUT', path: '/api/notifications/push/subscription', body: subscription.toJSON() },
    ]);
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
    expect(await thisDeviceSubscribed()).toBe(true);
  });

  it('turning push on where the browser kept another account’s subscription (409) makes a new one and sends that', async () => {
    onDevice({ userAgent: ANDROID_CHROME, maxTouchPoints: 5, permission: 'granted' });
    const publicKey = btoa(String.fromCharCode(4, 1, 2, 3)).replace(/=+$/, '');
    const keyBytes = Uint8Array.from([4, 1, 2, 3]);
    const left = { ...subscription, options: { applicationServerKey: keyBytes.buffer } };
    const fresh = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-2',
      options: { applicationServerKey: keyBytes.buffer },
      toJSON: () => ({ ...subscription.toJSON(), endpoint: 'https://fcm.googleapis.com/fcm/send/device-2' }),
      unsubscribe: vi.fn(() => Promise.resolve(true)),
    };
    const subscribe = vi.fn(() => Promise.resolve(fresh));
    const registration = { pushManager: { getSubscription: () => Promise.resolve(left), subscribe } };
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: () => Promise.resolve(registration) },
      configurable: true,
    });
    const put: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      if (request.method === 'GET') return Response.json({ success: true, data: { publicKey } });
      const { endpoint } = (await request.json()) as { endpoint: string };
      put.push(endpoint);
      if (endpoint === left.endpoint)
        return Response.json(
          { success: false, error: { code: 'CONFLICT', message: 'Another account’s device.', requestId: 'r' } },
          { status: 409 },
        );
      return Response.json({ success: true, data: { subscribed: true } });
    });
    setAuthTokens({ accessToken: token(8), rememberMe: false });
    expect(await subscribeThisDevice()).toBe('subscribed');
    expect(put).toEqual([left.endpoint, fresh.endpoint]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(fresh.unsubscribe).not.toHaveBeenCalled();
    expect(localStorage.getItem(OWNER_KEY)).toBe('8');
  });

  it('someone else signing in on the device finds push off: the subscription left behind is dropped, not sent', async () => {
    const sent = withSubscription();
    localStorage.setItem(OWNER_KEY, '7');
    setAuthTokens({ accessToken: token(8), rememberMe: false });
    expect(await thisDeviceSubscribed()).toBe(false);
    await renewThisDevice();
    expect(sent).toEqual([]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
  });
});
