import type { Env } from '#src/server/env.ts';
import type { StatementPayer } from '#src/shared/statement-types.ts';

/** The operator's company as the PAYER_* settings give it (docs/configuration.md, "The payer"). */
export function payerOf(env: Env): StatementPayer {
  return {
    name: env.PAYER_NAME || null,
    registrationNumber: env.PAYER_REGISTRATION_NUMBER || null,
    employerNumber: env.PAYER_EMPLOYER_NUMBER || null,
    addressLines: (env.PAYER_ADDRESS ?? '')
      .split('|')
      .map((line) => line.trim())
      .filter(Boolean),
    phone: env.PAYER_PHONE || null,
  };
}
