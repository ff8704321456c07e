import type { Env } from '#src/server/env.ts';
import { monthStartUtc } from '#src/server/modules/insight/period.ts';
import type { Cp58PayerMissing } from '#src/shared/cp58-types.ts';
import type { StatementPayer } from '#src/shared/statement-types.ts';

// What Form CP58 reads from the settings (issue 46): the threshold, and whether the payer's own details are
// complete enough for Part A.

/** CP58_THRESHOLD_MYR ("5000.00", checked by env.ts) in sen, read digit by digit: never a float. */
export function cp58Threshold(env: Pick<Env, 'CP58_THRESHOLD_MYR'>): number {
  const [ringgit = '0', sen = ''] = env.CP58_THRESHOLD_MYR.split('.');
  return Number(ringgit) * 100 + Number(sen.padEnd(2, '0'));
}

/** What Part A needs that the PAYER_* settings leave unset (the phone is optional on the form). */
export function payerMissing(payer: StatementPayer): Cp58PayerMissing[] {
  const missing: Cp58PayerMissing[] = [];
  if (!payer.name) missing.push('NAME');
  if (!payer.registrationNumber) missing.push('REGISTRATION_NUMBER');
  if (!payer.employerNumber) missing.push('EMPLOYER_NUMBER');
  if (payer.addressLines.length === 0) missing.push('ADDRESS');
  return missing;
}

/** A calendar year in Malaysia time as stored times read it: [from, to), ISO UTC. */
export const yearBounds = (year: number) => ({
  from: monthStartUtc(`${String(year).padStart(4, '0')}-01`),
  to: monthStartUtc(`${String(year + 1).padStart(4, '0')}-01`),
});
