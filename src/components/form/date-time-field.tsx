import type { ComponentProps, ReactNode } from 'react';
import { displayTimeZone } from '#src/lib/format.ts';
import { fromWallTime, zoneLabel } from '#src/lib/wall-time.ts';
import { m } from '#src/paraglide/messages.js';
import { TextField } from './text-field';

type DateTimeFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'value' | 'hint'> & {
  /** The wall time typed, "2026-12-01T18:00", in `timeZone` (see lib/wall-time.ts). */
  value: string;
  /** Help under the zone line, e.g. "Leave it empty for no deadline." */
  hint?: ReactNode;
  /** The zone the value is read in: the signed-in user's, unless a test or caller says otherwise. */
  timeZone?: string;
};

// A date-time input that says which clock it reads: a `datetime-local` holds no zone, and a device set
// to another zone than the account's would otherwise make the form and the saved record disagree.
// The value is a wall time in the user's zone; convert with lib/wall-time.ts (toWallTime/fromWallTime).
export function DateTimeField({ value, hint, timeZone = displayTimeZone(), ...field }: DateTimeFieldProps) {
  // The offset at the typed moment, so a zone with summer time names the one that applies then.
  const typed = new Date(fromWallTime(value, timeZone));
  const at = Number.isNaN(typed.getTime()) ? new Date() : typed;
  return (
    <TextField
      type="datetime-local"
      value={value}
      hint={
        <>
          <span className="block text-base-content/70">
            {m.common_time_zone_hint({ zone: zoneLabel(timeZone, at) })}
          </span>
          {hint && <span className="block text-base-content/70">{hint}</span>}
        </>
      }
      {...field}
    />
  );
}
