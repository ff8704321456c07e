// Section 107D of the Income Tax Act 1967 (issue 46): a payer withholds a share of each payment to an agent
// it paid more than RM100,000 in the year before. The amount withheld is worked out here, once, for the
// server that stores it and the admin's new-payment dialog that shows it before the payment exists.

/** Rates are basis points: hundredths of a percent (200 is 2%), so no rate is a floating-point number. */
export const BASIS_POINTS = 10_000;

/**
 * The part of `gross` (integer minor units) withheld at `rate` basis points, rounded to the nearest minor
 * unit (the cent), half a cent up: RM 123.45 at 2% is RM 2.469, withheld RM 2.47; RM 0.25 at 2% is half a
 * cent, withheld RM 0.01. Exact for any amount (BigInt): the product of a large gross and a rate can pass
 * 2^53.
 */
export function withheldOf(gross: number, rate: number): number {
  if (gross <= 0 || rate <= 0) return 0;
  const product = BigInt(gross) * BigInt(rate);
  const divisor = BigInt(BASIS_POINTS);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/** What the recruiter's account receives: the gross less what is withheld. */
export const netOf = (gross: number, rate: number | null): number =>
  gross - (rate === null ? 0 : withheldOf(gross, rate));

/** "2" for 200 basis points, "2.5" for 250: a rate as people write a percentage (without the sign). */
export const ratePercent = (rate: number): string => String(rate / 100);
