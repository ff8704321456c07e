import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MonthField } from '#src/components/form/month-field.tsx';
import { getLocale, overwriteGetLocale } from '#src/paraglide/runtime.js';

const english = getLocale;
afterEach(() => {
  cleanup();
  overwriteGetLocale(english);
});

const selects = (legend: string) => {
  const field = within(screen.getByRole('group', { name: legend }));
  return {
    month: field.getByRole('combobox', { name: /Month|Bulan|月份/ }) as HTMLSelectElement,
    year: field.getByRole('combobox', { name: /Year|Tahun|年份/ }) as HTMLSelectElement,
  };
};

describe('MonthField', () => {
  it('shows the month in the app’s language, not the browser’s, and answers YYYY-MM', () => {
    overwriteGetLocale(() => 'ms');
    const onChange = vi.fn();
    render(<MonthField id="from" label="Dari" value="2025-12" years={[2024, 2025, 2026]} onChange={onChange} />);
    const { month, year } = selects('Dari');
    expect(month.selectedOptions[0]?.textContent).toBe('Disember');
    expect([...month.options].map((option) => option.textContent).slice(0, 3)).toEqual(['Januari', 'Februari', 'Mac']);
    expect(year.value).toBe('2025');
    fireEvent.change(month, { target: { value: '03' } });
    expect(onChange).toHaveBeenLastCalledWith('2025-03');
    fireEvent.change(year, { target: { value: '2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12');
  });

  it('names years as the language writes them, and offers the value’s own year when it is not in the list', () => {
    overwriteGetLocale(() => 'zh');
    render(<MonthField id="to" label="至" value="2019-07" years={[2025, 2026]} onChange={() => {}} />);
    const { month, year } = selects('至');
    expect(month.selectedOptions[0]?.textContent).toBe('七月');
    expect([...year.options].map((option) => [option.value, option.textContent])).toEqual([
      ['2019', '2019年'],
      ['2025', '2025年'],
      ['2026', '2026年'],
    ]);
    expect(year.value).toBe('2019');
  });
});
