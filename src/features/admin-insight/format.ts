import { currentIntlLocale } from '#src/lib/locale.ts';
import { m } from '#src/paraglide/messages.js';
import type { FunnelStepFigures } from '#src/shared/insight.ts';

// How the insight figures read: shares as percentages in the interface's language, medians with their unit
// in words ("3 days", "3 hari", "3 天"), and a dash where there is nothing to divide or measure.

export const NONE = '—';

export function formatRate(rate: number | null): string {
  if (rate === null) return NONE;
  return new Intl.NumberFormat(currentIntlLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

export function formatDuration(value: number | null, unit: FunnelStepFigures['unit']): string {
  if (value === null || unit === null) return NONE;
  const count = String(value);
  return unit === 'hours' ? m.admin_insight_hours({ count }) : m.admin_insight_days({ count });
}

export const formatCount = (value: number) => new Intl.NumberFormat(currentIntlLocale()).format(value);
