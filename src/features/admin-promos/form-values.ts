import { fromWallTime, toWallTime } from '#src/lib/wall-time.ts';
import type { AdminPromoInput } from '#src/shared/admin-promo-schemas.ts';
import type { AdminPromoDetail } from '#src/shared/admin-promo-types.ts';
import { toMajorUnits, toMinorUnits } from '#src/shared/money.ts';

// The promo form holds what the admin typed; the API takes the bonus in minor units and ISO times.
// Bad text becomes a value the shared schema refuses with its field key.

export type PromoFormValues = {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  bonusAmount: string;
  bonusCurrency: string;
};

export const EMPTY_PROMO: PromoFormValues = {
  title: '',
  description: '',
  startsAt: '',
  endsAt: '',
  bonusAmount: '',
  bonusCurrency: 'MYR',
};

function moneyInput(text: string, currency: string): number {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return Number.NaN;
  return toMinorUnits(Number(text), currency);
}

export function toPromoInput(values: PromoFormValues): AdminPromoInput {
  return {
    title: values.title,
    description: values.description,
    startsAt: fromWallTime(values.startsAt),
    endsAt: fromWallTime(values.endsAt),
    bonusAmount: moneyInput(values.bonusAmount, values.bonusCurrency),
    bonusCurrency: values.bonusCurrency as AdminPromoInput['bonusCurrency'],
  };
}

export function toPromoFormValues(promo: AdminPromoDetail): PromoFormValues {
  return {
    title: promo.title,
    description: promo.description,
    startsAt: toWallTime(promo.startsAt),
    endsAt: toWallTime(promo.endsAt),
    bonusAmount: String(toMajorUnits(promo.bonusAmount, promo.bonusCurrency)),
    bonusCurrency: promo.bonusCurrency,
  };
}
