import { zoneOffsetName } from '#src/lib/wall-time.ts';
import { isTimeZone } from '#src/shared/account-schemas.ts';
import { DEFAULT_TIMEZONE } from '#src/shared/constants.ts';

// The time zone select: the zones our recruiters and admins are in first (Asia/Kuala_Lumpur at the
// top), then every zone this browser knows.
const COMMON_ZONES = [
  DEFAULT_TIMEZONE,
  'Asia/Singapore',
  'Asia/Jakarta',
  'Asia/Bangkok',
  'Asia/Manila',
  'Asia/Ho_Chi_Minh',
  'Asia/Hong_Kong',
  'Asia/Shanghai',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Australia/Sydney',
  'Europe/London',
  'UTC',
];

export type ZoneOption = { value: string; label: string };

const option = (zone: string, at: Date): ZoneOption => {
  const offset = zoneOffsetName(zone, at);
  const name = zone.replaceAll('_', ' ');
  return { value: zone, label: offset && offset !== zone ? `${name} (${offset})` : name };
};

/** The common zones and all the others; `current` is kept even when this browser does not list it. */
export function timeZoneOptions(current: string, at = new Date()): { common: ZoneOption[]; all: ZoneOption[] } {
  const common = COMMON_ZONES.filter(isTimeZone);
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const others = listed.filter((zone) => !common.includes(zone));
  if (current && !common.includes(current) && !others.includes(current)) others.unshift(current);
  return { common: common.map((zone) => option(zone, at)), all: others.map((zone) => option(zone, at)) };
}
