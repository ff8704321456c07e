import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import type { AccountSession } from '#src/shared/account-types.ts';

type Device = Pick<AccountSession, 'browser' | 'os' | 'deviceType'>;

const DEVICE_TYPES = new Set(['mobile', 'tablet', 'desktop']);

/** What a person recognises of a user agent: the browser, the system, the kind of device (bowser). */
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent?.trim()) return { browser: null, os: null, deviceType: null };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type ?? '';
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    deviceType: DEVICE_TYPES.has(type) ? (type as Device['deviceType']) : null,
  };
}

/**
 * The network a session signed in from, never the address itself (PDPA: the least that helps a person
 * spot a sign-in that is not theirs): an IPv4 address keeps its first two parts ("60.54.*.*"), an IPv6
 * address its first two groups ("2001:db8:*"). Anything else shows nothing.
 */
export function maskedNetwork(ip: string | null): string | null {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 2).join('.')}.*.*`;
  if (isIPv6(address)) {
    const groups = address.split(':');
    // A short form ("::1", "fe80::1") whose first groups are empty says nothing worth showing.
    if (!groups[0] || !groups[1]) return null;
    return `${groups.slice(0, 2).join(':')}:*`;
  }
  return null;
}
