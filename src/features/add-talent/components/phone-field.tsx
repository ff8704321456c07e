import { FieldError } from '../../../components/form/fields';
import { currentIntlLocale } from '../../../lib/locale';
import { m } from '../../../paraglide/messages';

// Country code and number side by side. The common codes of the region are offered; any other code can
// be typed. libphonenumber (in the shared schema) decides whether the number is valid for the code.

export const COMMON_COUNTRY_CODES: ReadonlyArray<{ code: string; region: string }> = [
  { code: '+60', region: 'MY' },
  { code: '+65', region: 'SG' },
  { code: '+62', region: 'ID' },
  { code: '+66', region: 'TH' },
  { code: '+63', region: 'PH' },
  { code: '+84', region: 'VN' },
  { code: '+86', region: 'CN' },
  { code: '+852', region: 'HK' },
  { code: '+91', region: 'IN' },
  { code: '+81', region: 'JP' },
  { code: '+82', region: 'KR' },
  { code: '+886', region: 'TW' },
  { code: '+61', region: 'AU' },
  { code: '+44', region: 'GB' },
  { code: '+1', region: 'US' },
];
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
}: {
  id: string;
  countryCode: CountryCodeChoice;
  onCountryCodeChange: (next: CountryCodeChoice) => void;
  phone: string;
  onPhoneChange: (next: string) => void;
  countryCodeError?: string;
  phoneError?: string;
  disabled?: boolean;
}) {
  const codeId = `${id}-country-code`;
  const typedId = `${id}-country-code-typed`;
  return (
    <fieldset className="fieldset">
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-2">
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
            aria-describedby={phoneError ? `${id}-error` : undefined}
            onChange={(event) => onPhoneChange(event.currentTarget.value)}
          />
          <FieldError id={id} error={phoneError} />
        </div>
      </div>
    </fieldset>
  );
}
