import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { m } from '#src/paraglide/messages.js';
import { readEnv } from '#src/server/env.ts';
import type { PersonView } from '#src/shared/data-protection-types.ts';
import { insertCallProof } from '#tests/server/helpers/money-rows.ts';
import { createReferral, lastEmail } from '#tests/server/helpers/referral-fixtures.ts';
import { insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 42.2: everything Admin › Data Protection shows about a talent, the talent's page shows too. The
// admin's person view is read for a talent with a record of each kind, then the talent's page is opened,
// and each kind's section must hold as many records as Data Protection lists.
const server = inProcessApiForFile();
const env = readEnv({ APP_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/recruiter-test' });

beforeEach(() => {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => cleanup());

/** The page's section for `id` (talent-data-<id>), by its heading. */
function section(id: string): HTMLElement {
  const heading = document.getElementById(`talent-data-${id}`);
  expect(heading, id).toBeTruthy();
  return heading?.closest('section') as HTMLElement;
}
const itemsIn = (id: string) => section(id).querySelectorAll('h3').length;
const linesIn = (id: string) => section(id).querySelectorAll(':scope > dl dt').length;

describe("the talent's data page against Data Protection's person view", () => {
  it('shows each kind of record the admin sees about the talent, as many of each', async () => {
    const recruiterEmail = await server.createUser({ fullName: 'Siti Rahman' });
    const adminEmail = await server.createUser({ fullName: 'Ada Admin', roles: ['ROLE_ADMIN'] });
    const recruiter = await server.db
      .selectFrom('users')
      .select(['id', 'created_at'])
      .where('email', '=', recruiterEmail)
      .executeTakeFirstOrThrow();
    const now = new Date(recruiter.created_at);
    const rows = { db: server.db, clock: { now: () => now }, deps: { env } };
    const taskId = await insertTask(rows, { title: 'Backend Engineer', company: 'Kopi Digital Sdn Bhd' });
    // A referral with its consent e-mail (a consent link and a data link), a call proof and a request.
    const made = await createReferral(rows, recruiter.id, { taskId, talent: { full_name: 'Nur Aisyah' } });
    const dataToken = new URL((await lastEmail(server, 'consent_request')).payload.dataLink as string).searchParams.get(
      'token',
    ) as string;
    await insertCallProof(rows, made.id);
    await server.db
      .insertInto('data_requests')
      .values({
        talent_id: made.talentId,
        referral_id: null,
        kind: 'CORRECTION',
        message: 'My surname is Hashim.',
        status: 'OPEN',
        due_at: new Date(now.getTime() + 21 * 86_400_000).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();

    // The admin opens the person: a line in the record of access, which the talent's page then lists too.
    const { accessToken } = await server.sessionOf(adminEmail);
    const res = await server.app.request(`/api/admin/data-protection/people/${made.talentId}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const person = ((await res.json()) as { data: PersonView }).data;
    clearAuthTokens();

    renderAppAt(`/talent/data?token=${dataToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: m.talent_data_heading() })).toBeTruthy();
    for (const kind of ['referrals', 'files', 'links', 'emails', 'requests', 'access'] as const)
      expect(person[kind].length, `${kind}: the talent needs one of each`).toBeGreaterThan(0);
    expect(itemsIn('referrals')).toBe(person.referrals.length);
    // The CV is a line of its section (none here), each call proof an item of its own.
    expect(itemsIn('proofs')).toBe(person.files.filter((f) => f.purpose === 'CALL_PROOF').length);
    expect(itemsIn('links')).toBe(person.links.length);
    expect(itemsIn('emails')).toBe(person.emails.length);
    expect(itemsIn('requests')).toBe(person.requests.length);
    // The admin's look, and the talent's own opening of this page.
    expect(linesIn('access')).toBe(person.access.length + 1);
    expect(section('access').textContent).toContain(
      m.talent_data_access_line({ what: m.talent_data_access_person_view(), who: m.talent_data_access_by_staff() }),
    );
    expect(section('access').textContent).not.toContain('Ada Admin');
    expect(section('links').textContent).toContain(m.talent_data_link_consent());
    expect(section('emails').textContent).toContain(m.talent_data_email_consent_request());
    // Where the recruiter's reward stands, as the admin's view has it (not its amount: the recruiter's).
    expect(section('referrals').textContent).toContain(m.talent_data_referral_reward());
    expect(section('shares').textContent).toContain(m.talent_data_shares_none());
  });
});
