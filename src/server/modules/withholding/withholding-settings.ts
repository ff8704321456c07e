import type { Env } from '#src/server/env.ts';

// Section 107D's two numbers, from the settings (docs/configuration.md): the rate in basis points and the
// threshold in sen. Read from their decimal text digit by digit, so "2.3" is 230 and never 229.99….

export type WithholdingSettings = {
  /** Basis points: 200 is 2%. */
  rate: number;
  /** MYR minor units (sen): 10,000,000 is RM100,000.00. */
  threshold: number;
};

/** "2.5" → 250, "100000.00" → 10000000: a decimal with at most two places, in hundredths. */
const hundredths = (text: string): number => {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

export const withholdingSettings = (
  env: Pick<Env, 'WITHHOLDING_RATE_PERCENT' | 'WITHHOLDING_THRESHOLD_MYR'>,
): WithholdingSettings => ({
  rate: hundredths(env.WITHHOLDING_RATE_PERCENT),
  threshold: hundredths(env.WITHHOLDING_THRESHOLD_MYR),
});
