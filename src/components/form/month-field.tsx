import { currentIntlLocale } from '#src/lib/locale.ts';
import { m } from '#src/paraglide/messages.js';

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

/**
 * A calendar month ('YYYY-MM') as two selects, month and year, named in the app's language. The
 * browser's month input showed the browser's language (an English calendar on a Malay screen), and
 * Firefox and Safari on a desktop show it as a plain text box, where an admin had to type "2026-11".
 * `years`: the years offered, oldest first; the value's own year is always among them.
 */
export function MonthField({
  id,
  label,
  value,
  years,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  years: readonly number[];
  onChange: (value: string) => void;
}) {
  const year = Number(value.slice(0, 4));
  const month = value.slice(5, 7);
  const locale = currentIntlLocale();
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const yearName = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' });
  const shownYears = years.includes(year) ? years : [...years, year].sort((a, b) => a - b);
  return (
    <fieldset className="text-sm" data-testid={id} data-value={value}>
      <legend className="mb-1">{label}</legend>
      <div className="join">
        <select
          id={`${id}-month`}
          className="select select-sm join-item w-32"
          aria-label={m.common_month()}
          value={month}
          onChange={(event) => onChange(`${year}-${event.target.value}`)}
        >
          {MONTHS.map((option) => (
            <option key={option} value={option}>
              {monthName.format(Date.UTC(2000, Number(option) - 1, 1))}
            </option>
          ))}
        </select>
        <select
          id={`${id}-year`}
          className="select select-sm join-item w-28"
          aria-label={m.common_year()}
          value={String(year)}
          onChange={(event) => onChange(`${event.target.value}-${month}`)}
        >
          {shownYears.map((option) => (
            <option key={option} value={String(option)}>
              {yearName.format(Date.UTC(option, 0, 1))}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
