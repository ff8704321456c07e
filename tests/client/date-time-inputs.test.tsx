import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Every date-time input is typed in the signed-in user's zone (their account setting, Kuala Lumpur by
// default) and says which, whatever the device's zone: this whole file runs on a device set to UTC,
// the phone of issue 21 that showed 4:09 PM in the call-proof form and 12:09 AM on the saved proof.
vi.hoisted(() => {
  process.env.TZ = 'UTC';
});

const sent = vi.hoisted(() => ({ callProof: [] as unknown[], payment: [] as unknown[] }));
vi.mock('#src/features/talents/api.ts', async (original) => ({
  ...(await original<typeof import('#src/features/talents/api.ts')>()),
  queueCallProof: async (input: unknown) => {
    sent.callProof.push(input);
    return { id: 'entry-1' };
  },
}));
vi.mock('#src/features/admin-payments/api.ts', async (original) => ({
  ...(await original<typeof import('#src/features/admin-payments/api.ts')>()),
  usePayPaymentMutation: () => ({
    isPending: false,
    mutateAsync: async (input: unknown) => {
      sent.payment.push(input);
    },
  }),
}));

import { DateTimeField } from '#src/components/form/date-time-field.tsx';
import { AccessRecordFilters } from '#src/features/admin-access-record/components/access-record-filters.tsx';
import { ACCESS_RECORD_DEFAULTS } from '#src/features/admin-access-record/search.ts';
import { MarkPaidDialog } from '#src/features/admin-payments/components/mark-paid-dialog.tsx';
import { PromoForm } from '#src/features/admin-promos/components/promo-form.tsx';
import { EMPTY_PROMO } from '#src/features/admin-promos/form-values.ts';
import { TaskForm } from '#src/features/admin-tasks/components/task-form.tsx';
import { EMPTY_TASK, toTaskInput } from '#src/features/admin-tasks/form-values.ts';
import { CallProofForm } from '#src/features/talents/components/call-proof-form.tsx';
import { formatDateTime, setDisplayTimeZone } from '#src/lib/format.ts';
import { fromWallTime, toWallTime } from '#src/lib/wall-time.ts';
import { getLocale, overwriteGetLocale } from '#src/paraglide/runtime.js';
import type { AdminPromoInput } from '#src/shared/admin-promo-schemas.ts';
import type { PaymentRow } from '#src/shared/payment-types.ts';

const KL_LABEL = 'Time zone: Kuala Lumpur (GMT+8)';
const JAKARTA_LABEL = 'Time zone: Jakarta (GMT+7)';

function withQueries(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

/** The zone line that describes the input labelled `label` (its aria-describedby). */
function zoneHintOf(label: string): string {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  sent.callProof.length = 0;
  sent.payment.length = 0;
});
afterEach(() => {
  cleanup();
  setDisplayTimeZone(null);
});

describe('on a device set to UTC', () => {
  it('really is UTC here (otherwise this file would prove nothing)', () => {
    expect(new Date(2026, 10, 26, 16, 9).toISOString()).toBe('2026-11-26T16:09:00.000Z');
  });

  it('reads 16:09 typed by a Kuala Lumpur account as 08:09Z, and shows it back as 4:09 PM', () => {
    setDisplayTimeZone('Asia/Kuala_Lumpur');
    const stored = fromWallTime('2026-11-26T16:09');
    expect(stored).toBe('2026-11-26T08:09:00.000Z');
    expect(toWallTime(stored)).toBe('2026-11-26T16:09');
    expect(formatDateTime(stored, { locale: 'en' })).toMatch(/4:09\sPM/);
  });

  it('reads and shows Jakarta time for a Jakarta account', () => {
    setDisplayTimeZone('Asia/Jakarta');
    const stored = fromWallTime('2026-11-26T16:09');
    expect(stored).toBe('2026-11-26T09:09:00.000Z');
    expect(formatDateTime(stored, { locale: 'en' })).toMatch(/4:09\sPM/);
  });

  it('names the zone with its offset at the typed moment (summer time included)', () => {
    render(
      <DateTimeField id="when" label="When" value="2026-07-01T09:00" timeZone="Europe/London" onChange={() => {}} />,
    );
    expect(zoneHintOf('When')).toContain('Time zone: London (GMT+1)');
    cleanup();
    render(
      <DateTimeField id="when" label="When" value="2026-12-01T09:00" timeZone="Europe/London" onChange={() => {}} />,
    );
    // Browsers write GMT or GMT+0 for no offset.
    expect(zoneHintOf('When')).toMatch(/Time zone: London \(GMT(\+0)?\)$/);
  });
});

// The browser draws a date input in its own language and order, not the page's: Chromium in its interface
// language (`lang` only behind Blink's LangAttributeAwareFormControlUI switch, off in shipped browsers),
// Firefox in its own language or the system's formats, WebKit in the browser's locale. happy-dom draws
// nothing, so what is tested is the app's own reading of the value, which the engines cannot change.
describe("the chosen date in the app's language", () => {
  const english = getLocale;
  afterEach(() => overwriteGetLocale(english));

  it.each([
    ['en', 'Chosen: Tuesday, December 1, 2026 at 6:00 PM'],
    ['ms', 'Dipilih: Selasa, 1 Disember 2026 pada 6:00 PTG'],
    ['zh', '已选：2026年12月1日星期二 18:00'],
  ] as const)('in %s, says the typed moment in full under the field, as its description', (locale, text) => {
    overwriteGetLocale(() => locale);
    render(
      <DateTimeField
        id="deadline"
        label="Deadline"
        value="2026-12-01T18:00"
        timeZone="Asia/Kuala_Lumpur"
        onChange={() => {}}
      />,
    );
    expect(screen.getByTestId('deadline-chosen').textContent?.replace(/\s/g, ' ')).toBe(text);
    expect(zoneHintOf('Deadline')).toContain(screen.getByTestId('deadline-chosen').textContent);
  });

  it('follows the value as it changes, and says nothing while the field is empty', () => {
    overwriteGetLocale(() => 'ms');
    const { rerender } = render(
      <DateTimeField id="starts" label="Mula" value="" timeZone="Asia/Kuala_Lumpur" onChange={() => {}} />,
    );
    expect(screen.queryByTestId('starts-chosen')).toBeNull();
    rerender(
      <DateTimeField
        id="starts"
        label="Mula"
        value="2027-01-15T09:30"
        timeZone="Asia/Kuala_Lumpur"
        onChange={() => {}}
      />,
    );
    expect(screen.getByTestId('starts-chosen').textContent?.replace(/\s/g, ' ')).toBe(
      'Dipilih: Jumaat, 15 Januari 2027 pada 9:30 PG',
    );
  });

  it("reads the access record's days in the app's language beside the browser's control", () => {
    overwriteGetLocale(() => 'zh');
    render(
      <AccessRecordFilters
        search={{ ...ACCESS_RECORD_DEFAULTS, from: '2026-12-01', to: '' }}
        actorLabel={null}
        onChange={() => {}}
      />,
    );
    const from = document.getElementById('access-record-from') as HTMLInputElement;
    expect(document.getElementById(from.getAttribute('aria-describedby') ?? '')?.textContent).toBe('2026年12月1日');
    expect(
      (document.getElementById('access-record-to') as HTMLInputElement).getAttribute('aria-describedby'),
    ).toBeNull();
  });
});

describe('call proof: Call time', () => {
  async function upload(wall: string) {
    withQueries(<CallProofForm referralId={7} talentId={3} />);
    fireEvent.change(screen.getByLabelText('Choose file'), {
      target: { files: [new File(['%PDF-1.4'], 'call-log.pdf', { type: 'application/pdf' })] },
    });
    type('Call time', wall);
    fireEvent.click(screen.getByRole('button', { name: 'Upload call proof' }));
    await waitFor(() => expect(sent.callProof).toHaveLength(1));
    return sent.callProof[0] as { calledAt: string };
  }

  it('starts at now on the account clock, says Kuala Lumpur, and sends 16:09 as 08:09Z', async () => {
    setDisplayTimeZone('Asia/Kuala_Lumpur');
    const before = toWallTime(new Date());
    withQueries(<CallProofForm referralId={7} talentId={3} />);
    const input = screen.getByLabelText('Call time') as HTMLInputElement;
    expect([before, toWallTime(new Date())]).toContain(input.value);
    expect(zoneHintOf('Call time')).toContain(KL_LABEL);
    cleanup();

    const proof = await upload('2026-11-26T16:09');
    expect(proof.calledAt).toBe('2026-11-26T08:09:00.000Z');
    expect(formatDateTime(proof.calledAt, { locale: 'en' })).toMatch(/4:09\sPM/);
  });

  it('is typed in Jakarta time by a Jakarta account, and says so', async () => {
    setDisplayTimeZone('Asia/Jakarta');
    withQueries(<CallProofForm referralId={7} talentId={3} />);
    expect(zoneHintOf('Call time')).toContain(JAKARTA_LABEL);
    cleanup();
    expect((await upload('2026-11-26T16:09')).calledAt).toBe('2026-11-26T09:09:00.000Z');
  });
});

describe('payment: Paid at', () => {
  const payment: PaymentRow = {
    id: 5,
    recruiterId: 2,
    recruiterName: 'Aina Rahman',
    recruiterEmail: 'aina@example.com',
    amount: 15_000,
    currency: 'MYR',
    withholdingRate: null,
    withheld: 0,
    net: 15_000,
    status: 'PENDING',
    reference: null,
    paidAt: null,
    referralCount: 1,
    createdBy: null,
    createdAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
  };

  it.each([
    ['Asia/Kuala_Lumpur', KL_LABEL, '2026-11-21T08:09:00.000Z'],
    ['Asia/Jakarta', JAKARTA_LABEL, '2026-11-21T09:09:00.000Z'],
  ])('in %s: says which zone and sends 16:09 as the instant that zone read 16:09', async (zone, label, iso) => {
    setDisplayTimeZone(zone);
    withQueries(<MarkPaidDialog payment={payment} onClose={() => {}} />);
    expect(zoneHintOf('Paid at')).toContain(label);
    expect((screen.getByLabelText('Paid at') as HTMLInputElement).value).toBe(toWallTime(new Date()));
    type('Transfer reference', 'MBB-1');
    type('Paid at', '2026-11-21T16:09');
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(sent.payment).toEqual([{ reference: 'MBB-1', paidAt: iso }]));
  });
});

describe('promo: Starts and Ends', () => {
  it.each([
    ['Asia/Kuala_Lumpur', KL_LABEL, '2026-12-01T08:09:00.000Z'],
    ['Asia/Jakarta', JAKARTA_LABEL, '2026-12-01T09:09:00.000Z'],
  ])('in %s: both say which zone; 16:09 is saved as that zone read it', async (zone, label, iso) => {
    setDisplayTimeZone(zone);
    const saved: AdminPromoInput[] = [];
    render(
      <PromoForm
        idPrefix="promo"
        initial={EMPTY_PROMO}
        pending={false}
        submitLabel="Create promo"
        onSave={async (input) => {
          saved.push(input);
          return {} as never;
        }}
        onSaved={() => {}}
      />,
    );
    expect(zoneHintOf('Starts')).toContain(label);
    expect(zoneHintOf('Ends')).toContain(label);
    expect(screen.queryByText(/Malaysia time/)).toBeNull();
    type('Name', 'Year-end bonus');
    type('Starts', '2026-12-01T16:09');
    type('Ends', '2026-12-31T16:09');
    type('Bonus per rewarded referral', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Create promo' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.startsAt).toBe(iso);
  });
});

describe('task: Deadline', () => {
  it.each([
    ['Asia/Kuala_Lumpur', KL_LABEL, '2027-01-15T08:09:00.000Z'],
    ['Asia/Jakarta', JAKARTA_LABEL, '2027-01-15T09:09:00.000Z'],
  ])('in %s: says which zone; 16:09 is saved as that zone read it', (zone, label, iso) => {
    setDisplayTimeZone(zone);
    render(
      <TaskForm
        initial={EMPTY_TASK}
        storedExpiresAt={null}
        pending={false}
        submitLabel="Create task"
        onSave={async () => ({}) as never}
        onSaved={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(zoneHintOf('Deadline')).toContain(label);
    expect(zoneHintOf('Deadline')).toContain('Leave it empty for no deadline.');
    expect(screen.queryByText(/Malaysia time/)).toBeNull();
    expect(toTaskInput({ ...EMPTY_TASK, expiresAt: '2027-01-15T16:09' }).expiresAt).toBe(iso);
  });
});
