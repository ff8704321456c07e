import type { ReactNode } from 'react';
import { FieldError } from '#src/components/form/fields.tsx';
import { currentIntlLocale } from '#src/lib/locale.ts';
import { m } from '#src/paraglide/messages.js';
import { COMMON_COUNTRY_CODES } from '#src/shared/country-codes.ts';

// Country code and number side by side, on the resume drop and the talent's edit form alike. The common
// codes of the region (shared/country-codes.ts) are offered; any other code can be typed. libphonenumber (in the shared schema) decides whether the number is valid for the code.

export const DEFAULT_COUNTRY_CODE = '+60';
const OTHER = 'other';

export const isCommonCountryCode = (code: string) => COMMON_COUNTRY_CODES.some((c) => c.code === code);

function regionName(region: string): string {
  try {
    return new Intl.DisplayNames([currentIntlLocale()], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

export type CountryCodeChoice = { choice: string; typed: string };

/** The code the choice stands for: a common one, or the typed one. */
export const countryCodeOf = ({ choice, typed }: CountryCodeChoice) => (choice === OTHER ? typed : choice);

export const countryCodeChoiceOf = (code: string): CountryCodeChoice =>
  isCommonCountryCode(code) ? { choice: code, typed: '' } : { choice: OTHER, typed: code };

export function PhoneField({
  id,
  countryCode,
  onCountryCodeChange,
  phone,
  onPhoneChange,
  countryCodeError,
  phoneError,
  disabled,
  note,
}: {
  id: string;
  countryCode: CountryCodeChoice;
  onCountryCodeChange: (next: CountryCodeChoice) => void;
  phone: string;
  onPhoneChange: (next: string) => void;
  countryCodeError?: string;
  phoneError?: string;
  disabled?: boolean;
  /** Under both inputs, announced with the number (e.g. "Read from the CV"). */
  note?: ReactNode;
}) {
  const codeId = `${id}-country-code`;
  const noteId = `${id}-note`;
  const typedId = `${id}-country-code-typed`;
  return (
    <fieldset className="fieldset">
      {/* The code's column never narrower than "+60 Malaysia" and its arrow (Edit profile's form, narrower
          than Drop resume's, ran the name under the arrow on a 390 px phone). */}
      <div className="grid grid-cols-[minmax(9rem,2fr)_minmax(0,3fr)] gap-2">
        <div className="flex flex-col gap-1">
          <label className="fieldset-legend" htmlFor={codeId}>
            {m.add_talent_country_code()}
          </label>
          <select
            id={codeId}
            className={`select w-full ${countryCodeError ? 'select-error' : ''}`}
            value={countryCode.choice}
            disabled={disabled}
            aria-invalid={countryCodeError ? true : undefined}
            aria-describedby={countryCodeError ? `${codeId}-error` : undefined}
            onChange={(event) => onCountryCodeChange({ ...countryCode, choice: event.currentTarget.value })}
          >
            {COMMON_COUNTRY_CODES.map(({ code, region }) => (
              <option key={code} value={code}>
                {code} {regionName(region)}
              </option>
            ))}
            <option value={OTHER}>{m.add_talent_country_code_other()}</option>
          </select>
          {countryCode.choice === OTHER && (
            <>
              <label className="sr-only" htmlFor={typedId}>
                {m.add_talent_country_code_typed()}
              </label>
              <input
                id={typedId}
                className={`input w-full ${countryCodeError ? 'input-error' : ''}`}
                inputMode="tel"
                placeholder="+"
                value={countryCode.typed}
                disabled={disabled}
                aria-invalid={countryCodeError ? true : undefined}
                aria-describedby={countryCodeError ? `${codeId}-error` : undefined}
                onChange={(event) => onCountryCodeChange({ ...countryCode, typed: event.currentTarget.value })}
              />
            </>
          )}
          <FieldError id={codeId} error={countryCodeError} />
        </div>
        <div className="flex flex-col gap-1">
          <label className="fieldset-legend" htmlFor={id}>
            {m.add_talent_phone()}
          </label>
          <input
            id={id}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            className={`input w-full ${phoneError ? 'input-error' : ''}`}
            value={phone}
            disabled={disabled}
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={
              [note ? noteId : null, phoneError ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
            }
            onChange={(event) => onPhoneChange(event.currentTarget.value)}
          />
          <FieldError id={id} error={phoneError} />
        </div>
      </div>
      {note && (
        <div id={noteId} className="mt-1 text-xs">
          {note}
        </div>
      )}
    </fieldset>
  );
}
