import { useSuspenseQuery } from '@tanstack/react-query';
import { accountQueryOptions } from '#src/features/account/api.ts';
import { m } from '#src/paraglide/messages.js';
import { AccountCard } from './account-card';
import { NotificationSection } from './notification-section';
import { PasswordSection } from './password-section';
import { PayeeSection } from './payee-section';
import { PayoutSection } from './payout-section';
import { PreferencesSection } from './preferences-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';

// `/account`, for recruiters and admins alike: one column of sections, phone first.
export function AccountPage() {
  const { data: account } = useSuspenseQuery(accountQueryOptions());
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.title_account()}</h1>
        <p className="text-sm text-base-content/70">{m.account_intro()}</p>
      </div>
      <ProfileSection account={account} />
      <AccountCard id="account-ai" title={m.account_ai_heading()}>
        <p className="text-base font-medium" data-testid="account-ai-remaining">
          {m.account_ai_remaining({ count: account.remainingAiNoteImprovement })}
        </p>
        <p className="text-sm text-base-content/70">{m.account_ai_hint()}</p>
      </AccountCard>
      <PayoutSection account={account} />
      {account.roles.includes('ROLE_RECRUITER') && <PayeeSection />}
      <PasswordSection />
      <SessionsSection />
      <PreferencesSection account={account} />
      <NotificationSection />
    </div>
  );
}
