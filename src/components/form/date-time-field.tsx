import type { ComponentProps, ReactNode } from 'react';
import { displayTimeZone } from '#src/lib/format.ts';
import { currentIntlLocale } from '#src/lib/locale.ts';
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
//
// The browser draws the control itself, in its own language and date order, whatever the page's: Chromium
// in the browser's interface language (Blink reads the element's `lang` only behind the
// LangAttributeAwareFormControlUI switch, off in the browser people run), Firefox in its own interface
// language (or the system's formats, if its user asks for them), WebKit in the browser's locale. None reads
// `lang`, which the app already sets on <html>. So the field says what was chosen in the app's language
// under it: "Chosen: Selasa, 1 Disember 2026 pada 6:00 PTG" settles whether 01/12 was January or December.
export function DateTimeField({ value, hint, timeZone = displayTimeZone(), ...field }: DateTimeFieldProps) {
  // The offset at the typed moment, so a zone with summer time names the one that applies then.
  const typed = new Date(fromWallTime(value, timeZone));
  const chosen = !Number.isNaN(typed.getTime());
  const at = chosen ? typed : new Date();
  return (
    <TextField
      type="datetime-local"
      value={value}
      hint={
        <>
          {chosen && (
            <span className="block text-base-content/70" data-testid={`${field.id}-chosen`}>
              {m.common_date_time_chosen({ when: chosenText(typed, timeZone) })}
            </span>
          )}
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

/** The chosen moment in full in the app's language, the weekday first (a slip of a day shows). */
function chosenText(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(currentIntlLocale(), { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    moment,
  );
}
